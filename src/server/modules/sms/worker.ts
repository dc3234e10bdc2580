/**
 * The text worker (docs/decisions/038): runs inside every server process, like the mail worker. Each run:
 * nothing in the quiet hours (8 PM to 8 AM NZ time) or when texts are not set up; queues the day-before reminders
 * that are due; stops at her monthly cap (and tells her once); then claims due texts (SKIP LOCKED and a lease) and
 * sends each through Twilio's library, after checking at send time that the number has not replied STOP and that
 * the visit still is what the text says. A failure is retried with the e-mails' backoff; a number Twilio reports
 * unsubscribed (21610) is recorded as STOP and its texts cancelled.
 */
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { hasStarted } from '@shared/booking-rules';
import { isQuietHours, nzMonthOf, nzMonthStart, SMS_KINDS } from '@shared/sms';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema';
import { createPollLoop } from '../../poll-loop';
import type { SecretBox } from '../../secret-box';
import { nextAttemptAfterFailure } from '../mail/outbox';
import { queueCapNotice } from './cap-notice';
import {
  cancelText,
  claimDueTexts,
  countSentSince,
  hasNewerText,
  hasOptedOut,
  markTextFailed,
  markTextSent,
  optOut,
  releaseTexts,
  STOPPED_REASON,
  SUPERSEDED_REASON,
  type SmsRow,
} from './outbox';
import { queueDueReminders } from './reminders';
import { claimCapNotice, readSmsState, type SmsAccount } from './settings-store';
import { describeTwilioError, TWILIO_UNSUBSCRIBED, twilioClient, type TwilioClient } from './twilio-client';

export type SmsLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface SmsWorkerOptions {
  db: Db;
  box: SecretBox;
  config: AppConfig;
  log: SmsLogger;
  batchSize?: number;
  /** The clock (tests); without it, 'due' is the database's clock and 'quiet hours' this machine's. */
  now?: () => Date;
}

export interface SmsRunResult {
  reminders: number;
  sent: number;
  failed: number;
  cancelled: number;
  /** Why nothing was sent, when nothing could be. */
  idle?: 'quiet-hours' | 'not-configured' | 'cap-reached';
}

export interface SmsWorker {
  start(): void;
  stop(): Promise<void>;
  /** One pass; calls never overlap. */
  runOnce(): Promise<SmsRunResult>;
}

const MAX_ROUNDS = 50;
export const VISIT_CHANGED_REASON = 'Not sent: the visit changed before the text went out';

/** Whether the text still says what is true of its visit (checked at send time). */
async function stillTrue(db: Db, row: SmsRow, now: Date): Promise<boolean> {
  if (row.bookingId === null) return false;
  const [b] = await db
    .select({
      status: bookings.status,
      date: bookings.date,
      time: bookings.time,
      smsOptIn: bookings.smsOptIn,
      erasedAt: bookings.erasedAt,
    })
    .from(bookings)
    .where(eq(bookings.id, row.bookingId));
  if (!b || !b.smsOptIn || b.erasedAt) return false;
  if (row.kind === SMS_KINDS.cancelled) return b.status === 'cancelled';
  return b.status === 'confirmed' && !hasStarted(b, now);
}

