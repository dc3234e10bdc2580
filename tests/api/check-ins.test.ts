// @both-databases: the alert job in several server processes on one PostgreSQL database sends each alert once
/**
 * Check-in (docs/product.md §16 "Check-in", docs/decisions/025-check-in.md): her safety contact, her
 * 'Arrived' / 'Leaving' presses (replayed presses change nothing, the phone's time within bounds), and the
 * overdue alert: exactly once through the outbox, across two server processes, and after a restart.
 */
import { randomUUID } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { AdminBooking } from '../../src/shared/schemas/booking';
import type { CheckInState, SafetySettings } from '../../src/shared/schemas/check-in';
import { nzDateOf, nzTimeOf } from '../../src/shared/time';
import { sendOverdueAlerts } from '../../src/server/modules/check-ins/alerts';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { eventually } from '../helpers/eventually';
import { expectInvalid, expectRejected } from '../helpers/expect-rejected';
import { startServerProcess } from '../helpers/server-process';
import { createTestDatabase, backend } from '../helpers/test-database';
import { signedInOver, sqlOf, type Send, type Sql } from '../helpers/two-processes';

const t = useTestApp({ signedIn: true });
const tsql: Sql = (text, params) => t.sql(text, params);

const MIN = 60_000;
/** Visits sit 80 minutes apart (60 min visit + 15 min buffer) around now: slot k starts at base + k·80 min. */
const base = Date.now() - 10 * MIN;
const startOf = (k: number) => new Date(base + k * 80 * MIN);

const CONTACT: SafetySettings = {
  contactName: 'Mere Tane',
  contactEmail: 'mere@example.nz',
  graceMinutes: 30,
  enabled: true,
};

let requests = 0;
/** A confirmed 60-minute visit starting at `start`, as no API can place one (in the past, or within the notice). */
async function visitAt(sql: Sql, post: (body: unknown) => Promise<{ status: number; body: string }>, start: Date) {
  const n = requests++;
  const res = await post(
    bookingRequest({ date: openDay(n), time: '10:00', phone: `021 7${String(n).padStart(6, '0')}` }),
  );
  expect(res.status, res.body).toBe(201);
  const { id } = JSON.parse(res.body) as AdminBooking;
  await sql(
    `UPDATE bookings SET status = 'confirmed', date = $2, time = $3, starts_at = ($4)::timestamptz,
       ends_at = ($4)::timestamptz + interval '60 minutes', buffer_ends_at = ($4)::timestamptz + interval '75 minutes',
       duration = 60 WHERE id = $1`,
    [id, nzDateOf(start), nzTimeOf(start), start.toISOString()],
  );
  return id;
}

const visit = (k: number) =>
  visitAt(
    tsql,
    async (body) => {
      const r = await book(t, body as Record<string, unknown>);
      return { status: r.statusCode, body: r.body };
    },
    startOf(k),
  );

const press = (id: number, kind: string, at: Date | string, pressId: string = randomUUID()) =>
  t.admin.post(`/api/admin/bookings/${id}/check-in`, {
    kind,
    at: typeof at === 'string' ? at : at.toISOString(),
    pressId,
  });

const alertsOf = (sql: Sql, id: number) =>
  sql<{ kind: string; to_address: string; subject: string; text_body: string }>(
    "SELECT kind, to_address, subject, text_body FROM email_outbox WHERE booking_id = $1 AND kind LIKE 'safety%' ORDER BY id",
    [id],
  );

