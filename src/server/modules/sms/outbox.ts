/**
 * The texts' outbox (docs/decisions/038-text-messages.md): the e-mail outbox's guarantees
 * (docs/decisions/008) for texts. A change that causes a text queues it with its own transaction, so the text exists
 * exactly when the change was committed; the worker claims due rows with FOR UPDATE SKIP LOCKED and a lease, sends
 * each, and records the outcome. A text queued in the quiet hours is due at 8 AM.
 */
import { and, asc, eq, gt, gte, inArray, lte, sql } from 'drizzle-orm';
import { nextSendableAt, SMS_KINDS, type SmsKind } from '@shared/sms';
import type { DbOrTx } from '../../db/client';
import { smsOptOuts, smsOutbox } from '../../db/schema';
import { CLAIM_LEASE_MS, LAST_ERROR_MAX } from '../mail/outbox';

export type SmsRow = typeof smsOutbox.$inferSelect;

export interface TextContent {
  kind: SmsKind;
  bookingId: number | null;
  /** E.164. */
  to: string;
  body: string;
}

const at = (now?: Date) => (now ? sql`${now.toISOString()}::timestamptz` : sql`statement_timestamp()`);
const cut = (error: string) => (error.length > LAST_ERROR_MAX ? `${error.slice(0, LAST_ERROR_MAX - 3)}...` : error);

/** Queues one text in the caller's transaction; due now, or at 8 AM when `now` is in the quiet hours. */
export async function enqueueText(db: DbOrTx, content: TextContent, now: Date = new Date()): Promise<number> {
  const due = nextSendableAt(now);
  const [row] = await db
    .insert(smsOutbox)
    .values({
      kind: content.kind,
      bookingId: content.bookingId,
      toNumber: content.to,
      body: content.body,
      ...(due === now ? {} : { nextAttemptAt: due }),
    })
    .returning({ id: smsOutbox.id });
  return row!.id;
}

/** Claims up to `limit` due pending texts, oldest first: locked, their attempt counted, leased (outbox.ts of mail). */
export async function claimDueTexts(
  db: DbOrTx,
  limit: number,
  now?: Date,
  leaseMs = CLAIM_LEASE_MS,
): Promise<SmsRow[]> {
  if (limit <= 0) return [];
  const rows = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: smsOutbox.id })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.status, 'pending'), lte(smsOutbox.nextAttemptAt, at(now))))
      .orderBy(asc(smsOutbox.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (due.length === 0) return [];
    return tx
      .update(smsOutbox)
      .set({
        attempts: sql`${smsOutbox.attempts} + 1`,
        nextAttemptAt: sql`${at(now)} + ${`${Math.round(leaseMs)} milliseconds`}::interval`,
      })
      .where(
        inArray(
          smsOutbox.id,
          due.map((r) => r.id),
        ),
      )
      .returning();
  });
  return rows.sort((a, b) => a.id - b.id);
}

/** The provider took it. False when the row was no longer pending (its status callback came first). */
export async function markTextSent(
  db: DbOrTx,
  id: number,
  providerSid: string,
  deliveryStatus: string | null,
  now: Date = new Date(),
): Promise<boolean> {
  const rows = await db
    .update(smsOutbox)
    .set({ status: 'sent', sentAt: now, lastError: null, providerSid, deliveryStatus, deliveryUpdatedAt: now })
    .where(and(eq(smsOutbox.id, id), eq(smsOutbox.status, 'pending')))
    .returning({ id: smsOutbox.id });
  return rows.length > 0;
}

/** An attempt failed: try again at `retryAt`, or with null give up ('failed', kept for the record). */
export async function markTextFailed(db: DbOrTx, id: number, error: string, retryAt: Date | null): Promise<boolean> {
  const lastError = cut(error);
  const rows = await db
    .update(smsOutbox)
    .set(retryAt ? { lastError, nextAttemptAt: retryAt } : { lastError, status: 'failed' })
    .where(and(eq(smsOutbox.id, id), eq(smsOutbox.status, 'pending')))
    .returning({ id: smsOutbox.id });
  return rows.length > 0;
}

