/**
 * /booking/change/{token} (docs/product.md §2 'Change time'): the booking's private link moves its
 * visit to another time. Loading, 'Booking Not Found', 'Booking Cancelled', 'Booking Request Declined' (also
 * a request that expired), started or past, inside the change cut-off 'Contact to change', the picker, and
 * after the move 'Time Changed' with the new time and the status it kept.
 */
import { useState } from 'react';
import { useParams } from 'wouter';
import type { Booking } from '@shared/schemas/booking';
import { bookingConfirmPath } from '@shared/booking-paths';
import { useBookingByToken } from '@/features/booking/api/get-booking-by-token';
import { changePageState } from '@/features/booking/booking-status';
import { ChangeClosedPanel, TimeChangedPanel } from '@/features/booking/components/change-time-panels';
import { ChangeTimePanel } from '@/features/booking/components/change-time-panel';
import { BookingStartedPanel } from '@/features/booking/components/booking-started-panel';
import {
  BookingCancelledPanel,
  BookingDeclinedPanel,
  BookingLoadingPanel,
  BookingNotFoundPanel,
} from '@/features/booking/components/booking-status-panels';
import { PANEL_TITLES } from '@/features/booking/texts';
import { usePracticeInfo } from '@/lib/queries/get-practice-info';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function BookingChangePage() {
  const { token = '' } = useParams<{ token: string }>();
  const booking = useBookingByToken(token);
  const { data: practice } = usePracticeInfo();
  const [moved, setMoved] = useState<Booking | null>(null);
  const [cutoffHere, setCutoffHere] = useState(false);
  const state = changePageState({
    loading: token !== '' && booking.isPending,
    booking: booking.data,
    cutoffHours: practice?.changeCutoffHours,
  });
  const title =
    moved !== null
      ? PANEL_TITLES.changed
      : state.kind === 'notFound' || state.kind === 'cancelled' || state.kind === 'declined'
        ? PANEL_TITLES[state.kind]
        : state.kind === 'cutoff' || cutoffHere
          ? PANEL_TITLES.changeClosed
          : PANEL_TITLES.change;
  useDocumentTitle(title);
  const confirmHref = bookingConfirmPath(token);

  if (moved) return <TimeChangedPanel booking={moved} confirmHref={confirmHref} />;
  switch (state.kind) {
    case 'loading':
      return <BookingLoadingPanel wide />;
    case 'notFound':
      return (
        <BookingNotFoundPanel lead="We couldn't find a booking for this link. Please check the link in your email." />
      );
    case 'cancelled':
      return (
        <BookingCancelledPanel
          newBookingLabel="Book a New Appointment"
          lead="This booking has been cancelled, so its time can no longer be changed. You're welcome to book another time."
        />
      );
    case 'declined':
      return (
        <BookingDeclinedPanel lead="This request was declined or expired before it could be confirmed, so there is no time to change. You're welcome to choose another." />
      );
    case 'started':
      return <BookingStartedPanel booking={state.booking} confirmHref={confirmHref} action="change" />;
    case 'cutoff':
      return <ChangeClosedPanel booking={state.booking} confirmHref={confirmHref} />;
    case 'changeable':
      return cutoffHere ? (
        <ChangeClosedPanel booking={state.booking} confirmHref={confirmHref} />
      ) : (
        <ChangeTimePanel
          booking={state.booking}
          token={token}
          confirmHref={confirmHref}
          onMoved={setMoved}
          onCutoff={() => setCutoffHere(true)}
        />
      );
  }
}
