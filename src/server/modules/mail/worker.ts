/**
 * The mail worker: runs inside the server process and delivers the outbox.
 *
 * With SMTP_URL: claims due rows (SKIP LOCKED + lease, so several processes never send one
 * row at the same time), sends each with nodemailer under its stored Message-ID, and marks
 * it sent, or records the error and schedules a retry with backoff; after
 * MAIL_MAX_ATTEMPTS the row is 'failed'.
 *
 * Without SMTP_URL: nothing is claimed or sent. Each pending row is written once as
 * DATA_DIR/mail/<id>-<kind>.eml (a real RFC 5322 message with the same Message-ID) and
 * stays pending, held (docs/product.md §2 "Outbox"): once SMTP_URL is configured it goes out only when she chooses
 * Send.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { AppConfig } from '../../config';
import type { Database, Db } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import { createPollLoop } from '../../poll-loop';
import {
  claimDue,
  holdWaiting,
  listPendingAfter,
  markFailed,
  markSent,
  nextAttemptAfterFailure,
  type OutboxRow,
} from './outbox';
import { EMAIL_KINDS } from './email-kinds';

export type MailLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;

export interface MailWorkerOptions {
  database: Database;
  config: Pick<AppConfig, 'mail' | 'dataDir'>;
  log: MailLogger;
  /** Rows claimed per round (default 10). */
  batchSize?: number;
  /** The clock (tests). Without it, "due" is decided by the database's clock. */
  now?: () => Date;
}

export interface MailRunResult {
  /** Delivered over SMTP in this run. */
  sent: number;
  /** Delivery attempts that failed in this run (retried later, or given up). */
  failed: number;
  /** .eml files written in this run (no SMTP). */
  written: number;
}

export interface MailWorker {
  /** Polls every MAIL_POLL_SECONDS until stop(); does nothing when MAIL_WORKER_ENABLED is off. */
  start(): void;
  /**
   * Stops polling; a run in progress ends after the message it is sending (the rest of its
   * claimed batch is handed back, due at once for any process). Resolves when it has ended.
   */
  stop(): Promise<void>;
  /** One pass over everything due now. Calls on one worker never overlap. */
  runOnce(): Promise<MailRunResult>;
}

/** Rounds per run at most, so one run always ends. */
const MAX_ROUNDS = 100;
/** Timeouts keep one send well inside the claim lease (10 min for a batch of 10). */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

/** The folder of the .eml copies. */
export const mailDir = (dataDir: string) => path.join(dataDir, 'mail');
/** <id>-<kind>.eml */
export const emlFileName = (row: Pick<OutboxRow, 'id' | 'kind'>) =>
  `${row.id}-${row.kind.replace(/[^A-Za-z0-9_-]/g, '_')}.eml`;

function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const e = err as Error & { code?: string; responseCode?: number; response?: string };
  const parts = [e.code, e.responseCode ? String(e.responseCode) : undefined, e.message].filter(Boolean);
  return parts.join(' ') || e.name;
}

/**
 * Hands claimed rows that were not attempted back: their attempt uncounted and due now, so
 * another process sends them without waiting for the claim lease to end (SIGTERM mid-batch).
 */
async function releaseClaims(db: Db, ids: number[], now?: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`statement_timestamp()`;
  const rows = await db
    .update(emailOutbox)
    .set({ attempts: sql`greatest(${emailOutbox.attempts} - 1, 0)`, nextAttemptAt: at })
    .where(and(inArray(emailOutbox.id, ids), eq(emailOutbox.status, 'pending')))
    .returning({ id: emailOutbox.id });
  return rows.length;
}

