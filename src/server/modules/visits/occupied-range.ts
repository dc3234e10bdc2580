/** The instants a visit takes, as bookings store them and calendars show them. */
import { MINUTE_MS, nzInstant } from '@shared/time';

/** The instants a booking at date+time occupies: [start, end + buffer). */
export function occupiedRange(date: string, time: string, durationMinutes: number, bufferMinutes: number) {
  const startsAt = nzInstant(date, time);
  const endsAt = new Date(startsAt.getTime() + durationMinutes * MINUTE_MS);
  const bufferEndsAt = new Date(endsAt.getTime() + bufferMinutes * MINUTE_MS);
  return { startsAt, endsAt, bufferEndsAt };
}
