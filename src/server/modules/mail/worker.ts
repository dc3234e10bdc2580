/**
 * The mail worker: runs inside the server process and delivers the outbox.
 *
 * With SMTP_URL: claims due rows (SKIP LOCKED + lease, so several processes never send one
 * row at the same time), sends each with nodemailer under its stored Message-ID, and marks
 * it sent, or records the error and schedules a retry with backoff; after
 * MAIL_MAX_ATTEMPTS the row is 'failed'.
 *
 * Without SMTP_URL: nothing is claimed or marked. Each pending row is written once as
 * DATA_DIR/mail/<id>-<kind>.eml (a real RFC 5322 message with the same Message-ID) and
 * stays pending, so everything still goes out once SMTP_URL is configured.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import { claimDue, listPendingAfter, markFailed, markSent, nextAttemptAfterFailure, type OutboxRow } from './outbox';
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
  /** Stops polling and waits for a run in progress. */
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
export const emlFileName = (row: Pick<OutboxRow, 'id' | 'kind'>) => `${row.id}-${row.kind.replace(/[^A-Za-z0-9_-]/g, '_')}.eml`;

function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const e = err as Error & { code?: string; responseCode?: number; response?: string };
  const parts = [e.code, e.responseCode ? String(e.responseCode) : undefined, e.message].filter(Boolean);
  return parts.join(' ') || e.name;
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
    attachments: row.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
  };
}

export function createMailWorker(options: MailWorkerOptions): MailWorker {
  const { database, config, log } = options;
  const db = database.db;
  const batchSize = options.batchSize ?? 10;
  const clock = options.now;
  const now = clock ?? (() => new Date());
  const { smtpUrl, from, maxAttempts, pollMs, workerEnabled } = config.mail;

  const smtp = smtpUrl ? createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }) : null;
  const composer = smtpUrl ? null : createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  /** Rows up to this id already have their .eml file (no SMTP). */
  let emlCursor = 0;

  async function deliverOverSmtp(): Promise<MailRunResult> {
    const result: MailRunResult = { sent: 0, failed: 0, written: 0 };
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const rows = await claimDue(db, batchSize, clock?.());
      let failedThisRound = 0;
      for (const row of rows) {
        try {
          await smtp!.sendMail(mailOf(row, from));
        } catch (err) {
          const error = describeError(err);
          const retryAt = nextAttemptAfterFailure(row.attempts, maxAttempts, now());
          await markFailed(db, row.id, error, retryAt);
          result.failed++;
          failedThisRound++;
          if (retryAt) {
            log.warn({ outboxId: row.id, kind: row.kind, attempts: row.attempts, retryAt, error }, 'e-mail delivery failed, will retry');
          } else {
            log.error({ outboxId: row.id, kind: row.kind, attempts: row.attempts, error }, 'e-mail delivery failed, giving up');
          }
          continue;
        }
        await markSent(db, row.id, now());
        result.sent++;
        log.info({ outboxId: row.id, kind: row.kind, messageId: row.messageId }, 'e-mail sent');
      }
      // A whole batch failing means the server is down: leave the rest for the next poll.
      if (rows.length < batchSize || failedThisRound === rows.length) break;
    }
    return result;
  }

  async function writeEmlFiles(): Promise<MailRunResult> {
    const result: MailRunResult = { sent: 0, failed: 0, written: 0 };
    const dir = mailDir(config.dataDir);
    await fs.promises.mkdir(dir, { recursive: true });
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const rows = await listPendingAfter(db, emlCursor, batchSize);
      for (const row of rows) {
        const file = path.join(dir, emlFileName(row));
        if (!fs.existsSync(file)) {
          const info = await composer!.sendMail(mailOf(row, from));
          if (await writeOnce(file, info.message as Buffer)) {
            result.written++;
            log.info({ outboxId: row.id, kind: row.kind, file }, 'no SMTP_URL: e-mail kept in the outbox and written to a file');
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
  let chain: Promise<unknown> = Promise.resolve();
  function runOnce(): Promise<MailRunResult> {
    const run = chain.then(runNow, runNow);
    chain = run.catch(() => {});
    return run;
  }

  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let stopped = false;

  function schedule(delay: number): void {
    if (stopped) return;
    timer = setTimeout(() => void tick(), delay);
    timer.unref();
  }

  async function tick(): Promise<void> {
    timer = null;
    try {
      await runOnce();
    } catch (err) {
      log.error({ err }, 'mail worker run failed');
    }
    schedule(pollMs);
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      if (!workerEnabled) {
        log.info('mail worker disabled (MAIL_WORKER_ENABLED=false)');
        return;
      }
      log.info({ smtp: smtp !== null, pollMs }, smtp ? 'mail worker started' : 'mail worker started without SMTP_URL: e-mails are written under DATA_DIR/mail');
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await chain;
      smtp?.close();
      composer?.close();
    },
    runOnce,
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