function mailOf(row: OutboxRow, from: string) {
  return {
    from,
    to: row.toAddress,
    subject: row.subject,
    text: row.textBody,
    ...(row.htmlBody ? { html: row.htmlBody } : {}),
    messageId: row.messageId,
    date: row.createdAt,
    headers: {
      'X-Homevisit-Kind': row.kind,
      // Notifications are automatic; the admin's own messages are not.
      ...(row.kind === EMAIL_KINDS.adminMessage ? {} : { 'Auto-Submitted': 'auto-generated' }),
    },
    // A binary attachment (a receipt's PDF) is stored base64 in the jsonb: nodemailer decodes it back to its bytes.
    attachments: row.attachments.map((a) => ({
      filename: a.filename,
      contentType: a.contentType,
      content: a.content,
      ...(a.encoding ? { encoding: a.encoding } : {}),
    })),
  };
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { database, config, log } = options;
  const db = database.db;
  const batchSize = options.batchSize ?? 10;
  const clock = options.now;
  const now = clock ?? (() => new Date());
  // Not `from`: it follows her practice's name and e-mail when she saves them in Settings (decision 036), so each
  // message reads it as it goes.
  const { smtpUrl, maxAttempts, pollMs, workerEnabled } = config.mail;

  const smtp = smtpUrl ? createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }) : null;
  const composer = smtpUrl ? null : createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  /** Rows up to this id already have their .eml file (no SMTP). */
  let emlCursor = 0;
  /** Set by stop(): a run in progress ends after its current message. */
  let stopping = false;

  /**
   * What the database could not be told while it was away (a write failed mid-batch), settled
   * before anything new is claimed: messages already handed to SMTP (marked sent, so they are not
   * sent again when their lease ends) and claimed rows not attempted (handed back, due at once).
   */
  const sentUnrecorded = new Map<number, Date>();
  const claimedUnattempted = new Set<number>();

  async function settleLeftovers(): Promise<void> {
    for (const [id, sentAt] of sentUnrecorded) {
      await markSent(db, id, sentAt);
      sentUnrecorded.delete(id);
    }
    if (claimedUnattempted.size > 0) {
      const released = await releaseClaims(db, [...claimedUnattempted], clock?.());
      claimedUnattempted.clear();
      log.info({ released }, 'database back: claimed e-mails handed back to the outbox');
    }
  }

  /** Sends one claimed row and records the outcome; false when the attempt failed. */
  async function deliverOne(row: OutboxRow): Promise<boolean> {
    try {
      await smtp!.sendMail(mailOf(row, config.mail.from));
    } catch (err) {
      const error = describeError(err);
      const retryAt = nextAttemptAfterFailure(row.attempts, maxAttempts, now());
      await markFailed(db, row.id, error, retryAt);
      if (retryAt) {
        log.warn(
          { outboxId: row.id, kind: row.kind, attempts: row.attempts, retryAt, error },
          'e-mail delivery failed, will retry',
        );
      } else {
        log.error(
          { outboxId: row.id, kind: row.kind, attempts: row.attempts, error },
          'e-mail delivery failed, giving up',
        );
      }
      return false;
    }
    const sentAt = now();
    sentUnrecorded.set(row.id, sentAt);
    await markSent(db, row.id, sentAt);
    sentUnrecorded.delete(row.id);
    log.info({ outboxId: row.id, kind: row.kind, messageId: row.messageId }, 'e-mail sent');
    return true;
  }

  async function deliverOverSmtp(): Promise<MailRunResult> {
    const result: MailRunResult = { sent: 0, failed: 0, written: 0 };
    await settleLeftovers();
    for (let round = 0; round < MAX_ROUNDS && !stopping; round++) {
      const rows = await claimDue(db, batchSize, clock?.());
      let failedThisRound = 0;
      for (const [index, row] of rows.entries()) {
        if (stopping) {
          const released = await releaseClaims(
            db,
            rows.slice(index).map((r) => r.id),
            clock?.(),
          );
          log.info({ released }, 'mail worker stopping: unsent e-mails handed back to the outbox');
          return result;
        }
        try {
          if (await deliverOne(row)) {
            result.sent++;
          } else {
            result.failed++;
            failedThisRound++;
          }
        } catch (err) {
          // The database went away while recording: keep what it missed for when it is back.
          for (const r of rows.slice(index + 1)) claimedUnattempted.add(r.id);
          if (!sentUnrecorded.has(row.id)) claimedUnattempted.add(row.id);
          throw err;
        }
      }
      // A whole batch failing means the server is down: leave the rest for the next poll.
      if (rows.length < batchSize || failedThisRound === rows.length) break;
    }
    return result;
  }

  async function writeEmlFiles(): Promise<MailRunResult> {
    const result: MailRunResult = { sent: 0, failed: 0, written: 0 };
    // Queued while e-mail is not set up: it waits for her decision, not for SMTP (docs/decisions/008 "Held").
    const held = await holdWaiting(db);
    if (held > 0) log.info({ held }, 'no SMTP_URL: e-mails held until she chooses to send or discard them');
    const dir = mailDir(config.dataDir);
    await fs.promises.mkdir(dir, { recursive: true });
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const rows = await listPendingAfter(db, emlCursor, batchSize);
      for (const row of rows) {
        const file = path.join(dir, emlFileName(row));
        if (!fs.existsSync(file)) {
          const info = await composer!.sendMail(mailOf(row, config.mail.from));
          if (await writeOnce(file, info.message as Buffer)) {
            result.written++;
            log.info(
              { outboxId: row.id, kind: row.kind, file },
              'no SMTP_URL: e-mail kept in the outbox and written to a file',
            );
          }
        }
        emlCursor = row.id;
      }
      if (rows.length < batchSize) break;
    }
    return result;
  }

  const runNow = () => (smtp ? deliverOverSmtp() : writeEmlFiles());

  // Runs on one worker are chained: a call made during a run starts when it ends.
  const loop = createPollLoop({ run: runNow, pollMs, onError: (err) => log.error({ err }, 'mail worker run failed') });
  let started = false;
  let stopped = false;

  return {
    start() {
      if (started || stopped) return;
      started = true;
      if (!workerEnabled) {
        log.info('mail worker disabled (MAIL_WORKER_ENABLED=false)');
        return;
      }
      log.info(
        { smtp: smtp !== null, pollMs },
        smtp ? 'mail worker started' : 'mail worker started without SMTP_URL: e-mails are written under DATA_DIR/mail',
      );
      loop.start();
    },
    async stop() {
      const wasRunning = started && workerEnabled && !stopped;
      stopped = true;
      stopping = true;
      if (wasRunning) log.info('mail worker stopping after its current message');
      await loop.stop();
      smtp?.close();
      composer?.close();
      if (wasRunning) log.info('mail worker stopped');
    },
    runOnce: loop.runOnce,
  };
}

/**
 * Writes a file that must appear once and whole: written to a temporary name, then
 * hard-linked into place (fails if another process got there first).
 */
async function writeOnce(file: string, data: Buffer): Promise<boolean> {
  const tmp = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await fs.promises.writeFile(tmp, data);
  try {
    await fs.promises.link(tmp, file);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    await fs.promises.rm(tmp, { force: true });
  }
}
