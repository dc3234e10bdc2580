import { Link, useLocation } from 'wouter';
import { PlainButton } from '@/components/ui/plain-button';
import { usePracticeInfo } from '@/lib/queries/get-practice-info';
import { Brand, NAV_LINKS, NavLinkList } from './brand';
import { MobileNav } from './mobile-nav';
import { ThemeToggle } from './theme-toggle';

export function SiteHeader() {
  const { data: practice } = usePracticeInfo();
  const [location] = useLocation();

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Brand name={practice?.shortName ?? practice?.name} className="mr-auto md:mr-0" />

        <nav aria-label="Main" className="ml-8 mr-auto hidden items-center gap-1 md:flex">
          <NavLinkList links={NAV_LINKS} location={location} variant="bar" />
        </nav>

        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <PlainButton asChild className="max-sm:hidden">
            <Link href="/booking">Book Session</Link>
          </PlainButton>
          <MobileNav
            links={NAV_LINKS}
            location={location}
            brandName={practice?.shortName ?? practice?.name}
            className="md:hidden"
          />
        </div>
      </div>
    </header>
  );
}
