/**
 * The push worker: runs inside each server process and delivers the push outbox (outbox.ts), like the mail worker.
 * Claims due rows (SKIP LOCKED + lease: two processes never send one row), sends each through send.ts, and marks
 * it sent; a 5xx or network failure is retried with backoff (nothing lost while a push service is down), a 404/410
 * removes the subscription. A queued push wakes it at once: the insert's NOTIFY reaches every process through the
 * change feed (migration 0017), and the poll every PUSH_POLL_SECONDS is the safety net.
 */
import type { FastifyBaseLogger } from 'fastify';
import { startChangeFeed, type ChangeFeed } from '../../cache/change-feed';
import type { AppConfig } from '../../config';
import type { Database } from '../../db/client';
import type { SecretBox } from '../../secret-box';
import { claimDuePushes, markPushFailed, markPushSent, removeSubscription, type PushOutboxRow } from './outbox';
import { payloadOf } from './payload';
import { createPushRepository } from './repository';
import { sendPush, type SendOutcome } from './send';
import { vapidKeysOnce } from './vapid';

export type PushLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error' | 'debug'>;

export interface PushWorkerOptions {
  database: Database;
  box: SecretBox;
  config: Pick<AppConfig, 'push' | 'practice'>;
  log: PushLogger;
  batchSize?: number;
  /** The clock (tests). Without it, "due" is the database's clock. */
  now?: () => Date;
}

export interface PushRunResult {
  sent: number;
  /** Attempts that failed (to be retried, or given up). */
  failed: number;
  /** Subscriptions the push service said are gone. */
  removed: number;
}

export interface PushWorker {
  start(): Promise<void>;
  stop(): Promise<void>;
  /** One pass over everything due now; calls on one worker never overlap. */
  runOnce(): Promise<PushRunResult>;
}

const MAX_ROUNDS = 50;

export function createPushWorker(options: PushWorkerOptions): PushWorker {
  const { database, box, config, log } = options;
  const db = database.db;
  const batchSize = options.batchSize ?? 10;
  const clock = options.now;
  const now = clock ?? (() => new Date());
  const vapidKeys = vapidKeysOnce(db, box);
  const subject = `mailto:${config.practice.email}`;
  let stopping = false;

  async function deliver(row: PushOutboxRow, result: PushRunResult): Promise<void> {
    const target = await createPushRepository(db).subscription(row.subscriptionId);
    if (!target) return; // removed meanwhile: its rows went with it
    const outcome: SendOutcome = await sendPush(
      target,
      payloadOf(row, row.id),
      { ...(await vapidKeys()), subject },
      config.push.allowLoopback,
    );
    // What is logged names the kind and row, never the title or body (a client's suburb and time).
    const about = { pushId: row.id, kind: row.kind, subscriptionId: row.subscriptionId, attempts: row.attempts };
    switch (outcome.result) {
      case 'sent':
        await markPushSent(db, row, now());
        result.sent++;
        log.info(about, 'push sent');
        return;
      case 'gone':
        await removeSubscription(db, row.subscriptionId);
        result.removed++;
        log.info({ ...about, status: outcome.status }, 'push subscription gone: removed');
        return;
      case 'retry': {
        const retryAt = await markPushFailed(db, row, outcome.error, config.push.maxAttempts, now());
        result.failed++;
        if (retryAt) log.warn({ ...about, retryAt, error: outcome.error }, 'push failed, will retry');
        else log.error({ ...about, error: outcome.error }, 'push failed, giving up');
        return;
      }
      case 'rejected':
        await markPushFailed(db, row, outcome.error, 0, now());
        result.failed++;
        log.error({ ...about, error: outcome.error }, 'push refused, not retried');
        return;
    }
  }

  async function runNow(): Promise<PushRunResult> {
    const result: PushRunResult = { sent: 0, failed: 0, removed: 0 };
    for (let round = 0; round < MAX_ROUNDS && !stopping; round++) {
      const rows = await claimDuePushes(db, batchSize, clock?.());
      for (const row of rows) await deliver(row, result);
      if (rows.length < batchSize) break;
    }
    return result;
  }

  let chain: Promise<unknown> = Promise.resolve();
  function runOnce(): Promise<PushRunResult> {
    const run = chain.then(runNow, runNow);
    chain = run.catch(() => {});
    return run;
  }

  let timer: NodeJS.Timeout | null = null;
  let feed: ChangeFeed | null = null;
  /** A wake-up that came during a run: one more run follows it. */
  let rerun = false;
  let running = false;

  async function tick(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    if (running) {
      rerun = true;
      return;
    }
    running = true;
    try {
      do {
        rerun = false;
        await runOnce();
      } while (rerun && !stopping);
    } catch (err) {
      log.error({ err }, 'push worker run failed');
    } finally {
      running = false;
    }
    if (!stopping) {
      timer = setTimeout(() => void tick(), config.push.pollMs);
      timer.unref();
    }
  }

  return {
    async start() {
      if (!config.push.workerEnabled) {
        log.info('push worker disabled (PUSH_WORKER_ENABLED=false)');
        return;
      }
      // The key pair exists from the first start on (GET /api/admin/push would make it otherwise).
      await vapidKeys().catch((err: unknown) => log.error({ err }, 'push keys could not be made or read'));
      feed = await startChangeFeed(database, {
        onChange: (table) => {
          if (table === 'push_outbox' && !stopping) void tick();
        },
        onLive: () => {},
        log: log as FastifyBaseLogger,
      });
      log.info({ pollMs: config.push.pollMs }, 'push worker started');
      void tick();
    },
    async stop() {
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await feed?.stop();
      await chain;
    },
    runOnce,
  };
}
