/**
 * What payment she may record against a visit, and what void (docs/product.md §18.1,
 * docs/decisions/027-payments.md). Pure: the route reads the booking (locked) and its payments, then asks here.
 * - A payment is positive and at most what is owed, unless she states the excess exactly (a tip, rounding).
 * - A refund is negative, has a reason (the schema), and is at most what was received, net of refunds.
 * - A declined request takes no payment (a refund of money taken before stays possible).
 * - The date is not before the day the booking was made (the schema keeps it out of the future).
 * - A void that would leave more refunded than received is refused: void the refund first.
 */
import type { BookingStatus } from '@shared/constants';
import type { ErrorCode } from '@shared/error-codes';
import { depositDueCents } from '@shared/deposits';
import { formatCents } from '@shared/money';
import { formatShortDate } from '@shared/time';
import { asDepositPayments, type Balance, type PaymentEntry } from './ledger';

export interface Refusal {
  code: ErrorCode;
  message: string;
  /** The input field the refusal is about, for a 400 naming it. */
  field?: string;
}

export const PAYMENT_NOT_FOUND = 'Payment not found';
export const PAYMENT_ALREADY_VOIDED = 'This payment was voided already';
export const PAYMENT_ON_DECLINED = 'This request was declined: it takes no payment';
export const VOID_LEAVES_REFUND = 'Voiding this would leave more refunded than received: void the refund first';

export const moreThanOwed = (owed: number) => `That is more than the ${formatCents(owed)} owed`;
export const overpaymentMismatch = (owed: number, excess: number) =>
  excess > 0
    ? `The overpayment must be exactly ${formatCents(excess)} (the amount less the ${formatCents(owed)} owed)`
    : `There is no overpayment: the amount is not more than the ${formatCents(owed)} owed`;
export const refundMoreThanReceived = (received: number) =>
  `A refund cannot be more than the ${formatCents(Math.max(0, received))} received`;
export const paidBeforeBooking = (madeOn: string) =>
  `The payment date cannot be before the booking was made (${formatShortDate(madeOn)})`;

export interface PaymentRequest {
  amountCents: number;
  overpaymentCents?: number;
  /** NZ date. */
  paidAt: string;
}

export interface BookingFacts {
  status: BookingStatus;
  /** The NZ date the booking was made. */
  madeOn: string;
}

/** Why this payment cannot be recorded against the visit, or null when it can. */
export function paymentRefusal(request: PaymentRequest, booking: BookingFacts, balance: Balance): Refusal | null {
  if (request.paidAt < booking.madeOn) {
    return { code: 'VALIDATION_FAILED', message: paidBeforeBooking(booking.madeOn), field: 'paidAt' };
  }
  const amount = request.amountCents;
  if (amount < 0) {
    return -amount > balance.receivedCents
      ? { code: 'REFUND_MORE_THAN_RECEIVED', message: refundMoreThanReceived(balance.receivedCents) }
      : null;
  }
  if (booking.status === 'rejected') return { code: 'PAYMENT_NOT_ALLOWED', message: PAYMENT_ON_DECLINED };
  const excess = Math.max(0, amount - balance.owedCents);
  const stated = request.overpaymentCents;
  if (stated === undefined) {
    return excess > 0 ? { code: 'PAYMENT_MORE_THAN_OWED', message: moreThanOwed(balance.owedCents) } : null;
  }
  if (stated !== excess) {
    return { code: 'PAYMENT_MORE_THAN_OWED', message: overpaymentMismatch(balance.owedCents, excess) };
  }
  return null;
}

export interface DepositFacts {
  /** What the booking asked as a deposit when it was made (0 = none). */
  depositCents: number;
  /** Whether a late cancellation kept the deposit received. */
  depositKept: boolean;
  startsAt: Date;
}

/**
 * Whether a payment counts as the booking's deposit when she does not say: a positive payment while something of
 * the deposit the booking asks is still due (the shared rule the pending card's status and 'Mark deposit received'
 * read, so a deposit paid and then refunded is not asked again) and the visit has not started.
 */
export function isDepositByDefault(
  amountCents: number,
  booking: DepositFacts,
  entries: readonly PaymentEntry[],
  now: Date,
): boolean {
  if (amountCents <= 0 || booking.depositCents <= 0 || booking.startsAt <= now) return false;
  return depositDueCents(booking.depositCents, asDepositPayments(entries), booking.depositKept) > 0;
}

/** Why this payment cannot be voided, or null; `balanceAfter` is the visit's balance without it. */
export function voidRefusal(entry: PaymentEntry, balanceAfter: Balance): Refusal | null {
  if (entry.voidedAt !== null) return { code: 'PAYMENT_ALREADY_VOIDED', message: PAYMENT_ALREADY_VOIDED };
  if (entry.amountCents > 0 && balanceAfter.receivedCents < 0) {
    return { code: 'PAYMENT_VOID_REFUSED', message: VOID_LEAVES_REFUND };
  }
  return null;
}
