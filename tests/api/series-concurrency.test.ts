// @both-databases: series race for their dates (locks); two server processes on one PostgreSQL database
/**
 * docs/product.md §4 "Regulars", 'Bad input and races': a series being made, or extended as the horizon moves, races
 * visitors booking the same times. The series holds every date's day lock (in date order) while it checks and books, so
 * each time ends with exactly one holder: never an overlap, never a drive she cannot make, never a visitor's
 * booking lost (a 201 stays), and never a 5xx. In one process (PGlite serialises; PostgreSQL runs them on a
 * pool), and on PostgreSQL across two server processes and this one (the extension job) on one database.
 */
import { describe, expect, it } from 'vitest';
import type { AppConfig } from '../../src/server/config';
import type { Db } from '../../src/server/db/client';
import type { DriveSource } from '../../src/server/modules/scheduling/drive-source';
import { createSeriesService } from '../../src/server/modules/series/service';
import type { Booking } from '../../src/shared/schemas/booking';
import type { SeriesCreated } from '../../src/shared/schemas/series';
import { addDaysToDate, nzToday } from '../../src/shared/time';
import { useTestApp } from '../helpers/app';
import { bookingRequest, openDay } from '../helpers/bookings';
import { backend } from '../helpers/test-database';
import { onTwoServerProcesses, signedInOver, type Send, type Sql } from '../helpers/two-processes';

const t = useTestApp({ signedIn: true });

const appSql: Sql = (text, params) => t.sql(text, params);

const HAMILTON = '100 Victoria Street, Hamilton';

async function activeOverlaps(sql: Sql): Promise<number> {
  const [row] = await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM bookings a JOIN bookings b ON a.id < b.id AND a.occupied && b.occupied
     WHERE a.status IN ('pending','confirmed') AND b.status IN ('pending','confirmed')`,
  );
  return row!.n;
}

/** A Raglan visit that ends at noon and a Hamilton one at 12:30 on one day: the drive does not fit. */
async function infeasibleDays(sql: Sql): Promise<number> {
  const [row] = await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM bookings r JOIN bookings h ON r.date = h.date
     WHERE r.status IN ('pending','confirmed') AND h.status IN ('pending','confirmed')
       AND r.time = '11:00' AND r.address LIKE '%Raglan' AND h.time = '12:30' AND h.address = $1`,
    [HAMILTON],
  );
  return row!.n;
}

const inProcess: Send = async (method, path, body) => {
  const res = await (path.startsWith('/api/admin') ? t.admin : t).request(method as 'POST', path, body);
  return { status: res.statusCode, body: res.body };
};

let emails = 0;
const visitorBooks = (send: Send, date: string, time: string, address?: string) =>
  send(
    'POST',
    '/api/bookings',
    bookingRequest({ date, time, email: `visitor${++emails}@example.nz`, ...(address ? { address } : {}) }),
  );

async function confirmed(send: Send, date: string, time: string): Promise<Booking> {
  const res = await visitorBooks(send, date, time);
  expect(res.status, res.body).toBe(201);
  const booking = JSON.parse(res.body) as Booking;
  const ok = await send('PATCH', `/api/admin/bookings/${booking.id}/status`, { status: 'confirmed' });
  expect(ok.status, ok.body).toBe(200);
  return booking;
}

/** Every visitor's 201 is still there, active: nothing the series did lost it. */
async function expectKept(sql: Sql, answers: { status: number; body: string }[]) {
  for (const a of answers) {
    expect([201, 409], a.body).toContain(a.status);
    if (a.status !== 201) continue;
    const { id } = JSON.parse(a.body) as Booking;
    const [row] = await sql<{ status: string }>('SELECT status FROM bookings WHERE id = $1', [id]);
    expect(row!.status).toBe('pending');
  }
}

/** Each date holds the time once: the series' visit or the visitor's, and the series says which. */
async function expectOneHolder(sql: Sql, seriesId: number, dates: string[], time: string) {
  for (const date of dates) {
    const holders = await sql<{ series_id: number | null }>(
      "SELECT series_id FROM bookings WHERE date = $1 AND time = $2 AND status IN ('pending','confirmed')",
      [date, time],
    );
    expect(holders.length, `${date} ${time}`).toBe(1);
    const [occurrence] = await sql<{ status: string }>(
      'SELECT status FROM series_occurrences WHERE series_id = $1 AND for_date = $2',
      [seriesId, date],
    );
    expect(occurrence!.status).toBe(holders[0]!.series_id === seriesId ? 'booked' : 'conflict');
  }
}

