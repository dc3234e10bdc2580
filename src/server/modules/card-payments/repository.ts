/**
 * Card payments in the payments table (decision 027's plan): rows with source 'stripe' and the provider's
 * id, inserted with ON CONFLICT DO NOTHING on the unique (source, provider_ref), so a second delivery of the same
 * payment or refund inserts nothing even if it got past every other check.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema';

export const STRIPE_SOURCE = 'stripe';

export interface CardPaymentRow {
  bookingId: number;
  amountCents: number;
  paidAt: string;
  note: string | null;
  isDeposit: boolean;
  providerRef: string;
}

export const cardPaymentsRepository = {
  /** Answers the new row's id, or null when this provider id was recorded already. */
  async insertOnce(db: DbOrTx, row: CardPaymentRow): Promise<number | null> {
    const [inserted] = await db
      .insert(payments)
      .values({ ...row, method: 'card', source: STRIPE_SOURCE })
      .onConflictDoNothing({ target: [payments.source, payments.providerRef] })
      .returning({ id: payments.id });
    return inserted?.id ?? null;
  },

  async byProviderRef(db: DbOrTx, providerRef: string) {
    const [row] = await db
      .select()
      .from(payments)
      .where(and(eq(payments.source, STRIPE_SOURCE), eq(payments.providerRef, providerRef)));
    return row ?? null;
  },

  async byId(db: DbOrTx, id: number) {
    const [row] = await db.select().from(payments).where(eq(payments.id, id));
    return row ?? null;
  },

  /** The card payments of a visit (their PaymentIntent ids), voided ones included. */
  async paymentIntentsOfBooking(db: DbOrTx, bookingId: number): Promise<string[]> {
    const rows = await db
      .select({ ref: payments.providerRef })
      .from(payments)
      .where(
        and(eq(payments.bookingId, bookingId), eq(payments.source, STRIPE_SOURCE), sql`${payments.amountCents} > 0`),
      );
    return rows.map((r) => r.ref!).filter(Boolean);
  },

  /** Voids a refund's row when Stripe says the refund failed after all. */
  async voidByProviderRef(db: DbOrTx, providerRefs: readonly string[], reason: string, at: Date): Promise<number> {
    if (providerRefs.length === 0) return 0;
    const rows = await db
      .update(payments)
      .set({ voidedAt: at, voidReason: reason })
      .where(
        and(
          eq(payments.source, STRIPE_SOURCE),
          inArray(payments.providerRef, [...providerRefs]),
          sql`${payments.voidedAt} IS NULL`,
        ),
      )
      .returning({ id: payments.id });
    return rows.length;
  },
};
