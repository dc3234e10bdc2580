/**
 * What a client may pay by card now (decision 037), pure: the amount always comes from the server's own
 * figures (the booking and its payments), never from the request.
 * - The deposit: what of it is still due (the shared rule of the deposit's status), while the request or visit is
 *   pending or confirmed and has not started.
 * - The balance: what a confirmed visit still owes (the ledger's rule), before or after it.
 */
import type { BookingStatus } from '@shared/constants';
import type { PayPurpose } from '@shared/schemas/card-payments';
import { depositDueCents } from '@shared/deposits';
import type { Balance, PaymentEntry } from '../payments/ledger';
import { asDepositPayments } from '../payments/ledger';

export interface PayableBooking {
  status: BookingStatus;
  depositCents: number;
  depositKept: boolean;
  startsAt: Date;
}

export function payableCents(
  purpose: PayPurpose,
  booking: PayableBooking,
  entries: readonly PaymentEntry[],
  balance: Balance,
  now: Date,
): number {
  if (purpose === 'deposit') {
    const open = booking.status === 'pending' || booking.status === 'confirmed';
    if (!open || booking.depositCents <= 0 || booking.startsAt <= now) return 0;
    return depositDueCents(booking.depositCents, asDepositPayments(entries), booking.depositKept);
  }
  return booking.status === 'confirmed' ? balance.owedCents : 0;
}

/**
 * The note a card payment carries when it came to more than was owed by then (she recorded the money by hand
 * meanwhile, or the client paid in two tabs): the money is real, so it is recorded, and she sees what to refund.
 */
export function overpaidNote(amountCents: number, owedCents: number): string | null {
  if (amountCents <= owedCents) return null;
  const over = ((amountCents - owedCents) / 100).toFixed(2);
  return `Paid by card when $${(owedCents / 100).toFixed(2)} was owed: $${over} more than owed (refund it from here)`;
}
