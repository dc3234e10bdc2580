import { AppointmentsTab } from '@/features/admin/appointments/components/appointments-tab';
import { CalendarFeedButton } from '@/features/admin/calendar-feed/components/calendar-feed-button';
import { ExportBookingsButton } from '@/features/admin/export/components/export-bookings-button';
import { ReceiptActions } from '@/features/admin/receipts/components/receipt-actions';

/** /admin and /admin/appointments (docs/product.md §2). */
export default function AppointmentsTabPage() {
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
}
