/**
 * The transactional outbox (docs/decisions/008-email-outbox.md).
 *
 * Writers call enqueueEmail(tx, content) inside the transaction that makes the change the
 * e-mail reports, so a notification exists exactly when its change was committed.
 * The worker claims due rows with FOR UPDATE SKIP LOCKED and a lease, sends them, and
 * records the outcome. Each row's Message-ID is chosen once, here, so a retried delivery
 * carries the same Message-ID and a receiver can drop the duplicate.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { emailOutbox } from '../../db/schema';
import type { EmailContent } from './email-kinds';

export type OutboxRow = typeof emailOutbox.$inferSelect;

/** A claimed row is the claiming worker's for this long; after that it is due again. */
export const CLAIM_LEASE_MS = 10 * 60_000;
/** First retry after 30 s, doubling each time, never more than an hour apart. */
export const BACKOFF_BASE_MS = 30_000;
export const BACKOFF_MAX_MS = 60 * 60_000;
/** last_error keeps this many characters. */
export const LAST_ERROR_MAX = 1000;

/** An RFC 5322 msg-id: <uuid@host>. 'homevisit' when no host is given. */
export function newMessageId(host = 'homevisit'): string {
  const right = host.replace(/[^A-Za-z0-9.-]/g, '') || 'homevisit';
  return `<${randomUUID()}@${right}>`;
}

/**
 * Queues one message. Pass the caller's transaction so the message is committed (or rolled
 * back) with the change it reports. Answers the outbox row id. `notBefore` holds it back until
 * that instant (a gift voucher sent on the day the buyer chose): it is the row's first due time.
 */
export async function enqueueEmail(
  db: DbOrTx,
  content: EmailContent,
  options: { messageIdHost?: string; notBefore?: Date } = {},
): Promise<number> {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      messageId: newMessageId(options.messageIdHost),
      kind: content.kind,
      bookingId: content.bookingId,
      toAddress: content.to,
      subject: content.subject,
      textBody: content.text,
      htmlBody: content.html,
      attachments: content.attachments,
      ...(options.notBefore ? { nextAttemptAt: options.notBefore } : {}),
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

/**
 * Held: queued while the site had no SMTP (docs/product.md §2 "Outbox"), and she has not chosen Send yet. The worker
 * never claims it; the same rule as outboxState() in src/shared/schemas/outbox.ts.
 */
export const isHeld = and(isNotNull(emailOutbox.heldAt), isNull(emailOutbox.releasedAt))!;
const notHeld = or(isNull(emailOutbox.heldAt), isNotNull(emailOutbox.releasedAt))!;

/**
 * Holds every message waiting that was never tried and never held (docs/decisions/008, "Held"): what a server without
 * SMTP_URL has queued. One statement, so a message is held once. Answers how many were held. A message scheduled for
 * later (`notBefore`) is not waiting yet: it is held, if still without SMTP, by the first poll after it falls due, so
 * a release never sends it before its day.
 */
export async function holdWaiting(db: DbOrTx): Promise<number> {
  const rows = await db
    .update(emailOutbox)
    .set({ heldAt: sql`statement_timestamp()` })
    .where(
      and(
        eq(emailOutbox.status, 'pending'),
        eq(emailOutbox.attempts, 0),
        isNull(emailOutbox.heldAt),
        lte(emailOutbox.nextAttemptAt, sql`statement_timestamp()`),
      ),
    )
    .returning({ id: emailOutbox.id });
  return rows.length;
}

/** Delay before the retry that follows failed attempt number `attempts` (1-based). */
export function backoffMs(attempts: number): number {
  const exponent = Math.max(0, attempts - 1);
  return Math.min(BACKOFF_BASE_MS * 2 ** Math.min(exponent, 30), BACKOFF_MAX_MS);
}

/** When to try again after a failure, or null when the row has used up its attempts. */
export function nextAttemptAfterFailure(attempts: number, maxAttempts: number, now: Date = new Date()): Date | null {
  if (attempts >= maxAttempts) return null;
  return new Date(now.getTime() + backoffMs(attempts));
}

/**
 * Claims up to `limit` due pending rows that are not held, oldest first. In one transaction the due rows
 * are locked with FOR UPDATE SKIP LOCKED (rows another worker is claiming are skipped,
 * not waited for), then their attempt is counted and their next_attempt_at moves a lease
 * into the future, so no other worker claims them while they are being sent. A worker
 * that dies mid-send leaves its rows due again once the lease ends.
 *
 * Two statements on purpose: `UPDATE ... WHERE id IN (SELECT ... LIMIT n FOR UPDATE SKIP
 * LOCKED)` can update more than n rows on PostgreSQL (the planner may rescan the subquery,
 * and each rescan skips the rows this statement already locked and takes the next n).
 *
 * "Now" is the database's clock unless given: next_attempt_at defaults to the database's
 * now(), and several app servers may not agree on the time.
 */
export async function claimDue(db: DbOrTx, limit: number, now?: Date, leaseMs = CLAIM_LEASE_MS): Promise<OutboxRow[]> {
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`statement_timestamp()`;
  const rows = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(and(eq(emailOutbox.status, 'pending'), notHeld, lte(emailOutbox.nextAttemptAt, at)))
      .orderBy(asc(emailOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(emailOutbox)
      .set({
        attempts: sql`${emailOutbox.attempts} + 1`,
        nextAttemptAt: sql`${at} + ${`${Math.round(leaseMs)} milliseconds`}::interval`,
      })
      .where(
        inArray(
          emailOutbox.id,
          due.map((r) => r.id),
        ),
      )
      .returning();
  });
  return rows.sort((a, b) => a.id - b.id);
}

/** Delivered. False when the row was not pending (already marked elsewhere). */
export async function markSent(db: DbOrTx, id: number, now: Date = new Date()): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: now, lastError: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'pending')))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

/**
 * A delivery attempt failed: keep the error and try again at nextAttemptAt, or with
 * null give up (status 'failed'; the row stays for the record).
 */
export async function markFailed(db: DbOrTx, id: number, error: string, nextAttemptAt: Date | null): Promise<boolean> {
  const lastError = error.length > LAST_ERROR_MAX ? `${error.slice(0, LAST_ERROR_MAX - 3)}...` : error;
  const rows = await db
    .update(emailOutbox)
    .set(nextAttemptAt ? { lastError, nextAttemptAt } : { lastError, status: 'failed' })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'pending')))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

/** Pending rows with an id above `afterId`, oldest first (for the .eml copies when there is no SMTP). */
export async function listPendingAfter(db: DbOrTx, afterId: number, limit: number): Promise<OutboxRow[]> {
  return db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.status, 'pending'), gt(emailOutbox.id, afterId)))
    .orderBy(asc(emailOutbox.id))
    .limit(limit);
}
