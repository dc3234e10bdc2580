// @both-databases: moves race for one slot (row locks); two server processes on one PostgreSQL database
/**
 * docs/product.md §4 "Changing a visit", 'Bad input and races': her 'Change time…' racing a visitor's booking of the
 * same time, her 'this and following' racing visitors on the series' dates, and her move of a series visit racing the
 * series' cancel from a date. Her moves take the series' lock (if any), then the days' locks in date order, then the
 * rows, as every writer does: never an overlap, never a lost booking, never a deadlock (a 5xx), exactly one holder of a
 * contested time. In one process (PGlite serialises; PostgreSQL runs them on a pool) and, on PostgreSQL,
 * across two server processes on one database.
 */
import { describe, expect, it } from 'vitest';
import type { Booking } from '../../src/shared/schemas/booking';
import type { SeriesCreated } from '../../src/shared/schemas/series';
import { useTestApp } from '../helpers/app';
import { bookingRequest, openDay } from '../helpers/bookings';
import { backend } from '../helpers/test-database';
import { onTwoServerProcesses, signedInOver, type Send, type Sql } from '../helpers/two-processes';

const t = useTestApp({ signedIn: true });

const appSql: Sql = (text, params) => t.sql(text, params);

const inProcess: Send = async (method, path, body) => {
  const res = await (path.startsWith('/api/admin') ? t.admin : t).request(method as 'POST', path, body);
  return { status: res.statusCode, body: res.body };
};

async function activeOverlaps(sql: Sql): Promise<number> {
  const [row] = await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM bookings a JOIN bookings b ON a.id < b.id AND a.occupied && b.occupied
     WHERE a.status IN ('pending','confirmed') AND b.status IN ('pending','confirmed')`,
  );
  return row!.n;
}

let emails = 0;
const visitorBooks = (send: Send, date: string, time: string) =>
  send('POST', '/api/bookings', bookingRequest({ date, time, email: `racer${++emails}@example.nz` }));

async function confirmed(send: Send, date: string, time: string): Promise<Booking> {
  const res = await visitorBooks(send, date, time);
  expect(res.status, res.body).toBe(201);
  const booking = JSON.parse(res.body) as Booking;
  const ok = await send('PATCH', `/api/admin/bookings/${booking.id}/status`, { status: 'confirmed' });
  expect(ok.status, ok.body).toBe(200);
  return booking;
}

const slotOf = async (sql: Sql, id: number) =>
  (
    await sql<{ date: string; time: string; status: string }>(
      "SELECT to_char(date, 'YYYY-MM-DD') AS date, time, status FROM bookings WHERE id = $1",
      [id],
    )
  )[0]!;

/** Every 201 of a visitor is still an active booking. */
async function expectKept(sql: Sql, answer: { status: number; body: string }) {
  expect([201, 409], answer.body).toContain(answer.status);
  if (answer.status !== 201) return;
  const { id } = JSON.parse(answer.body) as Booking;
  expect((await slotOf(sql, id)).status).toBe('pending');
}

async function rounds(sql: Sql, admin: Send, visitors: Send, first: number, count: number) {
  for (let i = 0; i < count; i++) {
    const day = first + 3 * i;
    // 1. Her move into a free time racing a visitor asking for the same time: exactly one holds it.
    const b = await confirmed(admin, openDay(day), '09:00');
    const target = { date: openDay(day + 1), time: '13:00' };
    const [moved, booked] = await Promise.all([
      admin('POST', `/api/admin/bookings/${b.id}/reschedule`, target),
      visitorBooks(visitors, target.date, target.time),
    ]);
    const codes = [moved.status, booked.status];
    expect(
      codes.filter((c) => c === 200 || c === 201),
      `${moved.body} | ${booked.body}`,
    ).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(1);
    await expectKept(sql, booked);
    expect(await slotOf(sql, b.id)).toMatchObject(
      moved.status === 200 ? target : { date: openDay(day), time: '09:00' },
    );

    // 2. 'This and following' to 15:00 racing a visitor at 15:00 on the series' last date: all or nothing.
    // Each round's series at its own time: a later round's first date can be an earlier round's later one.
    const start = ['10:00', '11:00', '12:00'][i % 3]!;
    const origin = await confirmed(admin, openDay(day + 2), start);
    const made = await admin('POST', '/api/admin/series', { bookingId: origin.id, everyWeeks: 1, count: 3 });
    expect(made.status, made.body).toBe(201);
    const series = JSON.parse(made.body) as SeriesCreated;
    const dates = series.occurrences.map((o) => o.date);
    const [changed, visitor] = await Promise.all([
      admin('POST', `/api/admin/series/${series.id}/change`, { from: dates[1], time: '15:00' }),
      visitorBooks(visitors, dates[2]!, '15:00'),
    ]);
    expect([200, 409], changed.body).toContain(changed.status);
    await expectKept(sql, visitor);
    if (changed.status === 200) expect(visitor.status).toBe(409);
    const times = await Promise.all(
      series.occurrences.slice(1).map(async (o) => (await slotOf(sql, o.bookingId!)).time),
    );
    expect(times).toEqual(changed.status === 200 ? ['15:00', '15:00'] : [start, start]);

    // 3. Her move of a series visit racing the series' cancel from that date: no deadlock, no 5xx.
    const third = series.occurrences[2]!;
    const [move3, cancel] = await Promise.all([
      admin('POST', `/api/admin/bookings/${third.bookingId}/reschedule`, { date: third.date, time: '16:30' }),
      admin('DELETE', `/api/admin/series/${series.id}?from=${third.forDate}`),
    ]);
    expect(cancel.status, cancel.body).toBe(200);
    expect([200, 409], move3.body).toContain(move3.status);
    expect((await slotOf(sql, third.bookingId!)).status).toBe('cancelled');

    expect(await activeOverlaps(sql)).toBe(0);
  }
}

describe('one process', () => {
  it('her moves racing visitors and the series’ cancel: one holder, nothing lost, no 5xx', async () => {
    await rounds(appSql, inProcess, inProcess, 0, 3);
  });
});

describe.runIf(backend === 'postgres')('two server processes on one PostgreSQL database', () => {
  it('her moves through one process, visitors through the other', async () => {
    await onTwoServerProcesses(async ({ a, b, sql }) => {
      const [adminA, adminB] = await Promise.all([signedInOver(a), signedInOver(b)]);
      await rounds(sql, adminA, adminB, 12, 3);
    });
  });
});
