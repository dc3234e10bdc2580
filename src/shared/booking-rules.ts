/**
 * Booking rules that both sides apply (docs/product.md §4, "Booking status"): the client
 * shows what the server allows, from this one definition.
 */
import type { BookingStatus } from './constants';
import { HOUR_MS, nzInstant } from './time';

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

/**
 * Inside the change cut-off (CHANGE_CUTOFF_HOURS, docs/product.md §4 "Changing a visit"): the visit
 * starts less than `cutoffHours` from now, or has started. The link then offers no change online.
 */
export function insideChangeCutoff(
  booking: { date: string; time: string },
  cutoffHours: number,
  now: Date = new Date(),
): boolean {
  const left = nzInstant(booking.date, booking.time).getTime() - now.getTime();
  return left <= 0 || left < cutoffHours * HOUR_MS;
}

/** A client may move a pending or confirmed booking through the link until the cut-off. */
export function canClientReschedule(
  booking: { status: BookingStatus; date: string; time: string },
  cutoffHours: number,
  now: Date = new Date(),
): boolean {
  return CLIENT_CANCELLABLE_STATUSES.includes(booking.status) && !insideChangeCutoff(booking, cutoffHours, now);
}

/**
 * The cut-off closes the link's cancel for a confirmed visit (she has planned her day around it); a
 * request she has not answered yet can still be withdrawn until it starts.
 */
export function cancelClosedByCutoff(
  booking: { status: BookingStatus; date: string; time: string },
  cutoffHours: number,
  now: Date = new Date(),
): boolean {
  return booking.status === 'confirmed' && insideChangeCutoff(booking, cutoffHours, now);
}
