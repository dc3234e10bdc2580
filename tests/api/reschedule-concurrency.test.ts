// @both-databases: changes race for one slot (row locks); two server processes on one PostgreSQL database
/**
 * docs/product.md §4 "Changing a visit", 'Bad input and races': a reschedule takes its new time and frees its old one
 * in one transaction under both days' locks, taken in date order. Two clients swapping each other's times on
 * two days at once, a move into a time another move is leaving, and a move racing a new request for the
 * same free time: never an overlap, never a deadlock (a 5xx), each booking holding exactly one time,
 * exactly one winner where one can win. In one process (PGlite serialises; PostgreSQL runs them on a pool)
 * and, on PostgreSQL, across two server processes on one database.
 */
import { describe, expect, it } from 'vitest';
import type { Booking } from '../../src/shared/schemas/booking';
import { useTestApp } from '../helpers/app';
import { bookingRequest, openDay } from '../helpers/bookings';
import { backend } from '../helpers/test-database';
import { onTwoServerProcesses, type Sql } from '../helpers/two-processes';

const t = useTestApp();

const appSql: Sql = (text, params) => t.sql(text, params);

async function activeOverlaps(sql: Sql): Promise<number> {
  const [row] = await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM bookings a JOIN bookings b ON a.id < b.id AND a.occupied && b.occupied
     WHERE a.status IN ('pending','confirmed') AND b.status IN ('pending','confirmed')`,
  );
  return row!.n;
}

const slotOf = async (sql: Sql, id: number) => {
  const [row] = await sql<{ date: string; time: string; status: string }>(
    "SELECT to_char(date, 'YYYY-MM-DD') AS date, time, status FROM bookings WHERE id = $1",
    [id],
  );
  return row!;
};

/** Sends a request to a base URL (another process) and answers status and body. */
type Send = (path: string, body: unknown) => Promise<{ status: number; body: string }>;

const inProcess: Send = async (path, body) => {
  const res = await t.post(path, body);
  return { status: res.statusCode, body: res.body };
};

const over =
  (base: string): Send =>
  async (path, body) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.text() };
  };

let emails = 0;
async function request(send: Send, date: string, time: string): Promise<Booking> {
  const res = await send('/api/bookings', bookingRequest({ date, time, email: `race${++emails}@example.nz` }));
  expect(res.status, res.body).toBe(201);
  return JSON.parse(res.body) as Booking;
}

const move = (send: Send, b: Booking, date: string, time: string) =>
  send(`/api/bookings/token/${b.cancelToken}/reschedule`, { date, time });

/**
 * The races on `days` (each round its own two days), through `sendA` and `sendB` (one process, or two).
 */
async function raceRounds(sql: Sql, sendA: Send, sendB: Send, firstDay: number, rounds: number) {
  for (let i = 0; i < rounds; i++) {
    const d1 = openDay(firstDay + 2 * i);
    const d2 = openDay(firstDay + 2 * i + 1);

    // 0. Crossing moves to free times: C leaves d1 for d2 while D leaves d2 for d1. Both pass the quick
    //    check before any lock, then each needs both days' locks: taken in opposite orders they would
    //    deadlock; in date order both win.
    const c = await request(sendA, d1, '12:30');
    const d = await request(sendB, d2, '09:00');
    const [cMoves, dMoves] = await Promise.all([move(sendA, c, d2, '16:00'), move(sendB, d, d1, '16:00')]);
    expect([cMoves.status, dMoves.status], `${cMoves.body} | ${dMoves.body}`).toEqual([200, 200]);

    // 1. A swap: A (d1 10:00) asks for B's time while B (d2 14:00) asks for A's. Both times are held, so
    //    neither move may win, and neither may lose its own time.
    const a = await request(sendA, d1, '10:00');
    const b = await request(sendB, d2, '14:00');
    const [toB, toA] = await Promise.all([move(sendA, a, d2, '14:00'), move(sendB, b, d1, '10:00')]);
    expect([toB.status, toA.status], `${toB.body} | ${toA.body}`).toEqual([409, 409]);
    expect(await slotOf(sql, a.id)).toMatchObject({ date: d1, time: '10:00', status: 'pending' });
    expect(await slotOf(sql, b.id)).toMatchObject({ date: d2, time: '14:00', status: 'pending' });

    // 2. A chain across the two days in opposite orders: B leaves for a free time on A's day while A asks
    //    for B's time. B always wins; A wins only if B had left; never both in one time.
    const [bLeaves, aFollows] = await Promise.all([move(sendB, b, d1, '14:00'), move(sendA, a, d2, '14:00')]);
    expect(bLeaves.status, bLeaves.body).toBe(200);
    expect([200, 409], aFollows.body).toContain(aFollows.status);
    expect(await slotOf(sql, b.id)).toMatchObject({ date: d1, time: '14:00' });
    expect(await slotOf(sql, a.id)).toMatchObject(
      aFollows.status === 200 ? { date: d2, time: '14:00' } : { date: d1, time: '10:00' },
    );

    // 3. A move racing a new request for the same free time: exactly one wins.
    const free = { date: d2, time: '11:00' };
    const [moved, booked] = await Promise.all([
      move(sendB, b, free.date, free.time),
      sendA('/api/bookings', bookingRequest({ ...free, email: `newcomer${i}@example.nz` })),
    ]);
    const codes = [moved.status, booked.status];
    expect(
      codes.filter((c) => c === 200 || c === 201),
      `${moved.body} | ${booked.body}`,
    ).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(1);
    expect(await slotOf(sql, b.id)).toMatchObject(moved.status === 200 ? free : { date: d1, time: '14:00' });

    expect(await activeOverlaps(sql)).toBe(0);
  }
}

describe('one process', () => {
  it('swaps, chains and a move against a new request: no overlap, no 5xx, one winner', async () => {
    await raceRounds(appSql, inProcess, inProcess, 0, 6);
  });

  it('moves crossing between pairs of days at once all win: the locks are taken in date order', async () => {
    const pairs = [20, 22, 24].map((n) => [openDay(n), openDay(n + 1)] as const);
    const jobs = await Promise.all(
      pairs.map(async ([d1, d2]) => [
        { b: await request(inProcess, d1, '09:00'), to: { date: d2, time: '09:00' } },
        { b: await request(inProcess, d1, '13:00'), to: { date: d2, time: '13:00' } },
        { b: await request(inProcess, d2, '11:00'), to: { date: d1, time: '11:00' } },
        { b: await request(inProcess, d2, '15:00'), to: { date: d1, time: '15:00' } },
      ]),
    );
    const answers = await Promise.all(jobs.flat().map(({ b, to }) => move(inProcess, b, to.date, to.time)));
    for (const a of answers) expect(a.status, a.body).toBe(200);
    for (const { b, to } of jobs.flat()) expect(await slotOf(appSql, b.id)).toMatchObject(to);
    expect(await activeOverlaps(appSql)).toBe(0);
  });

  it('many moves between two days at once, in both directions, never deadlock', async () => {
    const d1 = openDay(26);
    const d2 = openDay(27);
    const times = ['09:00', '11:00', '13:00', '15:00'];
    const onD1 = await Promise.all(times.map((time) => request(inProcess, d1, time)));
    const onD2 = await Promise.all(times.map((time) => request(inProcess, d2, time)));
    // Each moves to the other day, half an hour later: every target overlaps another booking's time
    // until that one has left.
    const answers = await Promise.all([
      ...onD1.map((b, i) => move(inProcess, b, d2, times[i]!.replace(':00', ':30'))),
      ...onD2.map((b, i) => move(inProcess, b, d1, times[i]!.replace(':00', ':30'))),
    ]);
    for (const a of answers) expect([200, 409], a.body).toContain(a.status);
    expect(await activeOverlaps(appSql)).toBe(0);
    const [held] = await t.sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM bookings WHERE date IN ($1, $2) AND status = 'pending'",
      [d1, d2],
    );
    expect(held!.n).toBe(8);
  });
});

describe.runIf(backend === 'postgres')('two server processes on one PostgreSQL database', () => {
  it('swaps, chains and a move against a new request, split across the processes', async () => {
    await onTwoServerProcesses(async ({ a, b, sql }) => {
      await raceRounds(sql, over(a), over(b), 28, 5);
    });
  });
});
