import { useLocation, useSearch } from 'wouter';
import { AppointmentsTab } from '@/features/admin/appointments/components/appointments-tab';
import { bookingSourceOf } from '@/features/admin/appointments/new-booking';
import { CalendarFeedButton } from '@/features/admin/calendar-feed/components/calendar-feed-button';
import { ExportBookingsButton } from '@/features/admin/export/components/export-bookings-button';
import { ReceiptActions } from '@/features/admin/receipts/components/receipt-actions';

/** /admin and /admin/appointments (docs/product.md §2). */
export default function AppointmentsTabPage() {
  const search = useSearch();
  const [path, navigate] = useLocation();
  return (
    <AppointmentsTab
      // '?book=client-12' ('Book again'), '?book=waitlist-3' or '?book=new' opens 'New booking' (docs/product.md §4
      // "Bookings she takes herself").
      bookingSource={bookingSourceOf(search)}
      onBookingSourceDone={() => navigate(path, { replace: true })}
      tools={
        <>
          <CalendarFeedButton />
          <ExportBookingsButton />
        </>
      }
      // docs/product.md §18.3: her receipts in a visit's details (any day), once something was paid for it.
      visitExtras={(booking) =>
        booking.status === 'rejected' ? null : (
          <ReceiptActions bookingId={booking.id} hasPayments={booking.balance.status !== 'unpaid'} />
        )
      }
    />
  );
}
