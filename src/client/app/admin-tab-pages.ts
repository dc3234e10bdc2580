/**
 * Every tab of the dashboard is its own chunk, loaded when opened (docs/product.md §17: Today on her phone runs only
 * Today's code before she can press a button). Declared here, in the admin chunk (not the public pages' first bundle);
 * for a server-rendered tab main.tsx loads the tab's chunk after the admin chunk and hydrates with both in memory.
 */
import type { AdminTabId } from '@/features/admin/shell/admin-tabs';
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