/**
 * One round: a weekly series from `origin` racing visitors at the series' time on each of its dates, and a
 * Hamilton visitor at 12:30 on one (the series' 11:00 Raglan visit and it cannot share a day).
 */
async function creationRound(sql: Sql, admin: Send, visitorsA: Send, visitorsB: Send, day: number) {
  const origin = await confirmed(admin, openDay(day), '11:00');
  const dates = [1, 2, 3].map((w) => addDaysToDate(origin.date, 7 * w));
  const [series, ...visitors] = await Promise.all([
    admin('POST', '/api/admin/series', { bookingId: origin.id, everyWeeks: 1, count: 4 }),
    visitorBooks(visitorsA, dates[0]!, '11:00'),
    visitorBooks(visitorsB, dates[1]!, '11:00'),
    visitorBooks(visitorsA, dates[2]!, '12:30', HAMILTON),
    visitorBooks(visitorsB, dates[0]!, '11:00'),
  ]);
  expect(series.status, series.body).toBe(201);
  const created = JSON.parse(series.body) as SeriesCreated;
  await expectKept(sql, visitors);
  await expectOneHolder(sql, created.id, dates.slice(0, 2), '11:00');
  expect(await activeOverlaps(sql)).toBe(0);
  expect(await infeasibleDays(sql)).toBe(0);
}

/** Made while the horizon reached only its first date, then extended as visitors race for the new dates. */
async function extensionRound(
  sql: Sql,
  deps: { db: Db; config: AppConfig; drives: DriveSource },
  visitorsA: Send,
  visitorsB: Send,
  day: number,
  time: string,
) {
  const origin = await confirmed(visitorsA, openDay(day), time);
  // Made when the horizon was a fortnight shorter: the later dates wait for it to move.
  const shorter = Math.max(1, Math.round((Date.parse(origin.date) - Date.parse(nzToday())) / 86_400_000) + 1);
  const narrow = { ...deps.config, booking: { ...deps.config.booking, horizonDays: shorter } };
  const created = await createSeriesService({ ...deps, config: narrow }).create({
    bookingId: origin.id,
    everyWeeks: 1,
    count: 4,
  });
  expect(created.occurrences).toHaveLength(1);
  const dates = [1, 2, 3].map((w) => addDaysToDate(origin.date, 7 * w));
  const extend = createSeriesService(deps);
  const [first, second, ...visitors] = await Promise.all([
    extend.extend(created.id),
    extend.extend(created.id),
    visitorBooks(visitorsA, dates[0]!, time),
    visitorBooks(visitorsB, dates[1]!, time),
    visitorBooks(visitorsA, dates[2]!, time),
  ]);
  // The two runs never decide a date twice: one does them all, the other finds nothing left.
  expect(first.booked + first.conflicts + second.booked + second.conflicts).toBe(3);
  await expectKept(sql, visitors);
  await expectOneHolder(sql, created.id, dates, time);
  expect(await activeOverlaps(sql)).toBe(0);
}

describe('one process', () => {
  it('series creation racing visitors for the same times and a drive it cannot make', async () => {
    for (let round = 0; round < 3; round++) await creationRound(appSql, inProcess, inProcess, inProcess, round);
  });

  it('the extension racing visitors (and another extension) for the newly reachable dates', async () => {
    const deps = { db: t.database.db, config: t.config, drives: t.app.drives };
    for (const [i, time] of ['09:00', '13:30', '15:30'].entries())
      await extensionRound(appSql, deps, inProcess, inProcess, 20 + i, time);
  });
});

describe.runIf(backend === 'postgres')('two server processes on one PostgreSQL database', () => {
  it('creation and extension in one process or this one, visitors through the other', async () => {
    await onTwoServerProcesses(async ({ a, b, sql, database }) => {
      const [adminA, adminB] = await Promise.all([signedInOver(a), signedInOver(b)]);
      for (let round = 0; round < 3; round++) await creationRound(sql, adminA, adminB, adminA, 10 + round);
      const deps = { db: database.db, config: t.config, drives: t.app.drives };
      for (const [i, time] of ['09:00', '14:30'].entries())
        await extensionRound(sql, deps, adminA, adminB, 20 + i, time);
    });
  });
});
