/**
 * /booking/cancel/{token} (docs/product.md §2, §4, §8): the booking's name, service, date and
 * time, a warning, 'Go Back' and 'Confirm Cancellation' with the prompt 'Are you sure you want to
 * cancel this booking?'. After success, or when the booking is already cancelled (or the cancel
 * call answers 404), 'Booking Cancelled' with 'Book a New Appointment'.
 */
import { useState } from 'react';
import { useParams } from 'wouter';
import type { CancelResult } from '@/features/booking/api/cancel-booking';
import { useBookingByToken } from '@/features/booking/api/get-booking-by-token';
import { cancelPageState, type CancelPageState } from '@/features/booking/booking-status';
import { BookingStartedPanel } from '@/features/booking/components/booking-started-panel';
import {
  BookingCancelledPanel,
  BookingDeclinedPanel,
  BookingLoadingPanel,
  BookingNotFoundPanel,
} from '@/features/booking/components/booking-status-panels';
import { CancelBookingPanel } from '@/features/booking/components/cancel-booking-panel';
import { PANEL_TITLES } from '@/features/booking/texts';
import { useDocumentTitle } from '@/lib/use-document-title';
import { bookingConfirmPath } from '@shared/booking-paths';

const TITLES: Record<CancelPageState['kind'], string> = {
  cancelled: PANEL_TITLES.cancelled,
  loading: PANEL_TITLES.cancel,
  notFound: PANEL_TITLES.notFound,
  declined: PANEL_TITLES.declined,
  started: PANEL_TITLES.cancel,
  cancellable: PANEL_TITLES.cancel,
};

export default function BookingCancelPage() {
  const { token = '' } = useParams<{ token: string }>();
  const booking = useBookingByToken(token);
  const [cancelledHere, setCancelledHere] = useState<CancelResult['kind'] | null>(null);
  const state = cancelPageState({
    cancelledHere: cancelledHere !== null,
    loading: token !== '' && booking.isPending,
    booking: booking.data,
  });
  useDocumentTitle(TITLES[state.kind]);
  const confirmHref = bookingConfirmPath(token);

  switch (state.kind) {
    case 'cancelled':
      return (
        <BookingCancelledPanel
          newBookingLabel="Book a New Appointment"
          lead={
            cancelledHere === 'cancelled'
              ? 'Your booking has been cancelled and a confirmation email is on its way. I hope to see you another time.'
              : 'This booking has already been cancelled.'
          }
        />
      );
    case 'loading':
      return <BookingLoadingPanel />;
    case 'notFound':
      return (
        <BookingNotFoundPanel lead="We couldn't find a booking for this link. Please check the link in your email." />
      );
    case 'declined':
      return (
        <BookingDeclinedPanel lead="This request was declined or expired before it could be confirmed, so there is nothing to cancel." />
      );
    case 'started':
      return <BookingStartedPanel booking={state.booking} confirmHref={confirmHref} action="cancel" />;
    case 'cancellable':
      return (
        <CancelBookingPanel
          booking={state.booking}
          token={token}
          confirmHref={confirmHref}
          onCancelled={setCancelledHere}
        />
      );
  }
}
