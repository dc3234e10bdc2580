/** What the confirmation and cancel pages show for a booking, pure. */
import { canClientCancel } from '@shared/booking-rules';
import type { Booking } from '@shared/schemas/booking';

export type BookingView = 'pending' | 'confirmed' | 'cancelled' | 'declined';

/** 'rejected' covers both a declined request and one that expired unanswered. */
export function bookingView(booking: Pick<Booking, 'status'>): BookingView {
  switch (booking.status) {
    case 'pending':
      return 'pending';
    case 'confirmed':
      return 'confirmed';
    case 'cancelled':
      return 'cancelled';
    default:
      return 'declined';
  }
}

export type CancelPageState =
  { kind: 'cancelled' | 'loading' | 'notFound' | 'declined' } | { kind: 'started' | 'cancellable'; booking: Booking };

/**
 * The cancel page, in order: cancelled (here, or before), still loading, no such booking,
 * declined (nothing to cancel), too late to cancel online, or the cancel form.
 */
export function cancelPageState(
  { cancelledHere, loading, booking }: { cancelledHere: boolean; loading: boolean; booking: Booking | undefined },
  now: Date = new Date(),
): CancelPageState {
  if (cancelledHere || (booking && bookingView(booking) === 'cancelled')) return { kind: 'cancelled' };
  if (loading) return { kind: 'loading' };
  if (!booking) return { kind: 'notFound' };
  if (bookingView(booking) === 'declined') return { kind: 'declined' };
  return { kind: canClientCancel(booking, now) ? 'cancellable' : 'started', booking };
}
