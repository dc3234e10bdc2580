// @both-databases: offers race for one freed time (locks); two server processes on one PostgreSQL database
/**
 * docs/product.md §4 "Waitlist", 'Bad input and races', the waitlist: two offer runs for one freed time, a hold running
 * out as it is accepted, and an accept racing a visitor's request for the same time. Never two holds or a hold and a
 * booking on one time, never a time offered to an address it cannot reach, never a lost booking or e-mail. In one
 * process (PGlite serialises; PostgreSQL runs them on a pool) and, on PostgreSQL, with two server processes on one
 * database (each running its own offers job) while this process runs more.
 */
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client';
import type { AppConfig } from '../../src/server/config';
import type { DriveSource } from '../../src/server/modules/scheduling/drive-source';
import { offerFreedTimes } from '../../src/server/modules/waitlist/offer-freed-times';
import type { Booking } from '../../src/shared/schemas/booking';
import { useTestApp } from '../helpers/app';
import { bookingRequest, openDay } from '../helpers/bookings';
import { backend } from '../helpers/test-database';
import { onTwoServerProcesses, type Sql } from '../helpers/two-processes';
import { HAMILTON, joinRequest, RAGLAN } from '../helpers/waitlist';

const t = useTestApp();

type Send = (method: 'GET' | 'POST', path: string, body?: unknown) => Promise<{ status: number; body: string }>;

const inProcess: Send = async (method, path, body) => {
  const res = method === 'GET' ? await t.get(path) : await t.post(path, body);
  return { status: res.statusCode, body: res.body };
};

const over =
  (base: string): Send =>
  async (method, path, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.text() };
  };

interface World {
  sql: Sql;
  sendA: Send;
  sendB: Send;
  /** One run of the offers job from this process. */
  offer: (now?: Date) => Promise<unknown>;
}

let people = 0;
const someone = (name: string) => `${name}.race${++people}@example.nz`;

async function book(w: World, send: Send, date: string, time: string, email = someone('booked')): Promise<Booking> {
  const res = await send('POST', '/api/bookings', bookingRequest({ date, time, email }));
  expect(res.status, res.body).toBe(201);
  return JSON.parse(res.body) as Booking;
}

async function join(w: World, send: Send, over: Record<string, unknown>): Promise<string> {
  await w.sql(`DELETE FROM rate_limits WHERE key LIKE 'waitlist:%'`);
  const email = someone('waiting');
  const res = await send('POST', '/api/waitlist', joinRequest({ email, ...over }));
  expect(res.status, res.body).toBe(201);
  return email;
}

const offersTo = (w: World, email: string) =>
  w.sql<{ id: number; token: string; time: string; status: string }>(
    `SELECT o.id, o.token, o.time, o.status FROM waitlist_offers o JOIN waitlist_entries e ON e.id = o.entry_id
       WHERE e.email = $1 ORDER BY o.id`,
    [email],
  );

/** What must hold whatever the interleaving. */
async function expectInvariants(w: World): Promise<void> {
  const [overlaps] = await w.sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM bookings a JOIN bookings b ON a.id < b.id AND a.occupied && b.occupied
     WHERE a.status IN ('pending','confirmed') AND b.status IN ('pending','confirmed')`,
  );
  expect(overlaps!.n, 'two active bookings on one time').toBe(0);
  // A live hold never shares its time with an active booking (its own accepted booking has closed it).
  const [held] = await w.sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM waitlist_offers o JOIN bookings b ON o.occupied && b.occupied
     WHERE o.status = 'offered' AND o.hold_until > now() AND b.status IN ('pending','confirmed')`,
  );
  expect(held!.n, 'a live hold on a booked time').toBe(0);
  // Every offer was e-mailed exactly once; every accepted offer is a booking with its e-mails.
  const [offers] = await w.sql<{ offers: number; mails: number }>(
    `SELECT (SELECT count(*)::int FROM waitlist_offers) AS offers,
            (SELECT count(*)::int FROM email_outbox WHERE kind = 'waitlist_offer') AS mails`,
  );
  expect(offers!.mails).toBe(offers!.offers);
  const [lost] = await w.sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM waitlist_offers o WHERE o.status = 'accepted' AND NOT EXISTS (
       SELECT 1 FROM bookings b WHERE b.id = o.booking_id AND b.status = 'pending'
         AND EXISTS (SELECT 1 FROM email_outbox m WHERE m.booking_id = b.id AND m.kind = 'booking_received'))`,
  );
  expect(lost!.n, 'an accepted offer without its booking or e-mail').toBe(0);
  // Nobody in Hamilton was offered a time between Raglan visits.
  const [far] = await w.sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM waitlist_offers o JOIN waitlist_entries e ON e.id = o.entry_id
       WHERE e.address = $1`,
    [HAMILTON],
  );
  expect(far!.n, 'a Hamilton entry offered a time it cannot reach').toBe(0);
}

/** A day of Raglan visits with no free hour; answers the 14:00 visit, whose cancellation frees the time. */
async function fullRaglanDay(w: World, date: string): Promise<Booking> {
  let freed: Booking | undefined;
  for (const time of ['09:00', '10:30', '12:00', '14:00', '15:30']) {
    const b = await book(w, w.sendA, date, time);
    if (time === '14:00') freed = b;
  }
  return freed!;
}

