/**
 * How her screens show a visit's money (docs/product.md §18.1). The server computes every figure; this
 * only words it. Pure, unit-tested.
 */
import type { BookingStatus } from '@shared/constants';
import { dollarsToCents, formatCents } from '@shared/money';
import { AMOUNT_REQUIRED, PAYMENT_METHOD_LABELS, PAYMENT_STATUS_LABELS, type PaymentStatus } from '@shared/payments';
import type { BalanceAnswer, PaymentEntryAnswer } from '@shared/schemas/payment';

export const PAYMENT_TEXTS = {
  panelTitle: 'Payments',
  none: 'No payments recorded yet.',
  record: 'Record payment',
  amount: 'Amount ($)',
  method: 'Method',
  date: 'Date paid',
  note: 'Note (only you see it)',
  refund: 'Refund',
  refundReason: 'Reason for the refund',
  overpaid: 'The client paid more (a tip or rounding)',
  voidAction: 'Void',
  voidTitle: 'Void this payment?',
  voidHint: 'It stays on the list, struck through, with your reason; the balance no longer counts it.',
  voidReason: 'Why is it voided?',
  recorded: 'Payment recorded',
  refunded: 'Refund recorded',
  voided: 'Payment voided',
  markDeposit: 'Mark deposit received',
  depositMarked: 'Deposit marked received',
} as const;

/** 'Paid', or 'Owes $60.00': the line on the day sheet, the client page and the visit. */
export function balanceLine(balance: BalanceAnswer): string {
  return balance.status === 'paid' ? PAYMENT_STATUS_LABELS.paid : `Owes ${formatCents(balance.owedCents)}`;
}

/**
 * Whether a visit shows its Paid / Part-paid / Unpaid badge: a confirmed visit, and a cancelled one that took money
 * (a kept deposit, a refund to make). A request or a declined one has nothing owed yet.
 */
export function showsPaymentBadge(booking: { status: BookingStatus; balance: BalanceAnswer }): boolean {
  return booking.status === 'confirmed' || (booking.status === 'cancelled' && booking.balance.receivedCents > 0);
}

export const PAYMENT_BADGE_TONES: Record<PaymentStatus, 'success' | 'warning' | 'destructive'> = {
  paid: 'success',
  'part-paid': 'warning',
  unpaid: 'destructive',
};

/** '$20.00 · Bank transfer · 3 Mar', a refund as '−$20.00 refund · Cash · 3 Mar'. */
export function paymentLine(p: Pick<PaymentEntryAnswer, 'amountCents' | 'method'>, dateLabel: string): string {
  const amount = p.amountCents < 0 ? `${formatCents(p.amountCents)} refund` : formatCents(p.amountCents);
  return `${amount} · ${PAYMENT_METHOD_LABELS[p.method]} · ${dateLabel}`;
}

export const AMOUNT_FORMAT = 'Enter the amount in dollars, e.g. 60 or 60.50';

/**
 * Dollars as she types them ('60', '$60.50') to cents, positive; an error message otherwise (the server says the
 * rest: more than owed, more than received).
 */
export function parseDollars(text: string): { cents: number } | { error: string } {
  const clean = text.trim().replace(/^\$/, '').replace(/,/g, '');
  if (clean === '') return { error: AMOUNT_REQUIRED };
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return { error: AMOUNT_FORMAT };
  const cents = dollarsToCents(clean);
  return cents > 0 ? { cents } : { error: AMOUNT_REQUIRED };
}
