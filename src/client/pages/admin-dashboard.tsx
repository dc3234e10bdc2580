import { useEffect } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { ADMIN_TAB_PAGES } from '@/app/admin-tab-pages';
import { RequireAdmin } from '@/features/admin/auth/components/require-admin';
import { usePressQueue } from '@/features/admin/check-in/use-press-queue';
import { scheduleBackgroundRefresh } from '@/features/admin/shared/offline/background-refresh';
import { tabFromPath, type AdminTabId } from '@/features/admin/shell/admin-tabs';
import { FinishSetupCard } from '@/features/admin/setup/components/finish-setup-card';
import { AdminShell } from '@/features/admin/shell/components/admin-shell';
import { useNoIndex } from '@/features/admin/shell/use-no-index';
import { registerAdminServiceWorker } from '@/features/admin/today/install-app';
import { LazyBoundary } from '@/lib/preloadable-lazy';

/** What shows while a tab's code loads (a moment online; from the worker's cache offline). */
function TabLoading() {
  return (
    <p role="status" className="py-8 text-center text-sm text-muted-foreground">
      Loading…
    </p>
  );
}

/** docs/product.md §2: the dashboard's page title is exactly 'Admin Dashboard'. */
const PAGE_TITLE = 'Admin Dashboard';

function TabContent({ tab }: { tab: AdminTabId | null }) {
  if (tab === null)
    return (
      <div className="rounded-lg border bg-card p-6 text-card-foreground">
        <h2 className="text-lg font-semibold">There is no such admin page</h2>
        <p className="mt-2 text-sm text-muted-foreground">
          Choose a tab above, or go to{' '}
          <Link href="/admin" className="font-medium text-primary underline underline-offset-4">
            the appointments
          </Link>
          .
        </p>
      </div>
    );
  // Each tab is its own chunk (app/admin-tab-pages.ts); a server-rendered tab's is in memory before hydration, and
  // renders without a Suspense boundary (LazyBoundary). Keyed by the tab: each decides at its own mount.
  const Tab = ADMIN_TAB_PAGES[tab];
  return (
    <LazyBoundary key={tab} page={Tab} fallback={<TabLoading />}>
      <Tab />
    </LazyBoundary>
  );
}

/** Sends the check-in presses kept on the phone (at start, on reconnect, before sign-out): signed in only. */
function CheckInQueue() {
  usePressQueue();
  return null;
}

/** docs/product.md §17: her day sheet refreshed in the background where the browser allows (signed in only, after
 * load). */
function BackgroundRefresh() {
  useEffect(() => scheduleBackgroundRefresh(), []);
  return null;
}

/** /admin and /admin/{tab}: the path selects the tab (docs/product.md §2 Admin dashboard). */
export default function AdminDashboardPage() {
  const [location, navigate] = useLocation();
  const tab = tabFromPath(location);
  // Where the first run's guided setup ends (docs/product.md §2 "First run"): what is still missing, until she closes
  // it.
  const fromSetup = new URLSearchParams(useSearch()).get('setup') === 'done';
  useNoIndex();
  useEffect(() => {
    document.title = PAGE_TITLE;
    // docs/product.md §17: the admin area as an app, for her phone (only from the admin pages, after load).
    registerAdminServiceWorker();
  }, []);

  return (
    <RequireAdmin>
      {(user) => (
        <AdminShell user={user} active={tab}>
          <CheckInQueue />
          <BackgroundRefresh />
          {fromSetup && <FinishSetupCard onDismiss={() => navigate(location, { replace: true })} />}
          <TabContent tab={tab} />
        </AdminShell>
      )}
    </RequireAdmin>
  );
}
