/**
 * Periodic work inside the server process: close expired pending requests, queue due
 * reminders, and clear stale sessions, counters and idempotency keys. Every step is
 * safe to run in several processes at once (row locks with SKIP LOCKED, idempotent deletes).
 */
import { lt, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DAY_MS, HOUR_MS } from '@shared/time';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import { idempotencyKeys, rateLimits, sessions } from './db/schema';
import { expireStaleRequests } from './modules/bookings/expire-stale';
import { notify } from './modules/bookings/notifications';
import { createBookingsRepository, toBooking } from './modules/bookings/repository';
import { describeCalendarError } from './modules/calendars/calendar-errors';
import { removeEndedWaitlistEntries, runRetention } from './modules/clients/retention';
import { createSeriesService, type SeriesDeps } from './modules/series/service';
import { syncDueCalendars, type SyncDeps } from './modules/calendars/sync';
import { offerFreedTimes, type OfferingDeps } from './modules/waitlist/offer-freed-times';
import { sendOverdueAlerts } from './modules/check-ins/alerts';
import { sendDepositReminders } from './modules/deposits/reminders';

export const JOB_INTERVAL_MS = 60_000;

export interface JobResult {
  expired: number;
  reminders: number;
}

export async function runJobsOnce(db: Db, config: AppConfig, now = new Date()): Promise<JobResult> {
  const expired = await db.transaction((tx) => expireStaleRequests(tx, config, now));

  let reminders = 0;
  const leadMs = config.booking.reminderLeadMs;
  if (leadMs !== null) {
    reminders = await db.transaction(async (tx) => {
      const rows = await createBookingsRepository(tx).claimDueReminders(now, leadMs);
      for (const row of rows) await notify(tx, config, 'reminder', toBooking(row, null)); // e-mails never show injury details
      return rows.length;
    });
  }

  await db
    .delete(sessions)
    .where(
      sql`${lt(sessions.expiresAt, now)} OR ${lt(sessions.lastSeenAt, new Date(now.getTime() - config.session.idleMs))}`,
    );
  await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - DAY_MS)));
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now.getTime() - DAY_MS)));
  return { expired, reminders };
}