describe('safety contact', () => {
  it('is off with a 30-minute grace until she sets it', async () => {
    expect(await t.admin.getJson('/api/admin/safety')).toEqual({
      contactName: '',
      contactEmail: '',
      graceMinutes: 30,
      enabled: false,
    });
  });

  it('saves a contact and answers it', async () => {
    const res = await t.admin.put('/api/admin/safety', CONTACT);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(CONTACT);
    expect(await t.admin.getJson('/api/admin/safety')).toEqual(CONTACT);
  });

  it('refuses a grace outside 5..240 minutes and alerts on without a contact, with clear messages', async () => {
    const grace = 'The grace must be a whole number of minutes from 5 to 240';
    expectInvalid(await t.admin.put('/api/admin/safety', { ...CONTACT, graceMinutes: 4 }), [
      { path: 'graceMinutes', message: grace },
    ]);
    expectInvalid(await t.admin.put('/api/admin/safety', { ...CONTACT, graceMinutes: 241 }), [
      { path: 'graceMinutes', message: grace },
    ]);
    expectInvalid(await t.admin.put('/api/admin/safety', { ...CONTACT, contactEmail: 'not-mail' }), [
      { path: 'contactEmail', message: "Please enter your safety contact's e-mail address" },
    ]);
    expectInvalid(await t.admin.put('/api/admin/safety', { ...CONTACT, contactName: ' ' }), [
      { path: 'contactName', message: "Please enter your safety contact's name" },
    ]);
    expect(await t.admin.getJson('/api/admin/safety')).toEqual(CONTACT);
  });
});

describe('presses', () => {
  it('answers 401 without a session on every check-in route', async () => {
    expectRejected(await t.get('/api/admin/safety'), 401);
    expectRejected(await t.put('/api/admin/safety', CONTACT), 401);
    expectRejected(
      await t.post('/api/admin/bookings/1/check-in', {
        kind: 'arrived',
        at: new Date().toISOString(),
        pressId: randomUUID(),
      }),
      401,
    );
    expectRejected(await t.get(`/api/admin/check-ins?date=${nzDateOf(new Date())}`), 401);
  });

  it("records 'Arrived' and 'Leaving' at the phone's times; a replayed press answers 200 and changes nothing", async () => {
    const id = await visit(0);
    const arrivedAt = new Date(startOf(0).getTime() - 5 * MIN); // early, within 3 h of the start
    const pressId = randomUUID();
    const first = await press(id, 'arrived', arrivedAt, pressId);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<CheckInState>()).toMatchObject({
      bookingId: id,
      arrivedAt: arrivedAt.toISOString(),
      arrivedAtFromServer: false,
      leftAt: null,
    });
    const replay = await press(id, 'arrived', new Date(), pressId);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());

    const leftAt = new Date(Date.now() - MIN);
    const leaving = await press(id, 'leaving', leftAt);
    expect(leaving.statusCode, leaving.body).toBe(201);
    expect(leaving.json<CheckInState>()).toMatchObject({ leftAt: leftAt.toISOString(), leftAtFromServer: false });

    const day = await t.admin.getJson<CheckInState[]>(`/api/admin/check-ins?date=${nzDateOf(startOf(0))}`);
    expect(day.filter((c) => c.bookingId === id)).toEqual([leaving.json()]);
  });

  it("uses the server's time for a phone time out of bounds, and says so", async () => {
    const ahead = await visit(1);
    const before = Date.now();
    const res = await press(ahead, 'arrived', new Date(Date.now() + 10 * MIN));
    const state = res.json<CheckInState>();
    expect(state.arrivedAtFromServer).toBe(true);
    expect(new Date(state.arrivedAt!).getTime()).toBeGreaterThanOrEqual(before);
    expect(new Date(state.arrivedAt!).getTime()).toBeLessThanOrEqual(Date.now());

    const tooEarly = await visit(2); // starts in ~2.5 h: a press 4 h before it is not believed
    const early = await press(tooEarly, 'arrived', new Date(startOf(2).getTime() - 4 * 60 * MIN));
    expect(early.json<CheckInState>().arrivedAtFromServer).toBe(true);

    const old = await visit(-20); // a day ago: a press 25 h old is not believed
    const stale = await press(old, 'arrived', new Date(Date.now() - 25 * 60 * MIN));
    expect(stale.json<CheckInState>().arrivedAtFromServer).toBe(true);
  });

  it("refuses 'Leaving' before 'Arrived', a second 'Arrived', an unconfirmed visit and a press id used elsewhere", async () => {
    const id = await visit(-3);
    expectRejected(
      await press(id, 'leaving', new Date()),
      409,
      "You pressed 'Leaving' before 'Arrived' at this visit: press 'Arrived' first",
    );
    const pressId = randomUUID();
    expect((await press(id, 'arrived', startOf(-3), pressId)).statusCode).toBe(201);
    expectRejected(await press(id, 'arrived', new Date()), 409, "'Arrived' is already recorded for this visit");
    expectRejected(await press(id, 'leaving', new Date(), pressId), 409, {
      code: 'CHECK_IN_OUT_OF_ORDER',
      message: expect.stringMatching(/already used/) as never,
    });

    const pending = await visit(-4);
    await t.sql(`UPDATE bookings SET status = 'cancelled' WHERE id = $1`, [pending]);
    expectRejected(await press(pending, 'arrived', new Date()), 409, {
      code: 'CHECK_IN_NOT_CONFIRMED',
      message: 'Only a confirmed visit can be checked in to',
    });
    expectRejected(await press(999_999, 'arrived', new Date()), 404);
  });

  it('refuses bad input with a clear message', async () => {
    const id = await visit(-5);
    expectInvalid(
      await t.admin.post(`/api/admin/bookings/${id}/check-in`, {
        kind: 'left',
        at: new Date().toISOString(),
        pressId: randomUUID(),
      }),
      [{ path: 'kind', message: "The press must be 'arrived' or 'leaving'" }],
    );
    expectInvalid(await press(id, 'arrived', 'yesterday'), [
      { path: 'at', message: 'The time of the press must be an ISO date-time' },
    ]);
    expectInvalid(await press(id, 'arrived', new Date(), 'abc'), [
      { path: 'pressId', message: 'The press id must be a UUID' },
    ]);
    expectRejected(await t.admin.get('/api/admin/check-ins?date=tomorrow'), 400);
    expectRejected(await t.admin.post('/api/admin/bookings/x/check-in', {}), 400);
  });
});

