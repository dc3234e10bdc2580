import { Menu } from 'lucide-react';
import type { ComponentProps } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { NavLinkItem } from './brand';

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
