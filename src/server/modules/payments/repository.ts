/**
 * Payments as stored (docs/product.md §18.1, migration 0019). Rows are only inserted, voided once, or have their note
 * blanked (an erasure): the table's trigger refuses anything else, so this file offers nothing else. Reads go through
 * ledger.ts.
 */
import { eq, sql } from 'drizzle-orm';
import type { PaymentMethod } from '@shared/constants';
import type { DbOrTx } from '../../db/client';
import { bookings, payments } from '../../db/schema';
import { paymentsOfBookings, type PaymentEntry } from './ledger';

/** What a payment's rules need of its booking. */
export interface PaymentBooking {
  id: number;
  status: (typeof bookings.$inferSelect)['status'];
  price: number;
  travelCost: number;
  depositCents: number;
  depositKept: boolean;
  startsAt: Date;
  createdAt: Date;
}

const bookingColumns = {
  id: bookings.id,
  status: bookings.status,
  price: bookings.price,
  travelCost: bookings.travelCost,
  depositCents: bookings.depositCents,
  depositKept: bookings.depositKept,
  startsAt: bookings.startsAt,
  createdAt: bookings.createdAt,
};

export interface NewPayment {
  bookingId: number;
  amountCents: number;
  method: PaymentMethod;
  paidAt: string;
  note: string | null;
  isDeposit: boolean;
}

/** A refund's reason is required by the table's check: an erased one says so instead of going blank. */
export const ERASED_REFUND_REASON = 'Refund (reason erased)';

export const paymentsRepository = {
  /**
   * The booking, locked until the caller's transaction ends when `lock`: two payments (or a payment and a void) of
   * one visit take turns, so together they cannot go past what is owed.
   */
  async booking(tx: DbOrTx, id: number, lock: boolean): Promise<PaymentBooking | null> {
    const query = tx.select(bookingColumns).from(bookings).where(eq(bookings.id, id));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  /** The booking's payments, oldest first, voided ones included. */
  async ofBooking(tx: DbOrTx, bookingId: number): Promise<PaymentEntry[]> {
    return (await paymentsOfBookings(tx, [bookingId])).get(bookingId) ?? [];
  },

  /** The booking a payment belongs to, or null when there is no such payment. */
  async bookingOfPayment(tx: DbOrTx, paymentId: number): Promise<number | null> {
    const [row] = await tx.select({ bookingId: payments.bookingId }).from(payments).where(eq(payments.id, paymentId));
    return row?.bookingId ?? null;
  },

  async insert(tx: DbOrTx, values: NewPayment): Promise<number> {
    const [row] = await tx.insert(payments).values(values).returning({ id: payments.id });
    return row!.id;
  },

  /** Voids an unvoided payment; false when it was voided meanwhile (the trigger would refuse a second void). */
  async void(tx: DbOrTx, paymentId: number, reason: string, now: Date): Promise<boolean> {
    const rows = await tx
      .update(payments)
      .set({ voidedAt: now, voidReason: reason })
      .where(sql`${payments.id} = ${paymentId} AND ${payments.voidedAt} IS NULL`)
      .returning({ id: payments.id });
    return rows.length === 1;
  },
};

/**
 * An erased client's payments (clients/erasure.ts) keep their money facts, which are tax records, and lose her
 * notes, which may name the person or their health. A void's reason cannot change (the trigger); she writes it
 * about the entry, not the person.
 */
export async function blankPaymentNotesOfClient(tx: DbOrTx, clientId: number): Promise<number> {
  const result: unknown = await tx.execute(sql`UPDATE payments
      SET note = CASE WHEN amount_cents < 0 THEN ${ERASED_REFUND_REASON} ELSE NULL END
    WHERE booking_id IN (SELECT id FROM bookings WHERE client_id = ${clientId})
      AND note IS NOT NULL AND note <> ${ERASED_REFUND_REASON}
    RETURNING 1`);
  return (result as { rows: unknown[] }).rows.length;
}
