// @both-databases: mail workers of server processes on one PostgreSQL database (PostgreSQL only)
/**
 * Reliability 2 (docs/reliability.md): the SMTP server is down for a while, then back. Two server
 * processes run the mail worker on one database; bookings queue e-mails while nothing listens on
 * the SMTP port, every row fails a few times, then a real SMTP server starts on that port. Every
 * outbox row must arrive exactly once, under the Message-ID stored in its row.
 *
 * The worker's backoff waits 30 s, then 60 s, ... between attempts; to see several failed attempts
 * within a test, the test moves the retry time of failed rows to now (what the clock would do),
 * never touching a row a worker holds (a claimed row's lease is 10 minutes ahead).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { openDay } from '../helpers/bookings';
import {
  killAll,
  logLines,
  postBooking,
  printSummary,
  RELIABILITY_TIMEOUT_MS,
  sleep,
  SPREAD_TIMES,
  sqlClient,
  startServer,
  waitFor,
  type Sql,
} from '../helpers/reliability';
import { deadPort, startSmtp, type Smtp } from '../helpers/smtp';
import { backend, createTestDatabase } from '../helpers/test-database';

afterEach(killAll);

const BOOKINGS = 12;
const FAILED_ATTEMPTS_PER_ROW = 3;

/** Failed rows become due now, as their backoff would make them later; leased rows (10 min ahead) are left alone. */
const hurryRetries = (sql: Sql, belowAttempts = 1_000) =>
  sql(
    `UPDATE email_outbox SET next_attempt_at = now()
     WHERE status = 'pending' AND attempts < $1 AND next_attempt_at > now() AND next_attempt_at < now() + interval '5 minutes'`,
    [belowAttempts],
  );

describe.runIf(backend === 'postgres')('reliability: SMTP down, then back', { timeout: RELIABILITY_TIMEOUT_MS }, () => {
  it('delivers every outbox row exactly once, under its stored Message-ID, with two workers', async () => {
    const td = await createTestDatabase({ open: false });
    const { sql, close } = sqlClient(td.location.url!);
    let sink: Smtp | null = null;
    try {
      const port = await deadPort();
      const env = { SMTP_URL: `smtp://127.0.0.1:${port}` };
      const [a, b] = await Promise.all([startServer(td.location.url!, env), startServer(td.location.url!, env)]);

      const answers = await Promise.all(
        Array.from({ length: BOOKINGS }, (_, i) =>
          postBooking(i % 2 ? a.url : b.url, {
            date: openDay(30 + Math.floor(i / 4)),
            time: SPREAD_TIMES[i % 4],
            email: `smtp${i}@example.nz`,
          }),
        ),
      );
      expect(answers.map((x) => x.status)).toEqual(Array(BOOKINGS).fill(201));

      // Down: every row fails FAILED_ATTEMPTS_PER_ROW times (nothing listens on the port).
      await waitFor(
        `every row to fail ${FAILED_ATTEMPTS_PER_ROW} times`,
        async () => {
          const [row] = await sql<{ n: number; least: number }>(
            `SELECT count(*)::int AS n, coalesce(min(attempts), 0)::int AS least FROM email_outbox WHERE status = 'pending' AND last_error IS NOT NULL`,
          );
          if (row!.n === BOOKINGS * 2 && row!.least >= FAILED_ATTEMPTS_PER_ROW) return true;
          // Rows that failed enough wait out their real backoff (two minutes and more) meanwhile.
          await hurryRetries(sql, FAILED_ATTEMPTS_PER_ROW);
          return false;
        },
        40_000,
        250,
      );
      const beforeBack = await sql<{ id: number; message_id: string; attempts: number; last_error: string }>(
        'SELECT id, message_id, attempts, last_error FROM email_outbox ORDER BY id',
      );
      expect(beforeBack.every((r) => /ECONNREFUSED/.test(r.last_error))).toBe(true);
      const failedAttempts = beforeBack.reduce((sum, r) => sum + r.attempts, 0);

      // Back: a real SMTP server on the same port; the rows are retried and delivered.
      sink = await startSmtp(port);
      await hurryRetries(sql);
      const deliveredIn = await waitFor(
        'every row to be sent',
        async () => {
          const [row] = await sql<{ n: number }>(`SELECT count(*)::int AS n FROM email_outbox WHERE status <> 'sent'`);
          if (row!.n === 0) return true;
          await hurryRetries(sql);
          return false;
        },
        30_000,
        200,
      );
      // Let any stray second delivery arrive before counting.
      await sleep(1_000);

      const rows = await sql<{ id: number; message_id: string; attempts: number; status: string }>(
        'SELECT id, message_id, attempts, status FROM email_outbox ORDER BY id',
      );
      const receivedIds = sink.received.map((m) => m.headers['message-id']!);
      const unique = new Set(receivedIds);
      const stored = new Set(rows.map((r) => r.message_id));
      const duplicated = receivedIds.length - unique.size;
      const lost = [...stored].filter((id) => !unique.has(id)).length;
      const strangers = [...unique].filter((id) => !stored.has(id)).length;
      const sentBy = (s: { output: () => string }) =>
        logLines(s.output()).filter((l) => l.msg === 'e-mail sent').length;

      printSummary('smtp-down-then-back', {
        bookings: BOOKINGS,
        outboxRows: rows.length,
        failedAttempts,
        received: receivedIds.length,
        sentByProcess: [sentBy(a), sentBy(b)],
        lost,
        duplicated,
        deliveredInMs: deliveredIn,
      });

      expect(rows).toHaveLength(BOOKINGS * 2);
      // The Message-ID chosen when the row was queued is the one that arrived, after the retries.
      expect(rows.map((r) => r.message_id)).toEqual(beforeBack.map((r) => r.message_id));
      expect(lost).toBe(0);
      expect(duplicated).toBe(0);
      expect(strangers).toBe(0);
      // Each row: its failed attempts, then the one that delivered it.
      expect(rows.map((r) => r.attempts)).toEqual(Array(rows.length).fill(FAILED_ATTEMPTS_PER_ROW + 1));
      expect(sentBy(a) + sentBy(b)).toBe(rows.length);
    } finally {
      await killAll();
      await sink?.close();
      await close();
      await td.drop();
    }
  });
});
