import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { ADMIN_TAB_PAGES } from './admin-tab-pages';
import { tabFromPath } from '@/features/admin/shell/admin-tabs';
import { nextTask } from '@/lib/next-task';
import { warmNzTime } from '@/lib/warm-nz-time';
import AdminDashboardPage from '@/pages/admin-dashboard';

// Sign-in is its own chunk: its form (react-hook-form, zod) is not what a signed-in Today needs to run.
const AdminLoginPage = lazy(() => import('@/pages/admin-login'));
// The first run (docs/product.md §2 "First run"): its own chunk, loaded once in the site's life.
const AdminSetupPage = lazy(() => import('@/pages/admin-setup'));

/**
 * Every /admin path, loaded as one lazy chunk: the first bundle of the public pages carries a
 * single import of it and nothing else of the admin area (decision 013).
 */
export default function AdminRoutes() {
  return (
    <Switch>
      <Route path="/admin/login">
        <Suspense fallback={<div className="min-h-[60vh]" aria-busy="true" />}>
          <AdminLoginPage />
        </Suspense>
      </Route>
      <Route path="/admin/setup">
        <Suspense fallback={<div className="min-h-[60vh]" aria-busy="true" />}>
          <AdminSetupPage />
        </Suspense>
      </Route>
      <Route component={AdminDashboardPage} />
    </Switch>
  );
}

/**
 * The chunk of the tab a path shows (none for a path that is no tab), then, in a task of its own, the first NZ date
 * (warmNzTime): main.tsx waits for both before hydrating her server-rendered page. Here, not in the entry: the public
 * pages' first bundle does not carry date-fns' format for it.
 */
export function preloadAdminTab(path: string): Promise<unknown> {
  const tab = tabFromPath(path);
  return (tab ? ADMIN_TAB_PAGES[tab].preload() : Promise.resolve()).then(nextTask).then(warmNzTime);
}
