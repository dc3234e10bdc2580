import { Menu } from '@/components/ui/first-load-icon';
import type { ComponentProps } from 'react';
import { PlainButton } from '@/components/ui/plain-button';
import { cx } from '@/lib/class-names';
import type { NavLinkItem } from './brand';

export interface MobileNavProps {
  links: readonly NavLinkItem[];
  location: string;
  brandName: string | undefined;
  className?: string;
}

/** The button that opens the small-screen drawer. */
export function MobileNavButton({ className, ...props }: ComponentProps<typeof PlainButton>) {
  return (
    <PlainButton
      variant={null}
      size="icon"
      className={cx('text-muted-foreground hover:bg-accent hover:text-foreground', className)}
      {...props}
    >
      <Menu className="size-5!" aria-hidden />
      <span className="sr-only">Open menu</span>
    </PlainButton>
  );
}
