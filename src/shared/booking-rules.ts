/**
 * Booking rules that both sides apply (docs/product.md §4, "Booking status"): the client
 * shows what the server allows, from this one definition.
 */
import type { BookingStatus } from './constants';
import { nzInstant } from './time';

/** The statuses a client may cancel through the private link. */
export const CLIENT_CANCELLABLE_STATUSES: readonly BookingStatus[] = ['pending', 'confirmed'];

/** The appointment's start (Pacific/Auckland wall clock) has passed. */
export function hasStarted(booking: { date: string; time: string }, now: Date = new Date()): boolean {
  return nzInstant(booking.date, booking.time).getTime() <= now.getTime();
}

/** A client may cancel a pending or confirmed booking until it starts; later they must call. */
export function canClientCancel(
  booking: { status: BookingStatus; date: string; time: string },
  now: Date = new Date(),
): boolean {
  return CLIENT_CANCELLABLE_STATUSES.includes(booking.status) && !hasStarted(booking, now);
}
