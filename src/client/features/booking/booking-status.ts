/** What the confirmation and cancel pages show for a booking, pure. */
import { canClientCancel, CLIENT_CANCELLABLE_STATUSES, hasStarted, insideChangeCutoff } from '@shared/booking-rules';
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

export type ChangePageState =
  | { kind: 'loading' | 'notFound' | 'cancelled' | 'declined' }
  | { kind: 'started' | 'cutoff' | 'changeable'; booking: Booking };

/**
 * The 'Change time' page (docs/product.md §4 "Client cancellation"), in order: still loading, no such booking,
 * cancelled, declined (or a request that expired unanswered: it no longer holds a time to move), started or past,
 * inside the change cut-off ('Contact to change'), or the picker. The same rules as the server's refusals.
 */
export function changePageState(
  {
    loading,
    booking,
    cutoffHours,
  }: { loading: boolean; booking: Booking | undefined; cutoffHours: number | undefined },
  now: Date = new Date(),
): ChangePageState {
  if (loading || (booking && cutoffHours === undefined)) return { kind: 'loading' };
  if (!booking) return { kind: 'notFound' };
  const view = bookingView(booking);
  if (view === 'cancelled') return { kind: 'cancelled' };
  const expired = booking.status === 'pending' && booking.expiresAt !== null && new Date(booking.expiresAt) <= now;
  if (view === 'declined' || expired || !CLIENT_CANCELLABLE_STATUSES.includes(booking.status))
    return { kind: 'declined' };
  if (hasStarted(booking, now)) return { kind: 'started', booking };
  if (insideChangeCutoff(booking, cutoffHours!, now)) return { kind: 'cutoff', booking };
  return { kind: 'changeable', booking };
}
