import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import type { PracticeInfo } from '@shared/practice';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { Brand, isActivePath, NAV_LINKS } from './brand';
import { MobileNav } from './mobile-nav';
import { ThemeToggle } from './theme-toggle';

export function SiteHeader() {
  const { data: practice } = useQuery<PracticeInfo>({ queryKey: ['/api/practice'] });
  const [location] = useLocation();

  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4 sm:px-6">
        <Brand name={practice?.shortName ?? practice?.name} className="mr-auto md:mr-0" />

        <nav aria-label="Main" className="ml-8 mr-auto hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((link) => {
            const active = isActivePath(location, link.href);
            return (
              <Link
                key={link.href}
                href={link.href}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  active ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:bg-accent/60 hover:text-foreground',
                )}
              >
                {link.label}
              </Link>
            );
          })}
        </nav>

        <div className="flex shrink-0 items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <Button asChild className="hidden sm:inline-flex">
            <Link href="/booking">Book Session</Link>
          </Button>
          <MobileNav links={NAV_LINKS} location={location} brandName={practice?.shortName ?? practice?.name} className="md:hidden" />
        </div>
      </div>
    </header>
  );
}
