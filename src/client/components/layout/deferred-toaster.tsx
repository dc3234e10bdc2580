/**
 * The toast region (Radix Toast, with its focus and swipe layers) loads after the first paint,
 * when the browser is idle, or at once when a toast is raised before that; the toast store
 * keeps what was raised, so nothing is lost. The first bundle of every page is lighter by it.
 */
import { useEffect } from 'react';
import { useToast } from '@/lib/toast';
import { deferred, useDeferred } from './deferred';

const toaster = deferred(() => import('@/components/ui/toaster'));

export function DeferredToaster() {
  const [module, loadNow] = useDeferred(toaster);
  const { toasts } = useToast();
  const needed = toasts.length > 0;

  useEffect(() => {
    if (needed && !module) loadNow();
  }, [needed, module, loadNow]);

  return module ? <module.Toaster /> : null;
}
