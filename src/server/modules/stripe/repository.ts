/**
 * Checkout sessions and refunds as the server recorded them (decision 037, migration 0027), and a paid session's
 * dispute (kept on its checkout row: a payment has one successful charge, a charge at most one dispute).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DISPUTE_STATUSES, type DisputeStatus, type RefundStatus } from '@shared/schemas/card-payments';
import type { DbOrTx } from '../../db/client';
import { stripeCheckouts, stripeRefunds } from '../../db/schema';

export type CheckoutRow = typeof stripeCheckouts.$inferSelect;
export type RefundRow = typeof stripeRefunds.$inferSelect;

/** A dispute of a paid session, as Stripe last told it. */
export interface StoredDispute {
  disputeId: string;
  status: DisputeStatus;
  reason: string;
  amountCents: number;
  currency: string;
  evidenceDueBy: Date | null;
  openedAt: Date;
}

/**
 * The dispute lives in the checkout's metadata as `dispute_*` strings (no migration: decision 037's checkout row is the
 * record of what became of the payment, and metadata stays strings as Stripe's does). A session's own metadata may
 * not use the prefix (createCheckoutSession refuses it), so the two never mix.
 */
export const DISPUTE_PREFIX = 'dispute_';

export function disputeOf(metadata: Record<string, string>): StoredDispute | null {
  const id = metadata.dispute_id;
  const status = metadata.dispute_status as DisputeStatus | undefined;
  if (!id || !status || !DISPUTE_STATUSES.includes(status)) return null;
  return {
    disputeId: id,
    status,
    reason: metadata.dispute_reason ?? 'general',
    amountCents: Number(metadata.dispute_amount_cents ?? 0),
    currency: metadata.dispute_currency ?? '',
    evidenceDueBy: metadata.dispute_evidence_due_by ? new Date(metadata.dispute_evidence_due_by) : null,
    openedAt: new Date(metadata.dispute_opened_at ?? 0),
  };
}

export const stripeRepository = {
  async insertCheckout(
    db: DbOrTx,
    values: {
      kind: string;
      amountCents: number;
      currency: string;
      reference: string;
      metadata: Record<string, string>;
    },
  ): Promise<number> {
    const [row] = await db.insert(stripeCheckouts).values(values).returning({ id: stripeCheckouts.id });
    return row!.id;
  },

  async setSession(db: DbOrTx, id: number, session: { id: string; url: string; expiresAt: Date | null }) {
    await db
      .update(stripeCheckouts)
      .set({ sessionId: session.id, url: session.url, expiresAt: session.expiresAt })
      .where(eq(stripeCheckouts.id, id));
  },

  /** The checkout, locked until the transaction ends: two deliveries of its payment take turns. */
  async lockCheckout(db: DbOrTx, by: { id: number } | { sessionId: string }): Promise<CheckoutRow | null> {
    const where = 'id' in by ? eq(stripeCheckouts.id, by.id) : eq(stripeCheckouts.sessionId, by.sessionId);
    const [row] = await db.select().from(stripeCheckouts).where(where).for('update');
    return row ?? null;
  },

  async checkoutOfPaymentIntent(db: DbOrTx, paymentIntentId: string, lock = false): Promise<CheckoutRow | null> {
    const query = db.select().from(stripeCheckouts).where(eq(stripeCheckouts.paymentIntentId, paymentIntentId));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async checkoutsOfPaymentIntents(db: DbOrTx, paymentIntentIds: readonly string[]): Promise<CheckoutRow[]> {
    if (paymentIntentIds.length === 0) return [];
    return db
      .select()
      .from(stripeCheckouts)
      .where(inArray(stripeCheckouts.paymentIntentId, [...paymentIntentIds]))
      .orderBy(stripeCheckouts.id);
  },

  /** Records a paid session's dispute as Stripe tells it now (the caller holds the row's lock). */
  async setDispute(db: DbOrTx, id: number, d: StoredDispute): Promise<void> {
    const keys: Record<string, string> = {
      dispute_id: d.disputeId,
      dispute_status: d.status,
      dispute_reason: d.reason,
      dispute_amount_cents: String(d.amountCents),
      dispute_currency: d.currency,
      dispute_evidence_due_by: d.evidenceDueBy ? d.evidenceDueBy.toISOString() : '',
      dispute_opened_at: d.openedAt.toISOString(),
    };
    await db
      .update(stripeCheckouts)
      .set({ metadata: sql`${stripeCheckouts.metadata} || ${JSON.stringify(keys)}::jsonb` })
      .where(eq(stripeCheckouts.id, id));
  },

  /** The claim: false when another delivery completed it first. */
  async complete(db: DbOrTx, id: number, paymentIntentId: string, eventId: string, at: Date): Promise<boolean> {
    const rows = await db
      .update(stripeCheckouts)
      .set({ completedAt: at, paymentIntentId, completedEventId: eventId })
      .where(and(eq(stripeCheckouts.id, id), isNull(stripeCheckouts.completedAt)))
      .returning({ id: stripeCheckouts.id });
    return rows.length === 1;
  },

  /**
   * An open session of this kind for the same thing and amount, made by the server and not expiring within
   * `margin`: asking to pay twice reuses it, so a client with two tabs pays once.
   */
  async openCheckout(
    db: DbOrTx,
    kind: string,
    metadata: Record<string, string>,
    amountCents: number,
    notExpiringBefore: Date,
  ): Promise<CheckoutRow | null> {
    const [row] = await db
      .select()
      .from(stripeCheckouts)
      .where(
        sql`${stripeCheckouts.kind} = ${kind} AND ${stripeCheckouts.metadata} @> ${JSON.stringify(metadata)}::jsonb
          AND ${stripeCheckouts.amountCents} = ${amountCents} AND ${stripeCheckouts.completedAt} IS NULL
          AND ${stripeCheckouts.sessionId} IS NOT NULL AND ${stripeCheckouts.expiresAt} > ${notExpiringBefore}`,
      )
      .orderBy(sql`${stripeCheckouts.id} DESC`)
      .limit(1);
    return row ?? null;
  },

  async insertRefund(
    db: DbOrTx,
    values: {
      refundId: string;
      paymentIntentId: string;
      amountCents: number;
      reason: string;
      status: RefundStatus;
      metadata: Record<string, string>;
      requestedBy: string | null;
    },
  ): Promise<RefundRow> {
    const [row] = await db
      .insert(stripeRefunds)
      .values(values)
      .onConflictDoNothing({ target: stripeRefunds.refundId })
      .returning();
    if (row) return row;
    return (await this.lockRefund(db, values.refundId))!;
  },

  async lockRefund(db: DbOrTx, refundId: string): Promise<RefundRow | null> {
    const [row] = await db.select().from(stripeRefunds).where(eq(stripeRefunds.refundId, refundId)).for('update');
    return row ?? null;
  },

  async setRefundStatus(db: DbOrTx, id: number, status: RefundStatus, at: Date): Promise<void> {
    await db.update(stripeRefunds).set({ status, updatedAt: at }).where(eq(stripeRefunds.id, id));
  },

  /** The refunds asked against a PaymentIntent, oldest first. */
  async refundsOf(db: DbOrTx, paymentIntentIds: readonly string[]): Promise<RefundRow[]> {
    if (paymentIntentIds.length === 0) return [];
    return db
      .select()
      .from(stripeRefunds)
      .where(inArray(stripeRefunds.paymentIntentId, [...paymentIntentIds]))
      .orderBy(stripeRefunds.id);
  },
};