/** Runs `run` now and then every `everyMs` after each run ends, until stopped; a failed run is logged. */
function repeat(
  run: () => Promise<void>,
  everyMs: number,
  log: FastifyBaseLogger,
  what: string,
): { stop(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let stopped = false;
  const tick = () => {
    running = run()
      .catch((err: unknown) => log.error({ err }, `${what} failed`))
      .finally(() => {
        running = undefined;
        if (!stopped) timer = setTimeout(tick, everyMs).unref();
      });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

/** Runs the jobs every JOB_INTERVAL_MS until stopped; a failed run is logged and retried next time. */
export function startJobs(db: Db, config: AppConfig, log: FastifyBaseLogger): { stop(): Promise<void> } {
  return repeat(
    async () => {
      const r = await runJobsOnce(db, config);
      if (r.expired || r.reminders) log.info({ event: 'jobs', ...r }, 'scheduled jobs ran');
    },
    JOB_INTERVAL_MS,
    log,
    'scheduled jobs',
  );
}

/** Retention is counted in years: four runs a day are plenty, and the first comes at start. */
export const RETENTION_INTERVAL_MS = 6 * HOUR_MS;

/**
 * Removes what the retention periods no longer allow (docs/privacy.md, clients/retention.ts). Safe in
 * several processes: each removal locks its client and checks again.
 */
export function startRetention(db: Db, config: AppConfig, log: FastifyBaseLogger): { stop(): Promise<void> } {
  return repeat(
    async () => {
      const r = { ...(await runRetention(db, config.retention)), waitlist: await removeEndedWaitlistEntries(db) };
      if (r.health || r.contact || r.erased || r.waitlist)
        log.info({ event: 'retention', ...r }, 'retention removed old records');
    },
    RETENTION_INTERVAL_MS,
    log,
    'retention',
  );
}

/**
 * Re-reads her other calendars every CALENDAR_SYNC_MINUTES (docs/product.md §11). Each calendar is synced by
 * the one process that takes its lease; a failure is recorded on the calendar, never thrown here.
 */
export function startCalendarSync(
  deps: SyncDeps,
  config: AppConfig,
  log: FastifyBaseLogger,
): { stop(): Promise<void> } {
  return repeat(
    async () => {
      for (const result of await syncDueCalendars(deps, config.calendars.syncMs)) {
        if (result.status === 'leased-elsewhere') continue;
        const { code, unexpected } =
          result.status === 'failed' ? describeCalendarError(result.error) : { code: null, unexpected: false };
        if (unexpected) log.error({ err: result.status === 'failed' ? result.error : null }, 'calendar sync failed');
        log.info({ event: 'calendar_sync', calendarId: result.row.id, status: result.status, code }, 'calendar synced');
      }
    },
    config.calendars.syncMs,
    log,
    'calendar sync',
  );
}

/** The horizon moves once a day at NZ midnight: hourly catches it soon enough, and the first run comes at start. */
export const SERIES_EXTENSION_INTERVAL_MS = HOUR_MS;

/**
 * Regulars (docs/product.md §4 "Regulars"): books the dates of each running series the booking horizon now reaches,
 * with every check a new booking meets; conflicts are kept for her and she is e-mailed. Safe in several processes: each
 * series is extended under its row lock and reads what is decided again under it.
 */
export const runSeriesExtension = (deps: SeriesDeps) => createSeriesService(deps).extendAll();

export function startSeriesExtension(deps: SeriesDeps, log: FastifyBaseLogger): { stop(): Promise<void> } {
  return repeat(
    async () => {
      const r = await runSeriesExtension(deps);
      if (r.booked || r.conflicts) log.info({ event: 'series_extended', ...r }, 'series extended');
    },
    SERIES_EXTENSION_INTERVAL_MS,
    log,
    'series extension',
  );
}

/** How often freed times are offered to the waitlist and ended holds passed on (docs/product.md §4 "Waitlist"). */
export const WAITLIST_INTERVAL_MS = 15_000;

/**
 * Offers freed times to the waitlist (modules/waitlist/offer-freed-times.ts): every WAITLIST_INTERVAL_MS, so a
 * cancelled time reaches the first fitting person within seconds and an ended hold the next one. Safe in several
 * processes: each date is offered under its day's lock and its 'time freed' rows are claimed with SKIP LOCKED.
 */
export function startWaitlistOffers(deps: OfferingDeps, log: FastifyBaseLogger): { stop(): Promise<void> } {
  return repeat(
    async () => {
      const r = await offerFreedTimes(deps);
      if (r.offered || r.holdsExpired || r.entriesExpired) log.info({ event: 'waitlist', ...r }, 'waitlist offers ran');
    },
    WAITLIST_INTERVAL_MS,
    log,
    'waitlist offers',
  );
}

/**
 * Check-in (docs/product.md §16, modules/check-ins/alerts.ts): every CHECK_IN_ALERT_SECONDS, claims the visits she
 * arrived at and has not left by their end plus the grace, and queues one alert e-mail each to her safety contact. Safe
 * in several processes: the claim is an UPDATE of overdue_alert_at while it is null, in the e-mail's transaction.
 */
export function startCheckInAlerts(db: Db, config: AppConfig, log: FastifyBaseLogger): { stop(): Promise<void> } {
  return repeat(
    async () => {
      const r = await sendOverdueAlerts(db, config);
      if (r.alerted) log.info({ event: 'check_in_alerts', ...r }, 'safety alerts queued');
    },
    config.checkIn.alertMs,
    log,
    'check-in alerts',
  );
}

/**
 * Deposits (docs/product.md §18.2, modules/deposits/reminders.ts): every DEPOSIT_REMINDER_SECONDS, claims the pending
 * requests whose deposit has not arrived DEPOSIT_DUE_HOURS after they were made, and queues one reminder e-mail each.
 * Safe in several processes: the claim is an UPDATE of deposit_reminded_at while it is null, in the e-mail's
 * transaction.
 */
export function startDepositReminders(db: Db, config: AppConfig, log: FastifyBaseLogger): { stop(): Promise<void> } {
  return repeat(
    async () => {
      const r = await sendDepositReminders(db, config);
      if (r.reminded) log.info({ event: 'deposit_reminders', ...r }, 'deposit reminders queued');
    },
    config.deposits.reminderMs,
    log,
    'deposit reminders',
  );
}
