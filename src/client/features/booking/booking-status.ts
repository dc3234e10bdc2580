/** What the confirmation and cancel pages show for a booking, pure. */
import type { Booking } from '@shared/schemas/booking';
import { nzInstant } from '@shared/time';

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

/** The appointment's start has passed (Pacific/Auckland wall clock). */
export function hasStarted(booking: Pick<Booking, 'date' | 'time'>, now: Date = new Date()): boolean {
  return nzInstant(booking.date, booking.time).getTime() <= now.getTime();
}

/** A client may cancel a pending or confirmed booking until it starts (the server refuses later). */
export function canClientCancel(booking: Pick<Booking, 'status' | 'date' | 'time'>, now: Date = new Date()): boolean {
  const view = bookingView(booking);
  return (view === 'pending' || view === 'confirmed') && !hasStarted(booking, now);
}