async function rounds(w: World, firstDay: number, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const date = openDay(firstDay + i);
    const freed = await fullRaglanDay(w, date);
    const window = { dates: [date], earliest: '14:00', latest: '14:00' };
    const hamilton = await join(w, w.sendB, { ...window, address: HAMILTON, earliest: '09:00', latest: '16:00' });
    const first = await join(w, w.sendA, { ...window, address: RAGLAN });
    const second = await join(w, w.sendB, { ...window, address: RAGLAN });
    const third = await join(w, w.sendA, { ...window, address: RAGLAN });
    await w.offer();
    expect(await offersTo(w, first)).toEqual([]);

    // 1. Two offer runs (and, across processes, the servers' own) for one freed time: one hold, one e-mail.
    const cancelled = await w.sendB('POST', `/api/bookings/cancel/${freed.cancelToken}`);
    expect(cancelled.status, cancelled.body).toBe(200);
    await Promise.all([w.offer(), w.offer(), w.offer()]);
    const [offer] = await offersTo(w, first);
    expect(offer).toMatchObject({ time: '14:00', status: 'offered' });
    expect(await offersTo(w, second)).toEqual([]);
    expect(await offersTo(w, hamilton)).toEqual([]);
    await expectInvariants(w);

    // 2. The hold runs out as it is accepted: either the booking is made (and nobody else is offered the time)
    //    or the accept is refused and the next person gets it. Never both.
    await w.sql(`UPDATE waitlist_offers SET hold_until = now() + interval '30 milliseconds' WHERE id = $1`, [
      offer!.id,
    ]);
    await new Promise((r) => setTimeout(r, 25));
    const [accepted] = await Promise.all([
      w.sendA('POST', `/api/waitlist/offers/${offer!.token}/accept`),
      w.offer(new Date(Date.now() + 1000)),
      w.offer(new Date(Date.now() + 1000)),
    ]);
    expect([201, 410], accepted.body).toContain(accepted.status);
    await w.offer(new Date(Date.now() + 1000));
    const secondOffers = await offersTo(w, second);
    if (accepted.status === 201) {
      expect((await offersTo(w, first))[0]!.status).toBe('accepted');
      expect(secondOffers).toEqual([]);
    } else {
      expect((await offersTo(w, first))[0]!.status).toBe('expired');
      expect(secondOffers).toEqual([expect.objectContaining({ time: '14:00', status: 'offered' })]);
    }
    await expectInvariants(w);

    // 3. An accept racing a visitor's request for the same time. With the hold live, the holder wins; with the
    //    hold just ended (not yet closed by the job), exactly one of them gets the time.
    const holder = accepted.status === 201 ? null : secondOffers[0]!;
    if (holder) {
      const [acceptRes, visitorRes] = await Promise.all([
        w.sendB('POST', `/api/waitlist/offers/${holder.token}/accept`),
        w.sendA('POST', '/api/bookings', bookingRequest({ date, time: '14:00', email: someone('visitor') })),
      ]);
      expect([acceptRes.status, visitorRes.status], `${acceptRes.body} | ${visitorRes.body}`).toEqual([201, 409]);
    } else {
      // The time is booked by the first: free another by cancelling 09:00 and race an accept at its end.
      const [nine] = await w.sql<{ cancel_token: string }>(
        `SELECT cancel_token FROM bookings WHERE date = $1 AND time = '09:00' AND status = 'pending'`,
        [date],
      );
      const early = await join(w, w.sendA, { dates: [date], earliest: '09:00', latest: '09:00', address: RAGLAN });
      expect((await w.sendB('POST', `/api/bookings/cancel/${nine!.cancel_token}`)).status).toBe(200);
      await w.offer();
      const [o] = await offersTo(w, early);
      expect(o).toMatchObject({ time: '09:00', status: 'offered' });
      await w.sql(`UPDATE waitlist_offers SET hold_until = now() + interval '20 milliseconds' WHERE id = $1`, [o!.id]);
      await new Promise((r) => setTimeout(r, 20));
      const [acceptRes, visitorRes] = await Promise.all([
        w.sendB('POST', `/api/waitlist/offers/${o!.token}/accept`),
        w.sendA('POST', '/api/bookings', bookingRequest({ date, time: '09:00', email: someone('visitor') })),
      ]);
      const codes = [acceptRes.status, visitorRes.status];
      expect(
        codes.filter((c) => c === 201),
        `${acceptRes.body} | ${visitorRes.body}`,
      ).toHaveLength(1);
    }
    expect(third).toBeTruthy();
    await expectInvariants(w);
  }
}

describe('one process', () => {
  it('two offers for one time, a hold ending as it is accepted, an accept racing a visitor', async () => {
    const w: World = {
      sql: (text, params) => t.sql(text, params),
      sendA: inProcess,
      sendB: inProcess,
      offer: (now) => offerFreedTimes({ db: t.app.db, config: t.config, drives: t.app.drives }, now),
    };
    await rounds(w, 0, 4);
  });
});

describe.runIf(backend === 'postgres')('two server processes on one PostgreSQL database', () => {
  it('the same races split across the processes, each also running its own offers job', async () => {
    await onTwoServerProcesses(async ({ a, b, sql, database }) => {
      const deps: { db: Db; config: AppConfig; drives: DriveSource } = {
        db: database.db,
        config: t.config,
        drives: t.app.drives,
      };
      await rounds({ sql, sendA: over(a), sendB: over(b), offer: (now) => offerFreedTimes(deps, now) }, 10, 3);
    });
  });
});
