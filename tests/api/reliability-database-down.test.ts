// @both-databases: a PostgreSQL server stopped and started under a running server (PostgreSQL only)
/**
 * Reliability 5 (docs/reliability.md): the database goes away while the server runs (PostgreSQL
 * stopped with pg_ctl stop -m fast, its data kept), then comes back on the same port. Meanwhile
 * requests that need it must fail fast with a 503 and the clear message, /readyz must say not
 * ready while /healthz stays 200, pages and public GETs must never answer 500, and the process
 * must stay up. When the database is back, the same process must serve again by itself.
 * This file starts a PostgreSQL server of its own, since it stops it.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_UNAVAILABLE_MESSAGE } from '../../src/server/http/error-handler';
import { openDay } from '../helpers/bookings';
import { startPgServer, type PgServer } from '../helpers/pg-server';
import {
  killAll,
  postBooking,
  printSummary,
  RELIABILITY_TIMEOUT_MS,
  request,
  sleep,
  sqlClient,
  startServer,
  startSlowSmtp,
  waitFor,
  type Answer,
  type SlowSmtp,
} from '../helpers/reliability';
import { backend } from '../helpers/test-database';

afterEach(killAll);

/** A request that needs the database must fail within this (the pool's connect timeout is 5 s). */
const FAIL_FAST_MS = 6_000;
/** How long the database stays away. */
const DOWN_FOR_MS = 8_000;

describe.runIf(backend === 'postgres')(
  'reliability: the database unreachable for a while',
  { timeout: RELIABILITY_TIMEOUT_MS },
  () => {
    let pgServer: PgServer;
    let sink: SlowSmtp | null = null;
    beforeAll(async () => {
      pgServer = await startPgServer();
    }, 60_000);
    afterAll(async () => {
      await sink?.close();
      await pgServer?.stop();
    });

    it('answers 503 with the message fast, says not ready, stays up, and recovers without a restart', async () => {
      // A slow SMTP server, so the database can go away while an e-mail is being sent.
      sink = await startSlowSmtp(1_500);
      const server = await startServer(pgServer.url, { SMTP_URL: `smtp://127.0.0.1:${sink.port}` });
      const get = (path: string) => request(`${server.url}${path}`);
      const book = (time: string) => postBooking(server.url, { date: openDay(5), time });

      // Up: everything works (and the public cache is warm).
      expect((await book('10:00')).status).toBe(201);
      expect((await get('/api/services')).status).toBe(200);
      expect((await get('/readyz')).status).toBe(200);

      // Down, while the worker is sending the booking's first e-mail (the second is claimed, waiting).
      await waitFor('an e-mail to be in flight', () => sink!.started > 0, 20_000, 20);
      const inFlightAtOutage = sink.started - sink.received.length;
      await pgServer.pause();
      const downAt = Date.now();
      const down = {
        booking: await book('11:30'),
        availability: await get(`/api/availability/${openDay(5)}`),
        adminLogin: await request(`${server.url}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'admin', password: 'wrong-password-123' }),
        }),
        readyz: await get('/readyz'),
        healthz: await get('/healthz'),
        services: await get('/api/services'),
        reviews: await get('/api/reviews'),
        home: await get('/'),
        bookingPage: await get('/booking'),
        adminPage: await get('/admin'),
      } satisfies Record<string, Answer>;
      // Stay down a while: every half second a booking and /readyz, each failing afresh; the mail
      // worker, the jobs and the change feed keep failing in the background meanwhile.
      const again: Answer[] = [];
      while (Date.now() - downAt < DOWN_FOR_MS) {
        again.push(await book('13:00'), await get('/readyz'));
        await sleep(500);
      }
      const downFor = Date.now() - downAt;
      const alive = server.child.exitCode === null && server.child.signalCode === null;

      // Back, on the same port with the same data.
      await pgServer.resume();
      sink.delayMs = 0;
      const backAt = Date.now();
      const recoveredIn = await waitFor(
        '/readyz to be ready again',
        async () => (await get('/readyz')).status === 200,
        30_000,
        200,
      );
      const after = { booking: await book('13:00'), services: await get('/api/services'), home: await get('/') };
      const stillRunning = server.child.exitCode === null && server.child.signalCode === null;

      const { sql, close } = sqlClient(pgServer.url);
      const [{ n: bookings }] = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM bookings')) as [
        { n: number },
      ];
      const [{ n: emails }] = (await sql<{ n: number }>('SELECT count(*)::int AS n FROM email_outbox')) as [
        { n: number },
      ];
      // The mail worker carried on too: every e-mail (both bookings') goes out, once, soon.
      await waitFor('the e-mails to be delivered', () => sink!.received.length >= emails, 20_000);
      await sleep(300);
      await close();
      const receivedIds = sink.received.map((m) => m.headers['message-id']);

      const againBookings = again.filter((_, i) => i % 2 === 0);
      const againReadyz = again.filter((_, i) => i % 2 === 1);
      const needDatabase = [down.booking, down.availability, down.adminLogin, ...againBookings];
      const all = [...Object.values(down), ...again];
      printSummary('database-down', {
        downForMs: downFor,
        requestsWhileDown: all.length,
        statusesWhileDown: Object.fromEntries(Object.entries(down).map(([k, v]) => [k, v.status])),
        slowest503Ms: Math.max(...needDatabase.map((a) => a.ms)),
        '500': all.filter((a) => a.status === 500).length,
        processRestarts: 0,
        readyAgainInMs: recoveredIn,
        readyAfterBackMs: Date.now() - backAt,
        afterStatuses: Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v.status])),
        bookings,
        emailsInFlightAtOutage: inFlightAtOutage,
        emails,
        received: receivedIds.length,
        duplicated: receivedIds.length - new Set(receivedIds).size,
      });

      for (const answer of needDatabase) {
        expect(answer.status).toBe(503);
        expect(answer.body).toEqual({ code: 'DATABASE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
        expect(answer.retryAfter).toBe('30');
        expect(answer.ms).toBeLessThan(FAIL_FAST_MS);
      }
      expect(down.readyz.status).toBe(503);
      expect(againReadyz.every((a) => a.status === 503)).toBe(true);
      expect(down.healthz.status).toBe(200);
      // Nothing answers 500 while the database is away (public data: 200 from memory or a 503).
      for (const answer of all) expect(answer.status, JSON.stringify(answer)).not.toBe(500);
      for (const answer of [down.services, down.reviews, down.home, down.bookingPage, down.adminPage]) {
        expect([200, 503]).toContain(answer.status);
      }
      // A page that cannot be built says so to a person, in HTML, and comes back by itself.
      for (const page of [down.home, down.bookingPage, down.adminPage].filter((a) => a.status === 503)) {
        expect(page.contentType).toMatch(/^text\/html/);
        expect(page.text).toContain('will be back in a moment');
        expect(page.text).toContain('http-equiv="refresh"');
        expect(page.retryAfter).toBe('30');
      }
      expect(alive).toBe(true);
      // Back by itself: the same process serves again.
      expect(stillRunning).toBe(true);
      expect(after.booking.status).toBe(201);
      expect(after.services.status).toBe(200);
      expect(after.home.status).toBe(200);
      expect(bookings).toBe(2);
      // The e-mail sent while the database was away is recorded as sent (not sent again when its
      // claim lease ends), and the one claimed but not tried goes out at once, not ten minutes later.
      expect(inFlightAtOutage).toBe(1);
      expect(emails).toBe(4);
      expect(receivedIds).toHaveLength(4);
      expect(new Set(receivedIds).size).toBe(4);
    });
  },
);
