/**
 * Visits on today's NZ date in a DATA_DIR (issue 26's e2e tests, bench/dashboard.mjs): booked through the public API on
 * a weekday ahead, confirmed unless `confirmed: false`, then moved to today in the database, since the public form
 * (rightly) books no earlier than its notice allows. The server it starts is stopped before the move: start one on
 * `dataDir` afterwards. Answers the bookings' ids, in the visits' order.
 */
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { nzInstant, nzToday } from '../../src/shared/time';
import { adminCookie, createBooking, nzWeekdayAhead, startServer } from './harness.mjs';

export interface TodayVisit {
  time: string;
  firstName: string;
  lastName: string;
  address: string;
  email: string;
  /** Left a pending request when false. */
  confirmed?: boolean;
}

export async function bookTodayVisits(dataDir: string, visits: readonly TodayVisit[]): Promise<number[]> {
  const server = await startServer({ quiet: true, env: { DATA_DIR: dataDir } });
  const ids: number[] = [];
  try {
    const cookie = await adminCookie(server.baseUrl);
    for (const { confirmed = true, ...visit } of visits) {
      const booking = await createBooking(server.baseUrl, { ...visit, date: nzWeekdayAhead(9) });
      ids.push(booking.id);
      if (!confirmed) continue;
      const res = await fetch(`${server.baseUrl}/api/bookings/${booking.id}/status`, {
        method: 'PATCH',
        headers: { 'content-type': 'application/json', origin: server.baseUrl, cookie },
        body: JSON.stringify({ status: 'confirmed' }),
      });
      if (res.status !== 200) throw new Error(`confirming booking ${booking.id}: ${res.status} ${await res.text()}`);
    }
  } finally {
    await server.stop();
  }
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    const today = nzToday();
    for (const [i, id] of ids.entries()) {
      const time = visits[i]!.time;
      await db.query(
        `UPDATE bookings SET date = $2, time = $3, starts_at = ($4)::timestamptz,
           ends_at = ($4)::timestamptz + duration * interval '1 minute',
           buffer_ends_at = ($4)::timestamptz + (duration + 15) * interval '1 minute' WHERE id = $1`,
        [id, today, time, nzInstant(today, time).toISOString()],
      );
    }
  } finally {
    await db.close();
  }
  return ids;
}
