/**
 * The lazily loaded public pages and the admin area (lib/preloadable-lazy.tsx: main.tsx preloads the page of a
 * server-rendered route so that hydration takes over the whole page in one pass).
 */
import { isServerRenderedAdminPath } from '@shared/admin-page';
import { preloadableLazy } from '@/lib/preloadable-lazy';

export const BookingPage = preloadableLazy(() => import('@/pages/booking'));
export const BookingConfirmPage = preloadableLazy(() => import('@/pages/booking-confirm'));
export const BookingCancelPage = preloadableLazy(() => import('@/pages/booking-cancel'));
export const BookingChangePage = preloadableLazy(() => import('@/pages/booking-change'));
export const BookingHealthPage = preloadableLazy(() => import('@/pages/booking-health'));
export const WaitlistOfferPage = preloadableLazy(() => import('@/pages/waitlist-offer'));
export const WaitlistLeavePage = preloadableLazy(() => import('@/pages/waitlist-leave'));
export const PrivacyPage = preloadableLazy(() => import('@/pages/privacy'));
export const GiftVouchersPage = preloadableLazy(() => import('@/pages/gift-vouchers'));
export const ReviewsPage = preloadableLazy(() => import('@/pages/reviews'));
export const NotFoundPage = preloadableLazy(() => import('@/pages/not-found'));
/** The admin area is its own chunk: nothing of it loads on the public pages (decision 013). */
export const AdminRoutes = preloadableLazy(() => import('./admin-routes'));

/** The page chunk of a server-rendered route (the home page is in the first bundle). */
export function preloadRoutePage(path: string): Promise<unknown> {
  if (path === '/booking') return BookingPage.preload();
  if (path === '/review') return ReviewsPage.preload();
  // The admin chunk, then the tab's own chunk (decision 033): the tabs are declared in the admin chunk, so the public
  // pages' first bundle does not carry them.
  if (isServerRenderedAdminPath(path)) return AdminRoutes.preload().then((admin) => admin.preloadAdminTab(path));
  return Promise.resolve();
}
