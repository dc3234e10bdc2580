/**
 * A voucher given for a visit, spent when the visit is confirmed (docs/decisions/039-gift-vouchers.md): a
 * payment of method 'voucher' for what the visit owes, at most what is left on the voucher; the rest stays on it.
 * Locks: the booking first (the status change's UPDATE, or here), then the voucher, as every path does, so two
 * visits spending one voucher take turns and never pass its balance.
 */
import { nzToday } from '@shared/time';
import { voucherAmountFor, voucherStatus } from '@shared/vouchers';
import type { BookingVoucher } from '@shared/schemas/vouchers';
import type { DbOrTx } from '../../db/client';
import { balanceOf } from '../payments/ledger';
import { paymentsRepository } from '../payments/repository';
import { isDepositByDefault } from '../payments/rules';
import { vouchersRepository as repo, type RedemptionRow, type VoucherWithUse } from './repository';

const balanceLeft = (v: VoucherWithUse) => v.valueCents - v.usedCents;

/**
 * Spends the voucher given for this visit, if one waits: called in the transaction that confirmed it (or that gave
 * the voucher to a visit confirmed already). Answers the cents taken (0: none waited, nothing was owed, or the
 * voucher has expired or is spent meanwhile; it then stays waiting, and her screen shows the visit as owed).
 */
export async function spendVoucherOfBooking(tx: DbOrTx, bookingId: number, at: Date): Promise<number> {
  const redemption = await repo.redemptionOfBooking(tx, bookingId, true);
  if (!redemption || redemption.paymentId !== null) return 0;
  const booking = await paymentsRepository.booking(tx, bookingId, true);
  if (!booking || booking.status !== 'confirmed') return 0;
  const voucher = await repo.lockById(tx, redemption.voucherId);
  if (!voucher) return 0;
  const today = nzToday(at);
  if (voucherStatus(balanceLeft(voucher), voucher.expiresOn!, today) !== 'active') return 0;
  const entries = await paymentsRepository.ofBooking(tx, bookingId);
  const amount = voucherAmountFor(balanceLeft(voucher), balanceOf(booking, entries).owedCents);
  if (amount <= 0) return 0;
  const paymentId = await repo.insertVoucherPayment(tx, {
    redemptionId: redemption.id,
    bookingId,
    amountCents: amount,
    paidAt: today,
    isDeposit: isDepositByDefault(amount, booking, entries, at),
  });
  await repo.markRedeemed(tx, redemption.id, paymentId, at);
  return amount;
}

/** The voucher given for a visit as its client sees it, or null. */
export async function bookingVoucherView(
  db: DbOrTx,
  bookingId: number,
  redemption?: RedemptionRow | null,
): Promise<BookingVoucher | null> {
  const given = redemption === undefined ? await repo.redemptionOfBooking(db, bookingId) : redemption;
  if (!given) return null;
  const voucher = await repo.byId(db, given.voucherId);
  if (!voucher) return null;
  const usedCents = await repo.usedCents(db, voucher.id);
  const payment = given.paymentId !== null ? await repo.paymentOf(db, given.paymentId) : null;
  // She voided the voucher payment: the amount went back on the voucher, which no longer pays this visit.
  if (payment && payment.voidedAt !== null) return null;
  if (payment) {
    return {
      codeHint: voucher.codeHint!,
      state: 'used',
      amountCents: payment.amountCents,
      balanceAfterCents: voucher.valueCents - usedCents,
      expiresOn: voucher.expiresOn!,
    };
  }
  const booking = await paymentsRepository.booking(db, bookingId, false);
  const owed = booking ? balanceOf(booking, await paymentsRepository.ofBooking(db, bookingId)).owedCents : 0;
  const amount = voucherAmountFor(voucher.valueCents - usedCents, owed);
  return {
    codeHint: voucher.codeHint!,
    state: 'waiting',
    amountCents: amount,
    balanceAfterCents: voucher.valueCents - usedCents - amount,
    expiresOn: voucher.expiresOn!,
  };
}
