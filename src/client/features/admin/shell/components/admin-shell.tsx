/**
 * The dashboard's frame (docs/product.md §2): 'Welcome back, {name}' (greeting.ts), Logout, the theme choice
 * and the tabs; the selected tab's content below. Her own header, not the public site's.
 */
import { ExternalLink } from 'lucide-react';
import type { ReactNode } from 'react';
import type { SessionUser } from '@shared/schemas/auth';
import { Brand } from '@/components/layout/brand';
import { ThemeToggle } from '@/components/layout/theme-toggle';
import { usePracticeInfo } from '@/lib/queries/get-practice-info';
import type { AdminTabId } from '../admin-tabs';
import { adminGreeting } from '../greeting';
import { AdminTabNav } from './admin-tab-nav';
import { LogoutButton } from './logout-button';

export function AdminShell({
  user,
  active,
  children,
}: {
  user: SessionUser;
  active: AdminTabId | null;
  children: ReactNode;
}) {
  const { data: practice } = usePracticeInfo();
  return (
    <div className="flex min-h-dvh flex-col bg-muted/30">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-6xl items-center gap-2 px-4 sm:h-16 sm:px-6">
          <Brand name={practice?.shortName ?? practice?.name} className="mr-auto" />
          <a
            href="/"
            target="_blank"
            rel="noopener"
            className="hidden items-center gap-1.5 rounded-md px-2 py-1.5 text-sm text-muted-foreground hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:inline-flex"
          >
            View site <ExternalLink className="size-3.5" aria-hidden />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
          <ThemeToggle />
          <LogoutButton />
        </div>
      </header>
      <main className="mx-auto w-full max-w-6xl flex-1 px-4 py-5 sm:px-6 sm:py-8">
        <p className="text-sm font-medium text-muted-foreground">Admin Dashboard</p>
        <h1 className="mt-1 text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
          {adminGreeting(user, practice?.therapistName)}
        </h1>
        <div className="mt-5 sm:mt-6">
          <AdminTabNav active={active} />
        </div>
        <div className="mt-6">{children}</div>
      </main>
    </div>
  );
}
