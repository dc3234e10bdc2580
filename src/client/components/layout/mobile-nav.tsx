import { Menu } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { NavLinkItem } from './brand';
import { deferred, useDeferred } from './deferred';

const drawer = deferred(() => import('./mobile-nav-drawer'));

export interface MobileNavProps {
  links: readonly NavLinkItem[];
  location: string;
  brandName: string | undefined;
  className?: string;
}

/** The button that opens the small-screen drawer. */
export function MobileNavButton({ className, ...props }: ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" size="icon" className={cn('text-muted-foreground hover:text-foreground', className)} {...props}>
      <Menu className="size-5!" aria-hidden />
      <span className="sr-only">Open menu</span>
    </Button>
  );
}

/**
 * The small-screen navigation (SPEC §2). The drawer (Radix dialog) loads after the first paint;
 * a press before then loads it and opens it.
 */
export function MobileNav(props: MobileNavProps) {
  const [module, loadNow] = useDeferred(drawer);
  const [openOnLoad, setOpenOnLoad] = useState(false);
  if (module) return <module.MobileNavDrawer {...props} defaultOpen={openOnLoad} />;
  return (
    <MobileNavButton
      className={props.className}
      aria-haspopup="dialog"
      aria-expanded={false}
      onClick={() => {
        setOpenOnLoad(true);
        loadNow();
      }}
    />
  );
}
