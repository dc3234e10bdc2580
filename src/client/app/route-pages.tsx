/**
 * The lazily loaded public pages and the admin area. A page whose chunk is already in memory renders at once instead
 * of suspending for a turn (React.lazy always does on its first render): main.tsx preloads the
 * page of a server-rendered route, so hydration takes over the whole page in one pass, with no
 * Suspense boundary left dehydrated, where a press would be lost.
 */
import { lazy, type ComponentType } from 'react';
import { isServerRenderedAdminPath } from '@shared/admin-page';

type Preloadable<P> = ComponentType<P> & { preload: () => Promise<unknown> };

function preloadableLazy<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): Preloadable<P> {
  let loaded: ComponentType<P> | null = null;
  const loadAndKeep = () =>
    load().then((module) => {
      loaded = module.default;
      return module;
    });
  const Lazy = lazy(loadAndKeep) as unknown as ComponentType<P>;
  function Page(props: P) {
    const Loaded = loaded;
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Page, { preload: loadAndKeep });
}

export const BookingPage = preloadableLazy(() => import('@/pages/booking'));
export const BookingConfirmPage = preloadableLazy(() => import('@/pages/booking-confirm'));
export const BookingCancelPage = preloadableLazy(() => import('@/pages/booking-cancel'));
export const BookingChangePage = preloadableLazy(() => import('@/pages/booking-change'));
export const BookingHealthPage = preloadableLazy(() => import('@/pages/booking-health'));
export const WaitlistOfferPage = preloadableLazy(() => import('@/pages/waitlist-offer'));
export const WaitlistLeavePage = preloadableLazy(() => import('@/pages/waitlist-leave'));
export const PrivacyPage = preloadableLazy(() => import('@/pages/privacy'));
export const ReviewsPage = preloadableLazy(() => import('@/pages/reviews'));
export const NotFoundPage = preloadableLazy(() => import('@/pages/not-found'));
/** The admin area is its own chunk: nothing of it loads on the public pages (decision 013). */
export const AdminRoutes = preloadableLazy(() => import('./admin-routes'));

/** The page chunk of a server-rendered route (the home page is in the first bundle). */
export function preloadRoutePage(path: string): Promise<unknown> {
  if (path === '/booking') return BookingPage.preload();
  if (path === '/review') return ReviewsPage.preload();
  if (isServerRenderedAdminPath(path)) return AdminRoutes.preload();
  return Promise.resolve();
}
