import { useState } from 'react';
import { deferred, useDeferred } from './deferred';
import { ThemeToggleButton } from './theme-toggle-button';

const themeMenu = deferred(() => import('./theme-menu'));

/**
 * The Light / Dark / System choice (docs/product.md §2 header). The menu itself (Radix) loads on first
 * use: a press loads it and opens it.
 */
export function ThemeToggle() {
  const [module, loadNow, prefetch] = useDeferred(themeMenu);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  if (module) return <module.ThemeMenu defaultOpen={openOnLoad} />;
  return (
    <ThemeToggleButton
      aria-haspopup="menu"
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
