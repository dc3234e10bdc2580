/**
 * Every tab of the dashboard is its own chunk, loaded when opened (issue 26: Today on her phone runs only Today's
 * code before she can press a button). Declared here, in the first bundle (a few hundred bytes), so that main.tsx
 * fetches the admin chunk and the tab of a server-rendered page side by side and hydrates with both in memory.
 */
import { tabFromPath, type AdminTabId } from '@/features/admin/shell/admin-tabs';
import { preloadableLazy, type Preloadable } from '@/lib/preloadable-lazy';

// One file per tab in pages/admin-tabs/: the worker's precache and the bench find the tabs' chunks by that folder.
export const ADMIN_TAB_PAGES: Record<AdminTabId, Preloadable<object>> = {
  appointments: preloadableLazy(() => import('@/pages/admin-tabs/appointments')),
  pending: preloadableLazy(() => import('@/pages/admin-tabs/pending')),
  clients: preloadableLazy(() => import('@/pages/admin-tabs/clients')),
  today: preloadableLazy(() => import('@/pages/admin-tabs/today')),
  availability: preloadableLazy(() => import('@/pages/admin-tabs/availability')),
  reviews: preloadableLazy(() => import('@/pages/admin-tabs/reviews')),
  services: preloadableLazy(() => import('@/pages/admin-tabs/services')),
  outbox: preloadableLazy(() => import('@/pages/admin-tabs/outbox')),
  money: preloadableLazy(() => import('@/pages/admin-tabs/money')),
  settings: preloadableLazy(() => import('@/pages/admin-tabs/settings')),
};

/** The chunk of the tab a path shows (none for a path that is no tab). */
export function preloadAdminTab(path: string): Promise<unknown> {
  const tab = tabFromPath(path);
  return tab ? ADMIN_TAB_PAGES[tab].preload() : Promise.resolve();
}
