/**
 * The push outbox (docs/decisions/024-web-push.md). enqueuePush(tx, message) is called inside the transaction of
 * the change it reports, so a push exists exactly when its change was committed; it writes one row per
 * subscription (each phone retried or given up on its own) and nothing when she turned that kind off.
 * The worker (worker.ts) claims due rows with FOR UPDATE SKIP LOCKED and a lease, as the mail outbox does.
 */
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { PushKind } from '@shared/constants';
import type { DbOrTx } from '../../db/client';
import { pushOutbox, pushPreferences, pushSubscriptions } from '../../db/schema';
import { backoffMs } from '../mail/outbox';
import type { PushMessage } from './payload';

export type PushOutboxRow = typeof pushOutbox.$inferSelect;

/** A claimed row is its worker's for this long (one send takes at most the fetch timeout, 10 s). */
export const PUSH_CLAIM_LEASE_MS = 2 * 60_000;
export const PUSH_LAST_ERROR_MAX = 500;

type Preferences = typeof pushPreferences.$inferSelect;

/** Whether she wants this kind; 'test' is her own button and always goes. */
export function kindWanted(kind: PushKind, p: Preferences | undefined): boolean {
  if (!p) return true;
  switch (kind) {
    case 'new-request':
      return p.newRequest;
    case 'client-cancellation':
      return p.clientCancellation;
    case 'waitlist-acceptance':
      return p.waitlistAcceptance;
    case 'check-in':
      return p.checkIn;
    case 'test':
      return true;
  }
}

/**
 * Queues `message` for each of her subscriptions, in the caller's transaction. Answers how many rows were queued
 * (0 when the kind is off or no phone is subscribed). Exported for the check-in module ('check-in' kind).
 */
export async function enqueuePush(tx: DbOrTx, message: PushMessage): Promise<number> {
  const [preferences] = await tx.select().from(pushPreferences).where(eq(pushPreferences.id, 1));
  if (!kindWanted(message.kind, preferences)) return 0;
  const subscriptions = await tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions);
  if (subscriptions.length === 0) return 0;
  const rows = await tx
    .insert(pushOutbox)
    .values(
      subscriptions.map((s) => ({
        subscriptionId: s.id,
        kind: message.kind,
        title: message.title,
        body: message.body,
        url: message.url,
      })),
    )
    .returning({ id: pushOutbox.id });
  return rows.length;
}

/** Claims up to `limit` due rows, oldest first (two statements, as mail/outbox.ts claimDue explains). */
export async function claimDuePushes(db: DbOrTx, limit: number, now?: Date): Promise<PushOutboxRow[]> {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`statement_timestamp()`;
  const rows = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: pushOutbox.id })
      .from(pushOutbox)
      .where(and(eq(pushOutbox.status, 'pending'), lte(pushOutbox.nextAttemptAt, at)))
      .orderBy(asc(pushOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(pushOutbox)
      .set({
        attempts: sql`${pushOutbox.attempts} + 1`,
        nextAttemptAt: sql`${at} + ${`${PUSH_CLAIM_LEASE_MS} milliseconds`}::interval`,
      })
      .where(
        inArray(
          pushOutbox.id,
          due.map((r) => r.id),
        ),
      )
      .returning();
  });
  return rows.sort((a, b) => a.id - b.id);
}

export async function markPushSent(db: DbOrTx, row: PushOutboxRow, at: Date): Promise<void> {
  await db
    .update(pushOutbox)
    .set({ status: 'sent', sentAt: at, lastError: null })
    .where(and(eq(pushOutbox.id, row.id), eq(pushOutbox.status, 'pending')));
  await db.update(pushSubscriptions).set({ lastSuccessAt: at }).where(eq(pushSubscriptions.id, row.subscriptionId));
}

/** A failed attempt: retried with the mail outbox's backoff, or 'failed' after maxAttempts. */
export async function markPushFailed(
  db: DbOrTx,
  row: PushOutboxRow,
  error: string,
  maxAttempts: number,
  now: Date,
): Promise<Date | null> {
  const lastError = error.length > PUSH_LAST_ERROR_MAX ? `${error.slice(0, PUSH_LAST_ERROR_MAX - 3)}...` : error;
  const retryAt = row.attempts >= maxAttempts ? null : new Date(now.getTime() + backoffMs(row.attempts));
  await db
    .update(pushOutbox)
    .set(retryAt ? { lastError, nextAttemptAt: retryAt } : { lastError, status: 'failed' })
    .where(and(eq(pushOutbox.id, row.id), eq(pushOutbox.status, 'pending')));
  return retryAt;
}

/** The push service says the subscription is gone (404/410): it goes, with its queued rows (ON DELETE CASCADE). */
export async function removeSubscription(db: DbOrTx, id: number): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}
