/**
 * /booking/confirm/{token} (docs/product.md §2): loading, 'Booking Not Found', 'Booking Cancelled',
 * pending 'Booking Request Received!', confirmed 'Booking Confirmed!', and a declined or expired
 * request as 'Booking Request Declined'. A booking whose client has no health form, or an out-of-date
 * one, asks for it (docs/product.md §13).
 */
import { useParams } from 'wouter';
import { hasStarted } from '@shared/booking-rules';
import { useBookingByToken } from '@/features/booking/api/get-booking-by-token';
import { bookingView } from '@/features/booking/booking-status';
import { BookingReceivedPanel } from '@/features/booking/components/booking-received-panel';
import { CardPay } from '@/features/booking/components/card-pay';
import {
  BookingCancelledPanel,
  BookingDeclinedPanel,
  BookingLoadingPanel,
  BookingNotFoundPanel,
} from '@/features/booking/components/booking-status-panels';
import { TherapistNote } from '@/features/booking/components/therapist-note';
import { PANEL_TITLES } from '@/features/booking/texts';
import { HealthFormCallout } from '@/features/health-form/components/health-form-callout';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function BookingConfirmPage() {
  const { token = '' } = useParams<{ token: string }>();
  const booking = useBookingByToken(token);
  const loading = token !== '' && booking.isPending;
  const view = booking.data ? bookingView(booking.data) : 'notFound';
  useDocumentTitle(loading ? 'Your Booking' : PANEL_TITLES[view]);

  if (loading) return <BookingLoadingPanel wide />;
  if (!booking.data || view === 'notFound') {
    return (
      <BookingNotFoundPanel lead="We couldn't find a booking for this link. Please check the link in your email, or make a new booking." />
    );
  }
  if (view === 'cancelled') {
    return (
      <BookingCancelledPanel lead="This booking has been cancelled. You're welcome to book another time whenever suits you." />
    );
  }
  if (view === 'declined') {
    return (
      <BookingDeclinedPanel lead="Sorry, this request could not be accepted: it was declined, or it expired before it could be confirmed. The time is no longer held for you, but you're welcome to choose another.">
        {booking.data.adminNote && <TherapistNote note={booking.data.adminNote} />}
      </BookingDeclinedPanel>
    );
  }
  return (
    <BookingReceivedPanel
      booking={booking.data}
      token={token}
      callout={
        <>
          <CardPay token={token} started={hasStarted(booking.data)} />
          <HealthFormCallout status={booking.data.healthForm} token={token} />
        </>
      }
    />
  );
}
