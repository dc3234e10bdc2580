/**
 * The toast region (Radix Toast, with its focus and swipe layers) loads when the first toast is
 * raised; the toast store keeps what was raised meanwhile, so nothing is lost. The first load of
 * every page is lighter by it.
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
