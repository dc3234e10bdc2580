import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { Route, Switch } from 'wouter';
import { Toaster } from '@/components/ui/toaster';
import { queryClient } from '@/lib/query-client';
import HomePage from '@/pages/home';
import NotFoundPage from '@/pages/not-found';

// Only the home page is in the first bundle; every other route loads on demand.
const BookingPage = lazy(() => import('@/pages/booking'));
const BookingConfirmPage = lazy(() => import('@/pages/booking-confirm'));
const BookingCancelPage = lazy(() => import('@/pages/booking-cancel'));
const ReviewsPage = lazy(() => import('@/pages/reviews'));

function Router() {
  return (
    <Suspense fallback={<div className="min-h-[60vh]" aria-busy="true" />}>
      <Switch>
        <Route path="/" component={HomePage} />
        <Route path="/booking" component={BookingPage} />
        <Route path="/booking/confirm/:token" component={BookingConfirmPage} />
        <Route path="/booking/cancel/:token" component={BookingCancelPage} />
        <Route path="/review" component={ReviewsPage} />
        <Route component={NotFoundPage} />
      </Switch>
    </Suspense>
  );
}

export default function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Router />
      <Toaster />
    </QueryClientProvider>
  );
}
