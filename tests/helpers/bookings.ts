/** Shared bits for booking tests: open dates, a valid request, outbox and row reads. */
import { addDaysToDate, dayOfWeek, nzToday } from '../../src/shared/time';
import type { ApiTestApp } from './app';
import type { Requests } from './requests';

/**
 * The n-th open day (Monday to Saturday, 09:00-17:00 in the demo hours) from a week
 * ahead: about 40 distinct days inside the 60-day booking horizon.
 */
export function openDay(n = 0): string {
  let d = addDaysToDate(nzToday(), 7);
  for (let seen = -1; ; d = addDaysToDate(d, 1)) {
    if (dayOfWeek(d) !== 0) seen++;
    if (seen === n) return d;
  }
}

/** A Sunday ahead (closed in the demo hours). */
export function closedSunday(): string {
  let d = addDaysToDate(nzToday(), 7);
  while (dayOfWeek(d) !== 0) d = addDaysToDate(d, 1);
  return d;
}

export const bookingRequest = (over: Record<string, unknown> = {}) => ({
  serviceLengthId: 1,
  duration: 60,
  price: 8000,
  date: openDay(),
  time: '10:00',
  address: '12 Bow Street, Raglan',
  firstName: 'Ana',
  lastName: 'Smith',
  email: 'ana@example.nz',
  phone: '021 123 4567',
  hasInjuries: false,
  travelCost: 0,
  ...over,
});

export const book = (
  client: Pick<Requests, 'post'>,
  body: Record<string, unknown>,
  headers: Record<string, string> = {},
) => client.post('/api/bookings', body, { headers });

type OutboxRow = { kind: string; to_address: string; subject: string; booking_id: number | null };

/** The queued e-mails, oldest first: all of them, or one booking's. */
export function outbox(t: Pick<ApiTestApp, 'sql'>, bookingId?: number): Promise<OutboxRow[]> {
  return bookingId === undefined
    ? t.sql<OutboxRow>('SELECT kind, to_address, subject, booking_id FROM email_outbox ORDER BY id')
    : t.sql<OutboxRow>(
        'SELECT kind, to_address, subject, booking_id FROM email_outbox WHERE booking_id = $1 ORDER BY id',
        [bookingId],
      );
}

export async function countBookings(t: Pick<ApiTestApp, 'sql'>): Promise<number> {
  const [row] = await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM bookings');
  return row!.n;
}