describe('the overdue alert', () => {
  it('is queued once to the contact with the address, her arrival in NZ time and her phone; never the client', async () => {
    await t.admin.put('/api/admin/safety', CONTACT);
    const id = await visit(-6); // ended ~6 h ago
    const arrived = startOf(-6);
    await press(id, 'arrived', arrived);
    await Promise.all([sendOverdueAlerts(t.database.db, t.config), sendOverdueAlerts(t.database.db, t.config)]);
    await sendOverdueAlerts(t.database.db, t.config);
    const mails = await alertsOf(tsql, id);
    expect(mails.map((m) => [m.kind, m.to_address])).toEqual([['safety_overdue', 'mere@example.nz']]);
    const text = mails[0]!.text_body;
    expect(text).toContain('12 Bow Street, Raglan');
    expect(text).toMatch(/She arrived: +.+ at \d{1,2}:\d{2} [AP]M \(NZ time\)/);
    expect(text).toContain(t.config.practice.phone);
    expect(text).not.toMatch(/Ana|Smith|ana@example/);
    const [row] = await t.sql<{ overdue_alert_at: Date | null }>(
      'SELECT overdue_alert_at FROM check_ins WHERE booking_id = $1',
      [id],
    );
    expect(row!.overdue_alert_at).not.toBeNull();
  });

  it("is not sent before the end plus the grace, nor after 'Leaving', nor with alerts off", async () => {
    await t.admin.put('/api/admin/safety', CONTACT);
    const current = await visit(-7);
    await press(current, 'arrived', startOf(-7));
    const endsAt = startOf(-7).getTime() + 60 * MIN;
    await sendOverdueAlerts(t.database.db, t.config, new Date(endsAt + 29 * MIN));
    expect(await alertsOf(tsql, current)).toEqual([]);

    const left = await visit(-8);
    await press(left, 'arrived', startOf(-8));
    await press(left, 'leaving', new Date(startOf(-8).getTime() + 50 * MIN));
    await t.admin.put('/api/admin/safety', { ...CONTACT, enabled: false });
    await sendOverdueAlerts(t.database.db, t.config);
    expect(await alertsOf(tsql, current)).toEqual([]);
    await t.admin.put('/api/admin/safety', CONTACT);
    await sendOverdueAlerts(t.database.db, t.config);
    expect(await alertsOf(tsql, left)).toEqual([]);
    expect((await alertsOf(tsql, current)).map((m) => m.kind)).toEqual(['safety_overdue']);
  });

  it("'Leaving' after an alert queues one all-clear", async () => {
    await t.admin.put('/api/admin/safety', CONTACT);
    const id = await visit(-9);
    await press(id, 'arrived', startOf(-9));
    await sendOverdueAlerts(t.database.db, t.config);
    const leavingId = randomUUID();
    const res = await press(id, 'leaving', new Date(), leavingId);
    expect(res.json<CheckInState>().allClearAt).not.toBeNull();
    await press(id, 'leaving', new Date(), leavingId); // replayed
    const mails = await alertsOf(tsql, id);
    expect(mails.map((m) => m.kind)).toEqual(['safety_overdue', 'safety_all_clear']);
    expect(mails[1]!.text_body).toContain('12 Bow Street, Raglan');
    expect(mails[1]!.subject).toMatch(/^All clear/);
  });
});

