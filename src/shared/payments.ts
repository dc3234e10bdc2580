/**
 * docs/product.md §18.1, money (docs/product.md §18 "Money"): the rules every money figure follows, on both sides.
 * The server computes; the client only shows what it answers.
 */
import type { PaymentMethod } from './constants';

/** The form's message for a missing or zero amount (the payment schema's too). */
export const AMOUNT_REQUIRED = 'Please enter an amount';

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

/**
 * What was paid towards the visit: the payments that count, refunds left out. A refund gives money back (a goodwill
 * refund, an overpayment returned); it does not make the visit owed again, so what is owed and the status follow
 * this, while `receivedCents` (the money she holds) subtracts refunds.
 */
export function paidInCents(payments: readonly { amountCents: number; voided: boolean }[]): number {
  return payments.reduce((sum, p) => (p.voided || p.amountCents < 0 ? sum : sum + p.amountCents), 0);
}

export type PaymentStatus = 'paid' | 'part-paid' | 'unpaid';

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  paid: 'Paid',
  'part-paid': 'Part-paid',
  unpaid: 'Unpaid',
};

/** Paid once what was paid in (paidInCents) covers the total (a free visit is paid); part-paid when something was. */
export function paymentStatus(totalCents: number, paidIn: number): PaymentStatus {
  if (paidIn >= totalCents) return 'paid';
  return paidIn > 0 ? 'part-paid' : 'unpaid';
}

/** What is still owed from what was paid in (paidInCents); never negative: an overpayment is not owed back. */
export function owedCents(totalCents: number, paidIn: number): number {
  return Math.max(0, totalCents - paidIn);
}

/**
 * The GST inside a GST-inclusive amount at 15%: 3/23 of it, rounded to the cent (Inland Revenue's tax fraction).
 * $80.00 -> $10.43.
 */
export function gstOfInclusiveCents(inclusiveCents: number): number {
  return Math.round((inclusiveCents * 3) / 23);
}
