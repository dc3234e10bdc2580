import { CalendarHeart } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '@/components/ui/sheet';
import { Brand, NavLinkList } from './brand';
import { MobileNavButton, type MobileNavProps } from './mobile-nav-button';

/**
 * The small-screen side drawer (docs/product.md §2): opens from the right, hidden title 'Navigation Menu'
 * and description 'Menu for navigating the website', a Close button (from SheetContent), the
 * links and 'Book Your Relaxation Session'. Pressing a link closes it.
 */
export function MobileNavDrawer({
  links,
  location,
  brandName,
  className,
  defaultOpen = false,
}: MobileNavProps & { defaultOpen?: boolean }) {
  const [open, setOpen] = useState(defaultOpen);
  const close = () => setOpen(false);

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <MobileNavButton className={className} />
      </SheetTrigger>
      <SheetContent className="gap-6 pt-5">
        <SheetTitle className="sr-only">Navigation Menu</SheetTitle>
        <SheetDescription className="sr-only">Menu for navigating the website</SheetDescription>
        <Brand name={brandName} onClick={close} wrap className="pr-8 [&_span]:text-base" />
        <nav aria-label="Main" className="flex flex-col gap-1">
          <NavLinkList links={links} location={location} variant="drawer" onNavigate={close} />
        </nav>
        <Button asChild size="lg" className="h-auto whitespace-normal px-4 py-3 text-center leading-snug">
          <Link href="/booking" onClick={close}>
            <CalendarHeart aria-hidden />
            Book Your Relaxation Session
          </Link>
        </Button>
      </SheetContent>
    </Sheet>
  );
}
