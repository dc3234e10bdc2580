import { lazy, Suspense, useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { AppointmentsTab } from '@/features/admin/appointments/components/appointments-tab';
import { ClientsArea } from '@/features/admin/clients/components/clients-area';
import { CalendarFeedButton } from '@/features/admin/calendar-feed/components/calendar-feed-button';
import { ExportBookingsButton } from '@/features/admin/export/components/export-bookings-button';
import { SafetyContactSection } from '@/features/admin/check-in/components/safety-contact-section';
import { CheckInButtons } from '@/features/admin/check-in/components/check-in-buttons';
import { usePressQueue } from '@/features/admin/check-in/use-press-queue';
import { ReceiptActions } from '@/features/admin/receipts/components/receipt-actions';
import { RequireAdmin } from '@/features/admin/auth/components/require-admin';
import { scheduleBackgroundRefresh } from '@/features/admin/shared/offline/background-refresh';
import { PendingRequestsTab } from '@/features/admin/pending/components/pending-requests-tab';
import { NotificationsSection } from '@/features/admin/push/components/notifications-section';
import { DepositsSection } from '@/features/admin/settings/components/deposits-section';
import { SettingsTab } from '@/features/admin/settings/components/settings-tab';
import { InstallHelpSection } from '@/features/admin/today/components/install-help-section';
import { TodayTab } from '@/features/admin/today/components/today-tab';
import { registerAdminServiceWorker } from '@/features/admin/today/install-app';
import { tabFromPath, type AdminTabId } from '@/features/admin/shell/admin-tabs';
import { AdminShell } from '@/features/admin/shell/components/admin-shell';
import { useNoIndex } from '@/features/admin/shell/use-no-index';

/*
 * The tabs she opens now and then load when opened (issue 26: the admin JS of a first visit under its budget in
 * bench/dashboard.mjs). Today, Appointments, Pending and Clients stay in the admin chunk: they are what she opens on
 * the road, and Today and a client's page are drawn by the server and hydrated in one pass (route-pages.tsx).
 */
const MoneyTab = lazy(() =>
  import('@/features/admin/money/components/money-tab').then((m) => ({ default: m.MoneyTab })),
);
const OutboxTab = lazy(() =>
  import('@/features/admin/outbox/components/outbox-tab').then((m) => ({ default: m.OutboxTab })),
);
const ReviewsTab = lazy(() =>
  import('@/features/admin/reviews/components/reviews-tab').then((m) => ({ default: m.ReviewsTab })),
);
const ServicesTab = lazy(() =>
  import('@/features/admin/services/components/services-tab').then((m) => ({ default: m.ServicesTab })),
);
const AvailabilityTab = lazy(() =>
  import('@/features/admin/availability/components/availability-tab').then((m) => ({ default: m.AvailabilityTab })),
);

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
  switch (tab) {
    case 'appointments':
      return (
        <AppointmentsTab
          tools={
            <>
              <CalendarFeedButton />
              <ExportBookingsButton />
            </>
          }
          // Issue 27: her receipts in a visit's details (any day), once something was paid for it.
          visitExtras={(booking) =>
            booking.status === 'rejected' ? null : (
              <ReceiptActions bookingId={booking.id} hasPayments={booking.balance.status !== 'unpaid'} />
            )
          }
        />
      );
    case 'pending':
      return <PendingRequestsTab />;
    case 'clients':
      return <ClientsArea />;
    case 'reviews':
      return <ReviewsTab />;
    case 'availability':
      return <AvailabilityTab />;
    case 'services':
      return <ServicesTab />;
    case 'outbox':
      return <OutboxTab />;
    case 'money':
      return <MoneyTab />;
    case 'today':
      // Issue 26: the day sheet, kept on her phone (the check-in buttons come in through visitActions).
      return (
        <TodayTab
          visitActions={(visit) => (
            <div className="grid gap-3">
              <CheckInButtons bookingId={visit.bookingId} startsAt={visit.startsAt} endsAt={visit.endsAt} />
              {/* Issue 27: her receipts for the visit, once something was paid for it. */}
              <ReceiptActions bookingId={visit.bookingId} hasPayments={visit.balance.status !== 'unpaid'} />
            </div>
          )}
        />
      );
    case 'settings':
      return (
        <SettingsTab>
          <InstallHelpSection />
          <NotificationsSection />
          <SafetyContactSection />
          <DepositsSection />
        </SettingsTab>
      );
    case null:
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
  }
}

/** Sends the check-in presses kept on the phone (at start, on reconnect, before sign-out): signed in only. */
function CheckInQueue() {
  usePressQueue();
  return null;
}

/** Issue 26: her day sheet refreshed in the background where the browser allows (signed in only, after load). */
function BackgroundRefresh() {
  useEffect(() => scheduleBackgroundRefresh(), []);
  return null;
}

/** /admin and /admin/{tab}: the path selects the tab (docs/product.md §2 Admin dashboard). */
export default function AdminDashboardPage() {
  const [location] = useLocation();
  const tab = tabFromPath(location);
  useNoIndex();
  useEffect(() => {
    document.title = PAGE_TITLE;
    // Issue 26: the admin area as an app, for her phone (only from the admin pages, after load).
    registerAdminServiceWorker();
  }, []);

  return (
    <RequireAdmin>
      {(user) => (
        <AdminShell user={user} active={tab}>
          <CheckInQueue />
          <BackgroundRefresh />
          <Suspense fallback={<TabLoading />}>
            <TabContent tab={tab} />
          </Suspense>
        </AdminShell>
      )}
    </RequireAdmin>
  );
}
