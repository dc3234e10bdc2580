import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { PublicLayout } from '@/components/layout/public-layout';
import { DeferredToaster } from '@/components/layout/deferred-toaster';
import { LazyBoundary } from '@/lib/preloadable-lazy';
import { queryClient } from '@/lib/query-client';
import { useRouteAnalytics } from '@/lib/route-analytics';
import { ThemeProvider } from '@/lib/theme';
import HomePage from '@/pages/home';
// Only the home page is in the first bundle; every other route loads on demand.
import {
  AdminRoutes,
  BookingCancelPage,
  BookingChangePage,
  BookingConfirmPage,
  BookingHealthPage,
  BookingPage,
  NotFoundPage,
  PrivacyPage,
  GiftVouchersPage,
  ReviewsPage,
  WaitlistLeavePage,
  WaitlistOfferPage,
} from './route-pages';

/** While a lazy page loads: keeps the layout's height so the footer does not jump up. */
function PageFallback() {
  return <div className="min-h-[60vh]" aria-busy="true" />;
}

/** The public pages, inside the shared header and footer. NotFound stays inside the layout. */
function PublicRoutes() {
  return (
    <PublicLayout>
      <Suspense fallback={<PageFallback />}>
        <Switch>
          <Route path="/" component={HomePage} />
          <Route path="/booking" component={BookingPage} />
          <Route path="/booking/confirm/:token" component={BookingConfirmPage} />
          <Route path="/booking/cancel/:token" component={BookingCancelPage} />
          <Route path="/booking/change/:token" component={BookingChangePage} />
          <Route path="/booking/health/:token" component={BookingHealthPage} />
          <Route path="/waitlist/offer/:token" component={WaitlistOfferPage} />
          <Route path="/waitlist/leave/:token" component={WaitlistLeavePage} />
          <Route path="/review" component={ReviewsPage} />
          <Route path="/privacy" component={PrivacyPage} />
          <Route path="/gift-vouchers" component={GiftVouchersPage} />
          <Route component={NotFoundPage} />
        </Switch>
      </Suspense>
    </PublicLayout>
  );
}

function Router() {
  useRouteAnalytics();
  return (
    <Switch>
      {/* The admin area has its own layout (no public header or footer). */}
      <Route path="/admin/*?">
        <LazyBoundary page={AdminRoutes} fallback={<PageFallback />}>
          <AdminRoutes />
        </LazyBoundary>
      </Route>
      <Route>
        <PublicRoutes />
      </Route>
    </Switch>
  );
}

/** `client`: the server renderer's own per page (entry-server.tsx); the browser's one client otherwise. */
export default function App({ client = queryClient }: { client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <Router />
        <DeferredToaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
