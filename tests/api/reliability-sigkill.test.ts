// @both-databases: server processes on one PostgreSQL database killed mid-work (PostgreSQL only)
/**
 * Reliability 3 (docs/reliability.md): SIGKILL in the middle of a booking burst, then a restart on
 * the same database. Every booking answered 201 must be stored, nothing may be half-written (a
 * booking without its two e-mails, or e-mails without their booking), and after the restart every
 * booking's e-mails must reach the SMTP server, each once. The burst runs with the mail worker off,
 * so that the kill catches only bookings (a message caught mid-send by a kill is resent when its
 * claim lease ends, ten minutes later: at least once, by design).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openDay } from '../helpers/bookings';
import {
  halfWritten,
  killAll,
  postBooking,
  printSummary,
  RELIABILITY_TIMEOUT_MS,
  sleep,
  SPREAD_TIMES,
  sqlClient,
  startServer,
  statusCounts,
  waitFor,
  type Answer,
} from '../helpers/reliability';
import { startSmtp, type Smtp } from '../helpers/smtp';
import { backend, createTestDatabase } from '../helpers/test-database';

afterEach(killAll);

const REQUESTS = 64;
const CONCURRENCY = 8;
/** Kill once this many bookings were answered 201. */
const KILL_AFTER = 16;

describe.runIf(backend === 'postgres')(
  'reliability: SIGKILL during a booking burst, then restart',
  { timeout: RELIABILITY_TIMEOUT_MS },
  () => {
    it('keeps every 201, writes nothing by halves, and sends every e-mail once after the restart', async () => {
      const td = await createTestDatabase({ open: false });
      const { sql, close } = sqlClient(td.location.url!);
      let sink: Smtp | null = null;
      try {
        // E-mail set up but its worker off during the burst: mail queued without SMTP would wait for her
        // (docs/product.md §2 "Outbox").
        const server = await startServer(td.location.url!, {
          SMTP_URL: 'smtp://127.0.0.1:9',
          MAIL_WORKER_ENABLED: 'false',
        });
        // 64 distinct slots: 16 days x 4 times that never conflict.
        const bodies = Array.from({ length: REQUESTS }, (_, i) => ({
          date: openDay(2 + Math.floor(i / SPREAD_TIMES.length)),
          time: SPREAD_TIMES[i % SPREAD_TIMES.length],
          email: `kill${i}@example.nz`,
        }));
        const answers: Answer[] = [];
        let killed = false;
        let next = 0;
        const stream = async () => {
          // After the kill, only the requests already in flight get an answer (none).
          while (next < bodies.length && !killed) {
            const answer = await postBooking(server.url, bodies[next++]!);
            answers.push(answer);
            if (!killed && answers.filter((a) => a.status === 201).length >= KILL_AFTER) {
              killed = true;
              server.child.kill('SIGKILL');
            }
          }
        };
        await Promise.all(Array.from({ length: CONCURRENCY }, stream));
        expect(await server.exited).toBeNull();

        const created = answers.filter((a) => a.status === 201);
        const cut = answers.filter((a) => a.status === 0);
        const ids = created.map((a) => a.body!.id as number);
        const stored = await sql<{ id: number }>('SELECT id FROM bookings WHERE id = ANY($1::int[])', [ids]);
        const [{ total }] = (await sql<{ total: number }>('SELECT count(*)::int AS total FROM bookings')) as [
          { total: number },
        ];
        const byHalves = await halfWritten(sql);

        // Restart on the same database, with the mail worker and an SMTP server.
        sink = await startSmtp();
        const restarted = await startServer(td.location.url!, { SMTP_URL: `smtp://127.0.0.1:${sink.port}` });
        const [{ mails }] = (await sql<{ mails: number }>('SELECT count(*)::int AS mails FROM email_outbox')) as [
          { mails: number },
        ];
        const deliveredIn = await waitFor('every e-mail to be delivered', () => sink!.received.length >= mails, 30_000);
        await sleep(500);
        const outbox = await sql<{ message_id: string; booking_id: number; status: string }>(
          'SELECT message_id, booking_id, status FROM email_outbox ORDER BY id',
        );
        const receivedIds = sink.received.map((m) => m.headers['message-id']!);
        const duplicated = receivedIds.length - new Set(receivedIds).size;
        const lost = outbox.filter((r) => !receivedIds.includes(r.message_id)).length;
        // Each 201 booking's two e-mails (the client's and the practice's) arrived.
        const mailedBookings = new Set(
          outbox.filter((r) => receivedIds.includes(r.message_id)).map((r) => r.booking_id),
        );
        const createdWithoutMail = ids.filter(
          (id) => outbox.filter((r) => r.booking_id === id && receivedIds.includes(r.message_id)).length !== 2,
        );
        const afterRestart = await postBooking(restarted.url, { date: openDay(30), time: '10:00' });

        printSummary('sigkill-during-burst', {
          requests: answers.length,
          statuses: statusCounts(answers),
          answered201: ids.length,
          connectionsCut: cut.length,
          bookingsStored: total,
          faults: 1,
          halfWritten: byHalves.bookingsWithoutMail + byHalves.mailWithoutBooking,
          emails: outbox.length,
          received: receivedIds.length,
          lost,
          duplicated,
          deliveredAfterRestartMs: deliveredIn,
          '5xx': answers.filter((a) => a.status >= 500).length,
        });

        expect(killed).toBe(true);
        // Every answer before the kill was a 201; the requests it caught in flight got none (never a 5xx).
        expect(answers.every((a) => a.status === 201 || a.status === 0)).toBe(true);
        expect(ids.length).toBeGreaterThanOrEqual(KILL_AFTER);
        expect(stored).toHaveLength(ids.length);
        // Bookings committed whose answer the kill cut off are whole too; no more than were in flight.
        expect(total - ids.length).toBeLessThanOrEqual(CONCURRENCY);
        expect(byHalves).toEqual({ bookingsWithoutMail: 0, mailWithoutBooking: 0 });
        expect(outbox).toHaveLength(total * 2);
        expect(mailedBookings.size).toBe(total);
        expect(createdWithoutMail).toEqual([]);
        expect(lost).toBe(0);
        expect(duplicated).toBe(0);
        expect(outbox.every((r) => r.status === 'sent')).toBe(true);
        expect(afterRestart.status).toBe(201);
      } finally {
        await killAll();
        await sink?.close();
        await close();
        await td.drop();
      }
    });
  },
);
