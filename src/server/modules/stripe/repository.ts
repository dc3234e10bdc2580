/** Checkout sessions and refunds as the server recorded them (issue 41, migration 0027). */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { RefundStatus } from '@shared/schemas/card-payments';
import type { DbOrTx } from '../../db/client';
import { stripeCheckouts, stripeRefunds } from '../../db/schema';

export type CheckoutRow = typeof stripeCheckouts.$inferSelect;
export type RefundRow = typeof stripeRefunds.$inferSelect;

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

  async checkoutOfPaymentIntent(db: DbOrTx, paymentIntentId: string): Promise<CheckoutRow | null> {
    const [row] = await db.select().from(stripeCheckouts).where(eq(stripeCheckouts.paymentIntentId, paymentIntentId));
    return row ?? null;
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
