import { useState } from 'react';
import { deferred, useDeferred } from './deferred';
import { MobileNavButton, type MobileNavProps } from './mobile-nav-button';

const drawer = deferred(() => import('./mobile-nav-drawer'));

/**
 * The small-screen navigation (docs/product.md §2). The drawer (Radix dialog) loads on first use:
 * a press loads it and opens it.
 */
export function MobileNav(props: MobileNavProps) {
  const [module, loadNow, prefetch] = useDeferred(drawer);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  if (module) return <module.MobileNavDrawer {...props} defaultOpen={openOnLoad} />;
  return (
    <MobileNavButton
      className={props.className}
      aria-haspopup="dialog"
      aria-expanded={false}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => {
        setOpenOnLoad(true);
        loadNow();
      }}
    />
  );
}