export function createSmsWorker(options: SmsWorkerOptions): SmsWorker {
  const { db, box, config, log } = options;
  const batchSize = options.batchSize ?? 10;
  const clock = options.now;
  const now = clock ?? (() => new Date());
  let stopping = false;
  let client: { key: string; value: TwilioClient } | null = null;

  const clientFor = (account: SmsAccount): TwilioClient => {
    const key = `${account.accountSid}\n${account.authToken}\n${config.sms.apiBase ?? ''}`;
    if (client?.key !== key) client = { key, value: twilioClient(account, config.sms.apiBase) };
    return client.value;
  };

  const statusCallback = (id: number) => `${config.publicUrl.replace(/\/+$/, '')}/api/webhooks/sms?outbox=${id}`;

  /** Sends one claimed text; answers what became of it. */
  async function deliverOne(row: SmsRow, account: SmsAccount): Promise<'sent' | 'failed' | 'cancelled'> {
    // Checked at send time: a STOP or a change after the text was queued wins.
    if (await hasOptedOut(db, row.toNumber)) {
      await cancelText(db, row.id, STOPPED_REASON);
      return 'cancelled';
    }
    // A newer text about the visit (moved again, or cancelled) says what is true now: this one is out of date.
    if (await hasNewerText(db, row)) {
      await cancelText(db, row.id, SUPERSEDED_REASON);
      return 'cancelled';
    }
    if (!(await stillTrue(db, row, now()))) {
      await cancelText(db, row.id, VISIT_CHANGED_REASON);
      return 'cancelled';
    }
    try {
      const message = await clientFor(account).messages.create({
        to: row.toNumber,
        from: account.from,
        body: row.body,
        statusCallback: statusCallback(row.id),
      });
      await markTextSent(db, row.id, message.sid, message.status ?? null, now());
      log.info({ smsOutboxId: row.id, kind: row.kind }, 'text sent');
      return 'sent';
    } catch (err) {
      const { text, code } = describeTwilioError(err);
      if (code === TWILIO_UNSUBSCRIBED) {
        await cancelText(db, row.id, `${STOPPED_REASON} (${text})`);
        await optOut(db, row.toNumber);
        log.info({ smsOutboxId: row.id, kind: row.kind }, 'text not sent: the number replied STOP');
        return 'cancelled';
      }
      const retryAt = nextAttemptAfterFailure(row.attempts, config.sms.maxAttempts, now());
      await markTextFailed(db, row.id, text, retryAt);
      log.warn({ smsOutboxId: row.id, kind: row.kind, attempts: row.attempts, retryAt, error: text }, 'text failed');
      return 'failed';
    }
  }

  async function runNow(): Promise<SmsRunResult> {
    const result: SmsRunResult = { reminders: 0, sent: 0, failed: 0, cancelled: 0 };
    const at = now();
    if (isQuietHours(at)) return { ...result, idle: 'quiet-hours' };
    const state = await readSmsState(db, box, config);
    if (!state.account) return { ...result, idle: 'not-configured' };
    result.reminders = await queueDueReminders(db, config, state.reminderTime, at);

    for (let round = 0; round < MAX_ROUNDS && !stopping; round++) {
      let room = batchSize;
      if (state.monthlyCap !== null) {
        const month = nzMonthOf(now());
        const sent = await countSentSince(db, nzMonthStart(month));
        room = Math.min(batchSize, state.monthlyCap - sent);
        if (room <= 0) {
          if (await claimCapNotice(db, month)) {
            await queueCapNotice(db, config, state.monthlyCap, month);
            log.warn({ event: 'sms_cap_reached', cap: state.monthlyCap }, 'monthly text limit reached: texts wait');
          }
          return { ...result, idle: 'cap-reached' };
        }
      }
      const rows = await claimDueTexts(db, room, clock?.());
      let failedThisRound = 0;
      for (const [index, row] of rows.entries()) {
        if (stopping) {
          await releaseTexts(
            db,
            rows.slice(index).map((r) => r.id),
            clock?.(),
          );
          return result;
        }
        const outcome = await deliverOne(row, state.account);
        result[outcome]++;
        if (outcome === 'failed') failedThisRound++;
      }
      // Fewer than asked: nothing more is due. All failed: the provider is probably down; the next poll tries again.
      if (rows.length < room || (rows.length > 0 && failedThisRound === rows.length)) break;
    }
    return result;
  }

  const loop = createPollLoop({
    run: runNow,
    pollMs: config.sms.pollMs,
    onError: (err) => log.error({ err }, 'text worker run failed'),
  });

  return {
    start() {
      if (config.sms.workerEnabled) loop.start();
    },
    async stop() {
      stopping = true;
      await loop.stop();
    },
    runOnce: loop.runOnce,
  };
}
