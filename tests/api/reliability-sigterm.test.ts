// @both-databases: server processes on one PostgreSQL database stopped by SIGTERM (PostgreSQL only)
/**
 * Reliability 4 (docs/reliability.md): SIGTERM while requests are in flight and the mail worker is
 * sending. The in-flight requests are held (the test takes the day's advisory lock every booking
 * request waits for) until they are all inside the server; then SIGTERM. New connections must be
 * refused at once, every held request must still get its normal answer (201 or 409), the mail
 * worker must stop after the message it is sending (handing the rest of its batch back), and the
 * process must exit 0. A second process started afterwards sends what was left, each message once.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ROUTE_DOES_NOT_FIT, SLOT_TAKEN } from '../../src/shared/messages';
import { DAY_LOCK_NAMESPACE } from '../../src/server/modules/visits/day-lock';
import { openDay } from '../helpers/bookings';
import {
  connectionRefused,
  killAll,
  logLines,
  postBooking,
  printSummary,
  RELIABILITY_TIMEOUT_MS,
  sleep,
  SPREAD_TIMES,
  sqlClient,
  startServer,
  startSlowSmtp,
  statusCounts,
  waitFor,
  type SlowSmtp,
} from '../helpers/reliability';
import { backend, createTestDatabase } from '../helpers/test-database';

afterEach(killAll);

const IN_FLIGHT = 24;
const QUEUED_BOOKINGS = 4;

describe.runIf(backend === 'postgres')(
  'reliability: SIGTERM with requests in flight',
  { timeout: RELIABILITY_TIMEOUT_MS },
  () => {
    it('finishes in-flight requests, refuses new connections, stops mail after the current message, exits 0', async () => {
      const td = await createTestDatabase({ open: false });
      const { sql, pool, close } = sqlClient(td.location.url!);
      let sink: SlowSmtp | null = null;
      const lock = await pool.connect();
      try {
        sink = await startSlowSmtp(1_500);
        const env = { SMTP_URL: `smtp://127.0.0.1:${sink.port}`, DATABASE_POOL_SIZE: String(IN_FLIGHT + 10) };
        const server = await startServer(td.location.url!, env);

        // E-mails to send: the worker takes 1.5 s over each.
        for (let i = 0; i < QUEUED_BOOKINGS; i++) {
          expect(
            (
              await postBooking(server.url, {
                date: openDay(40),
                time: SPREAD_TIMES[i],
                email: `queued${i}@example.nz`,
              })
            ).status,
          ).toBe(201);
        }
        await waitFor('the worker to be sending', () => sink!.started > 0, 20_000);

        // Hold every booking request for one day inside the server.
        const heldDay = openDay(41);
        await lock.query('BEGIN');
        await lock.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [DAY_LOCK_NAMESPACE, heldDay]);
        const inFlight = Promise.all(
          Array.from({ length: IN_FLIGHT }, (_, i) =>
            postBooking(server.url, {
              date: heldDay,
              time: SPREAD_TIMES[i % SPREAD_TIMES.length],
              email: `held${i}@example.nz`,
            }),
          ),
        );
        await waitFor(
          `${IN_FLIGHT} requests waiting for the day lock`,
          async () => {
            const [row] = await sql<{ n: number }>(
              `SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock' AND wait_event = 'advisory'`,
            );
            return row!.n >= IN_FLIGHT;
          },
          30_000,
        );

        const sigtermAt = Date.now();
        server.child.kill('SIGTERM');
        await waitFor('the shutdown to begin', () => server.output().includes('"msg":"shutting down"'), 5_000, 20);
        const refusedIn = await waitFor(
          'new connections to be refused',
          () => connectionRefused(server.url),
          5_000,
          50,
        );
        await sleep(500);
        await lock.query('COMMIT');

        const answers = await inFlight;
        const exitCode = await server.exited;
        const shutdownMs = Date.now() - sigtermAt;

        const lines = logLines(server.output());
        const indexOf = (msg: string) => lines.findIndex((l) => l.msg === msg);
        const stopping = indexOf('mail worker stopping after its current message');
        const stopped = indexOf('mail worker stopped');
        const sentAfterStop = lines.slice(stopping).filter((l) => l.msg === 'e-mail sent').length;
        const sentRows = await sql<{ message_id: string }>(
          `SELECT message_id FROM email_outbox WHERE status = 'sent' ORDER BY id`,
        );
        const leftRows = await sql<{ attempts: number; due: boolean }>(
          `SELECT attempts, next_attempt_at <= now() AS due FROM email_outbox WHERE status = 'pending'`,
        );
        const receivedAtStop = sink.received.map((m) => m.headers['message-id']);

        // The rest goes out from a new process, each message once.
        sink.delayMs = 0;
        const [{ total }] = (await sql<{ total: number }>('SELECT count(*)::int AS total FROM email_outbox')) as [
          { total: number },
        ];
        const next = await startServer(td.location.url!, { SMTP_URL: env.SMTP_URL });
        await waitFor('the second process to send the rest', () => sink!.received.length >= total, 30_000);
        await sleep(500);
        const ids = sink.received.map((m) => m.headers['message-id']);
        const duplicated = ids.length - new Set(ids).size;
        const [{ unsent }] = (await sql<{ unsent: number }>(
          `SELECT count(*)::int AS unsent FROM email_outbox WHERE status <> 'sent'`,
        )) as [{ unsent: number }];
        next.child.kill('SIGTERM');
        const nextExit = await next.exited;

        printSummary('sigterm-in-flight', {
          inFlight: IN_FLIGHT,
          statuses: statusCounts(answers),
          exitCode,
          shutdownMs,
          newConnectionRefusedInMs: refusedIn,
          emailsSentBeforeStop: receivedAtStop.length,
          sentAfterStopSignal: sentAfterStop,
          leftPending: leftRows.length,
          emails: total,
          received: ids.length,
          lost: unsent,
          duplicated,
          '5xx': answers.filter((a) => a.status >= 500 || a.status === 0).length,
        });

        // Every held request got its normal answer.
        for (const a of answers) {
          expect([201, 409], a.error).toContain(a.status);
          if (a.status === 409) expect([SLOT_TAKEN, ...Object.values(ROUTE_DOES_NOT_FIT)]).toContain(a.body?.message);
        }
        expect(answers.filter((a) => a.status === 201)).toHaveLength(SPREAD_TIMES.length);
        expect(exitCode).toBe(0);
        expect(server.output()).toContain('"msg":"shut down cleanly"');
        // The worker finished the message it was sending, and no more.
        expect(stopping).toBeGreaterThan(-1);
        expect(stopped).toBeGreaterThan(stopping);
        expect(sentAfterStop).toBeLessThanOrEqual(1);
        expect(receivedAtStop.sort()).toEqual(sentRows.map((r) => r.message_id).sort());
        // What it had claimed but not sent is due again, its attempt not counted.
        expect(leftRows.length).toBeGreaterThan(0);
        expect(leftRows.every((r) => r.attempts === 0 && r.due)).toBe(true);
        // Everything went out once in the end.
        expect(total).toBe((QUEUED_BOOKINGS + SPREAD_TIMES.length) * 2);
        expect(ids).toHaveLength(total);
        expect(duplicated).toBe(0);
        expect(unsent).toBe(0);
        expect(nextExit).toBe(0);
      } finally {
        lock.release();
        await killAll();
        await sink?.close();
        await close();
        await td.drop();
      }
    });
  },
);
