// @both-databases: two server processes on one PostgreSQL database share what is cached
/**
 * GET /api/availability/{date} answers from memory (availability/cached-day-answer.ts). Whatever
 * changes what the date offers shows in the next answer: a booking, its approval, rejection or
 * cancellation, a statement on the database by hand, her other calendars (a sync, the all-day
 * switch, removal), a pending request running out with nothing written, and, on PostgreSQL,
 * a booking through another server process.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AvailabilityResponse } from '../../src/shared/schemas/booking';
import type { OtherCalendar } from '../../src/shared/schemas/other-calendar';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { startCalendarServer, type CalendarServer } from '../helpers/calendar-server';
import { eventually } from '../helpers/eventually';
import { TEST_ENV } from '../helpers/fixtures';
import { googleCalendar, singleEvent } from '../helpers/ics-samples';
import { signIn } from '../helpers/session';
import { backend, createTestDatabase, type TestDatabase } from '../helpers/test-database';

const ADDRESS = '12 Bow Street, Raglan';
const t = useTestApp({ signedIn: true });

async function times(date: string, address?: string): Promise<string[]> {
  const query = new URLSearchParams({ duration: '60', ...(address ? { address } : {}) });
  const res = await t.get(`/api/availability/${date}?${query.toString()}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AvailabilityResponse>().timeSlots;
}

/** Asks twice, so the second answer comes from memory if anything does. */
async function timesTwice(date: string, address?: string): Promise<string[]> {
  const first = await times(date, address);
  expect(await times(date, address)).toEqual(first);
  return first;
}

describe('the kept answer follows every change', () => {
  it('a booking takes its time at once, for visitors with and without an address; rejecting it gives it back', async () => {
    const date = openDay(30);
    expect(await timesTwice(date)).toContain('10:00');
    expect(await timesTwice(date, ADDRESS)).toContain('10:00');
    const res = await book(t, bookingRequest({ date, time: '10:00', email: 'cache1@example.nz' }));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<{ id: number }>().id;
    expect(await times(date)).not.toContain('10:00');
    expect(await times(date, ADDRESS)).not.toContain('10:00');

    const rejected = await t.admin.patch(`/api/admin/bookings/${id}/status`, { status: 'rejected' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await times(date)).toContain('10:00');
    expect(await times(date, ADDRESS)).toContain('10:00');
  });

  it('a statement on the database by hand shows too', async () => {
    const date = openDay(31);
    const res = await book(t, bookingRequest({ date, time: '13:00', email: 'cache2@example.nz' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(await timesTwice(date)).not.toContain('13:00');
    await t.sql(`UPDATE bookings SET status = 'cancelled', expires_at = NULL WHERE id = $1`, [
      res.json<{ id: number }>().id,
    ]);
    // On PGlite the change is told before the statement returns; on a server, a moment after its commit.
    expect(
      await eventually(
        () => times(date),
        (list) => list.includes('13:00'),
      ),
    ).toContain('13:00');
  });

  it('a pending request that runs out gives its time back with nothing written', async () => {
    const date = openDay(32);
    const res = await book(t, bookingRequest({ date, time: '14:00', email: 'cache3@example.nz' }));
    expect(res.statusCode, res.body).toBe(201);
    // Runs out in a second and a half (the statement itself drops the kept answers).
    await t.sql(`UPDATE bookings SET expires_at = now() + interval '1500 milliseconds' WHERE id = $1`, [
      res.json<{ id: number }>().id,
    ]);
    expect(
      await eventually(
        () => times(date),
        (list) => !list.includes('14:00'),
      ),
    ).not.toContain('14:00');
    expect(await times(date)).not.toContain('14:00');
    const back = await eventually(
      () => times(date),
      (list) => list.includes('14:00'),
      5000,
    );
    expect(back).toContain('14:00');
  });
});

describe('her other calendars', () => {
  let server: CalendarServer;
  beforeAll(async () => {
    server = await startCalendarServer();
  });
  afterAll(async () => {
    await server.close();
  });

  it('a sync, the all-day switch and removal each show in the next answer', async () => {
    const date = openDay(33);
    const other = openDay(34);
    server.setFile('/cache.ics', googleCalendar('Cache', []));
    expect(await timesTwice(date)).toContain('11:00');
    expect(await timesTwice(other, ADDRESS)).toContain('09:00');

    const added = await t.admin.post('/api/admin/calendars', { name: 'Cache', url: server.url('/cache.ics') });
    expect(added.statusCode, added.body).toBe(201);
    const calendar = added.json<OtherCalendar>();
    expect(await timesTwice(date)).toContain('11:00');

    server.setFile('/cache.ics', singleEvent('dentist', 'Dentist', date, '11:00', '12:00'));
    const synced = await t.admin.post(`/api/admin/calendars/${calendar.id}/sync`, {});
    expect(synced.statusCode, synced.body).toBe(200);
    expect(await times(date)).not.toContain('11:00');

    server.setFile(
      '/cache.ics',
      googleCalendar('Cache', [{ uid: 'away', summary: 'Away', allDay: { from: other, until: other } }]),
    );
    expect((await t.admin.post(`/api/admin/calendars/${calendar.id}/sync`, {})).statusCode).toBe(200);
    expect(await times(date)).toContain('11:00');
    expect(await times(other, ADDRESS)).toEqual([]);
    const off = await t.admin.patch(`/api/admin/calendars/${calendar.id}`, { allDayBlocks: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(await times(other, ADDRESS)).toContain('09:00');

    expect((await t.admin.patch(`/api/admin/calendars/${calendar.id}`, { allDayBlocks: true })).statusCode).toBe(200);
    expect(await timesTwice(other, ADDRESS)).toEqual([]);
    expect((await t.admin.del(`/api/admin/calendars/${calendar.id}`)).statusCode).toBe(200);
    expect(await times(other, ADDRESS)).toContain('09:00');
  });
});

describe.runIf(backend === 'postgres')('two server processes on one database', () => {
  let td: TestDatabase;
  let secondDatabase: Database;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    td = await createTestDatabase();
    secondDatabase = await openDatabase({ databaseUrl: td.location.url! });
    const config = { ...loadConfig({ ...TEST_ENV }), clientDir: null };
    first = await buildApp(config, td.database, { logger: false });
    second = await buildApp(config, secondDatabase, { logger: false });
    await Promise.all([first.ready(), second.ready()]);
    cookie = await signIn(first);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await secondDatabase?.close();
    await td?.database.close();
    await td?.drop();
  });

  const timesOn = async (app: FastifyInstance, date: string) =>
    (await app.inject({ method: 'GET', url: `/api/availability/${date}?duration=60` })).json<AvailabilityResponse>()
      .timeSlots;

  it('a booking through one is seen by the other within a short poll, and so is its cancellation', async () => {
    const date = openDay(35);
    expect(await timesOn(second, date)).toContain('15:00');
    expect(await timesOn(second, date)).toContain('15:00');
    const res = await first.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: bookingRequest({ date, time: '15:00', email: 'cache4@example.nz' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const taken = await eventually(
      () => timesOn(second, date),
      (list) => !list.includes('15:00'),
      2000,
    );
    expect(taken).not.toContain('15:00');

    const id = res.json<{ id: number }>().id;
    const rejected = await first.inject({
      method: 'PATCH',
      url: `/api/admin/bookings/${id}/status`,
      headers: { cookie },
      payload: { status: 'rejected' },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const back = await eventually(
      () => timesOn(second, date),
      (list) => list.includes('15:00'),
      2000,
    );
    expect(back).toContain('15:00');
  });
});
