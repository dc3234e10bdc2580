/**
 * Issue 27, money (docs/product.md §18 "Money"): the rules every money figure follows, on both sides.
 * The server computes; the client only shows what it answers.
 */
import type { PaymentMethod } from './constants';

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  cash: 'Cash',
  'bank-transfer': 'Bank transfer',
  card: 'Card',
  voucher: 'Voucher',
};

/** What a visit costs the client: the service's price and the travel fee, both GST-inclusive when registered. */
export function visitTotalCents(b: { price: number; travelCost: number }): number {
  return b.price + b.travelCost;
}

/** The sum of the payments that count: a voided payment counts for nothing; a refund is negative. */
export function receivedCents(payments: readonly { amountCents: number; voided: boolean }[]): number {
  return payments.reduce((sum, p) => (p.voided ? sum : sum + p.amountCents), 0);
}

export type PaymentStatus = 'paid' | 'part-paid' | 'unpaid';

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  paid: 'Paid',
  'part-paid': 'Part-paid',
  unpaid: 'Unpaid',
};

/** Paid once what was received covers the total (a free visit is paid); part-paid when something was. */
export function paymentStatus(totalCents: number, received: number): PaymentStatus {
  if (received >= totalCents) return 'paid';
  return received > 0 ? 'part-paid' : 'unpaid';
}

/** What is still owed (never negative: an overpayment is not owed back unless she refunds it). */
export function owedCents(totalCents: number, received: number): number {
  return Math.max(0, totalCents - received);
}

/**
 * The GST inside a GST-inclusive amount at 15%: 3/23 of it, rounded to the cent (Inland Revenue's tax fraction).
 * $80.00 -> $10.43.
 */
export function gstOfInclusiveCents(inclusiveCents: number): number {
  return Math.round((inclusiveCents * 3) / 23);
}