/** Two real server processes with the job every half second, then a restart: one alert each, never two. */
describe.runIf(backend === 'postgres')('the alert job in server processes on one PostgreSQL database', () => {
  it(
    'sends one alert per visit from two processes, and claims a visit that fell due while it was down',
    { timeout: 120_000 },
    async () => {
      const td = await createTestDatabase();
      const sql = sqlOf(td.database);
      const servers: ChildProcess[] = [];
      const start = () => {
        const s = startServerProcess({
          DATABASE_URL: td.location.url!,
          MAIL_WORKER_ENABLED: 'false',
          CHECK_IN_ALERT_SECONDS: '0.5',
        });
        servers.push(s.child);
        return s.ready;
      };
      const stopAll = async () => {
        servers.forEach((s) => s.kill('SIGKILL'));
        await new Promise((r) => setTimeout(r, 300));
        servers.length = 0;
      };
      try {
        const [a, b] = await Promise.all([start(), start()]);
        const asA: Send = await signedInOver(a);
        const asB: Send = await signedInOver(b);
        expect((await asA('PUT', '/api/admin/safety', CONTACT)).status).toBe(200);
        const post = (body: unknown) => asA('POST', '/api/bookings', body);
        const first = await visitAt(sql, post, startOf(-10));
        const r = await asB('POST', `/api/admin/bookings/${first}/check-in`, {
          kind: 'arrived',
          at: startOf(-10).toISOString(),
          pressId: randomUUID(),
        });
        expect(r.status, r.body).toBe(201);
        await eventually(
          () => alertsOf(sql, first),
          (m) => m.length > 0,
          10_000,
        );
        await new Promise((r2) => setTimeout(r2, 2000)); // several more runs of both jobs
        expect((await alertsOf(sql, first)).map((m) => m.kind)).toEqual(['safety_overdue']);

        // Arrived at a visit, then every server goes down; it falls due while none runs.
        const second = await visitAt(sql, post, startOf(1));
        await asA('POST', `/api/admin/bookings/${second}/check-in`, {
          kind: 'arrived',
          at: new Date().toISOString(),
          pressId: randomUUID(),
        });
        await stopAll();
        await sql(
          `UPDATE bookings SET ends_at = now() - interval '31 minutes', starts_at = now() - interval '91 minutes',
        buffer_ends_at = now() - interval '16 minutes' WHERE id = $1`,
          [second],
        );
        expect(await alertsOf(sql, second)).toEqual([]);
        await start();
        const after = await eventually(
          () => alertsOf(sql, second),
          (m) => m.length > 0,
          15_000,
        );
        expect(after.map((m) => m.kind)).toEqual(['safety_overdue']);
        expect((await alertsOf(sql, first)).length).toBe(1);
      } finally {
        await stopAll();
        await td.database.close();
        await td.drop();
      }
    },
  );
});
