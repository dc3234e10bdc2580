/**
 * The payments of visits as stored (docs/product.md §18.1, migration 0019), and each visit's balance from them. Every
 * module that shows money (the day sheet, the client page, receipts, the Money tab) reads through here, so a balance is
 * computed one way (src/shared/payments.ts).
 */
import { asc, inArray } from 'drizzle-orm';
import type { PaymentMethod } from '@shared/constants';
import {
  owedCents,
  paidInCents,
  paymentStatus,
  receivedCents,
  visitTotalCents,
  type PaymentStatus,
} from '@shared/payments';
import type { DepositPayment } from '@shared/deposits';
import type { DbOrTx } from '../../db/client';
import { payments } from '../../db/schema';

export interface PaymentEntry {
  id: number;
  bookingId: number;
  amountCents: number;
  method: PaymentMethod;
  /** NZ date, YYYY-MM-DD. */
  paidAt: string;
  note: string | null;
  isDeposit: boolean;
  source: string;
  voidedAt: string | null;
  voidReason: string | null;
  createdAt: string;
}

/** The entries as the shared deposit rule reads them (src/shared/deposits.ts). */
export const asDepositPayments = (entries: readonly PaymentEntry[]): DepositPayment[] =>
  entries.map((p) => ({ amountCents: p.amountCents, voided: p.voidedAt !== null, isDeposit: p.isDeposit }));

export interface Balance {
  totalCents: number;
  receivedCents: number;
  owedCents: number;
  status: PaymentStatus;
}

/** The payments of these visits, oldest first, voided ones included (the void is part of the record). */
export async function paymentsOfBookings(
  db: DbOrTx,
  bookingIds: readonly number[],
): Promise<Map<number, PaymentEntry[]>> {
  const byBooking = new Map<number, PaymentEntry[]>();
  if (bookingIds.length === 0) return byBooking;
  const rows = await db
    .select()
    .from(payments)
    .where(inArray(payments.bookingId, [...bookingIds]))
    .orderBy(asc(payments.paidAt), asc(payments.id));
  for (const r of rows) {
    const entry: PaymentEntry = {
      id: r.id,
      bookingId: r.bookingId,
      amountCents: r.amountCents,
      method: r.method,
      paidAt: r.paidAt,
      note: r.note,
      isDeposit: r.isDeposit,
      source: r.source,
      voidedAt: r.voidedAt ? r.voidedAt.toISOString() : null,
      voidReason: r.voidReason,
      createdAt: r.createdAt.toISOString(),
    };
    const list = byBooking.get(r.bookingId);
    if (list) list.push(entry);
    else byBooking.set(r.bookingId, [entry]);
  }
  return byBooking;
}

/** A visit's balance from its price, travel fee and payments. */
export function balanceOf(booking: { price: number; travelCost: number }, entries: readonly PaymentEntry[]): Balance {
  const total = visitTotalCents(booking);
  const counted = entries.map((p) => ({ amountCents: p.amountCents, voided: p.voidedAt !== null }));
  // A refund lowers what she holds, not what the visit was paid: a refunded visit is not owed again.
  const paidIn = paidInCents(counted);
  return {
    totalCents: total,
    receivedCents: receivedCents(counted),
    owedCents: owedCents(total, paidIn),
    status: paymentStatus(total, paidIn),
  };
}