/** Never to be sent (a STOP, a visit changed or passed): 'cancelled', with why. */
export async function cancelText(db: DbOrTx, id: number, reason: string): Promise<boolean> {
  const rows = await db
    .update(smsOutbox)
    .set({ status: 'cancelled', lastError: cut(reason) })
    .where(and(eq(smsOutbox.id, id), eq(smsOutbox.status, 'pending')))
    .returning({ id: smsOutbox.id });
  return rows.length > 0;
}

/** Hands claimed texts that were not attempted back: their attempt uncounted and due now (a stop mid-batch). */
export async function releaseTexts(db: DbOrTx, ids: number[], now?: Date): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(smsOutbox)
    .set({ attempts: sql`greatest(${smsOutbox.attempts} - 1, 0)`, nextAttemptAt: at(now) })
    .where(and(inArray(smsOutbox.id, ids), eq(smsOutbox.status, 'pending')));
}

/** Texts the provider took since `from` (the monthly cap counts these). */
export async function countSentSince(db: DbOrTx, from: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(smsOutbox)
    .where(and(eq(smsOutbox.status, 'sent'), gte(smsOutbox.sentAt, from)));
  return Number(row?.n ?? 0);
}

export const STOPPED_REASON = 'Not sent: this number replied STOP';
export const SUPERSEDED_REASON = 'Not sent: a newer text about this visit replaced it';

/**
 * A newer text about the visit is being queued: the visit's texts not yet tried (attempts 0, so no worker holds one)
 * are cancelled, so one queued in the quiet hours cannot go out at 8 AM with a time that has since changed. A text
 * already tried is left to the worker's send-time check (worker.ts), which finds the newer one. Answers the kinds
 * cancelled. Under a worker's claim the row is locked; this UPDATE waits for it and then sees its attempt counted.
 */
export async function supersedeTexts(db: DbOrTx, bookingId: number): Promise<SmsKind[]> {
  const rows = await db
    .update(smsOutbox)
    .set({ status: 'cancelled', lastError: SUPERSEDED_REASON })
    .where(and(eq(smsOutbox.bookingId, bookingId), eq(smsOutbox.status, 'pending'), eq(smsOutbox.attempts, 0)))
    .returning({ kind: smsOutbox.kind });
  return rows.map((r) => r.kind as SmsKind);
}

/** Whether a text about the same visit, saying something newer (not a reminder), was queued after this one. */
export async function hasNewerText(db: DbOrTx, row: Pick<SmsRow, 'id' | 'bookingId'>): Promise<boolean> {
  if (row.bookingId === null) return false;
  const newer = await db
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(
      and(
        eq(smsOutbox.bookingId, row.bookingId),
        gt(smsOutbox.id, row.id),
        inArray(smsOutbox.kind, [SMS_KINDS.confirmed, SMS_KINDS.moved, SMS_KINDS.cancelled]),
      ),
    )
    .limit(1);
  return newer.length > 0;
}

/**
 * The number replied STOP (or the provider says it is unsubscribed): no text goes to it again, and every text
 * waiting for it is cancelled now. Answers how many were cancelled.
 */
export async function optOut(db: DbOrTx, phone: string): Promise<number> {
  await db.insert(smsOptOuts).values({ phone }).onConflictDoNothing();
  const rows = await db
    .update(smsOutbox)
    .set({ status: 'cancelled', lastError: STOPPED_REASON })
    .where(and(eq(smsOutbox.toNumber, phone), eq(smsOutbox.status, 'pending')))
    .returning({ id: smsOutbox.id });
  return rows.length;
}

/** START (or UNSTOP): texts may go to the number again (those it opted into). */
export async function optIn(db: DbOrTx, phone: string): Promise<void> {
  await db.delete(smsOptOuts).where(eq(smsOptOuts.phone, phone));
}

export async function hasOptedOut(db: DbOrTx, phone: string): Promise<boolean> {
  const rows = await db.select({ phone: smsOptOuts.phone }).from(smsOptOuts).where(eq(smsOptOuts.phone, phone));
  return rows.length > 0;
}
