import { describe, expect, it } from 'vitest';
import type { Balance, PaymentEntry } from './ledger';
import { isDepositByDefault, paymentRefusal, voidRefusal } from './rules';

const balance = (totalCents: number, receivedCents: number): Balance => ({
  totalCents,
  receivedCents,
  owedCents: Math.max(0, totalCents - receivedCents),
  status: receivedCents >= totalCents ? 'paid' : receivedCents > 0 ? 'part-paid' : 'unpaid',
});

const confirmed = { status: 'confirmed' as const, madeOn: '2026-03-01' };
const today = '2026-03-10';

let ids = 0;
const entry = (amountCents: number, over: Partial<PaymentEntry> = {}): PaymentEntry => ({
  id: ++ids,
  bookingId: 1,
  amountCents,
  method: 'cash',
  paidAt: today,
  note: null,
  isDeposit: false,
  source: 'manual',
  voidedAt: null,
  voidReason: null,
  createdAt: '2026-03-10T00:00:00.000Z',
  ...over,
});

describe('paymentRefusal', () => {
  it('lets a payment up to what is owed through', () => {
    expect(paymentRefusal({ amountCents: 8000, paidAt: today }, confirmed, balance(8000, 0))).toBeNull();
    expect(paymentRefusal({ amountCents: 6000, paidAt: today }, confirmed, balance(8000, 2000))).toBeNull();
  });

  it('refuses more than owed, naming what is owed', () => {
    expect(paymentRefusal({ amountCents: 6001, paidAt: today }, confirmed, balance(8000, 2000))).toEqual({
      code: 'PAYMENT_MORE_THAN_OWED',
      message: 'That is more than the $60.00 owed',
    });
  });

  it('takes an overpayment stated exactly, and only then', () => {
    const owed60 = balance(8000, 2000);
    expect(paymentRefusal({ amountCents: 7000, overpaymentCents: 1000, paidAt: today }, confirmed, owed60)).toBeNull();
    expect(
      paymentRefusal({ amountCents: 7000, overpaymentCents: 999, paidAt: today }, confirmed, owed60)?.message,
    ).toBe('The overpayment must be exactly $10.00 (the amount less the $60.00 owed)');
    expect(paymentRefusal({ amountCents: 6000, overpaymentCents: 0, paidAt: today }, confirmed, owed60)).toBeNull();
    expect(
      paymentRefusal({ amountCents: 5000, overpaymentCents: 100, paidAt: today }, confirmed, owed60)?.message,
    ).toBe('There is no overpayment: the amount is not more than the $60.00 owed');
  });

  it('refuses a refund beyond what was received net, and lets one up to it through', () => {
    expect(paymentRefusal({ amountCents: -2000, paidAt: today }, confirmed, balance(8000, 2000))).toBeNull();
    expect(paymentRefusal({ amountCents: -2001, paidAt: today }, confirmed, balance(8000, 2000))).toEqual({
      code: 'REFUND_MORE_THAN_RECEIVED',
      message: 'A refund cannot be more than the $20.00 received',
    });
  });

  it('refuses a payment on a declined request but lets its refund through', () => {
    const declined = { status: 'rejected' as const, madeOn: '2026-03-01' };
    expect(paymentRefusal({ amountCents: 100, paidAt: today }, declined, balance(8000, 2000))?.code).toBe(
      'PAYMENT_NOT_ALLOWED',
    );
    expect(paymentRefusal({ amountCents: -2000, paidAt: today }, declined, balance(8000, 2000))).toBeNull();
  });

  it('refuses a date before the booking was made, on the paidAt field', () => {
    expect(paymentRefusal({ amountCents: 100, paidAt: '2026-02-28' }, confirmed, balance(8000, 0))).toEqual({
      code: 'VALIDATION_FAILED',
      field: 'paidAt',
      message: 'The payment date cannot be before the booking was made (01 Mar 2026)',
    });
    expect(paymentRefusal({ amountCents: 100, paidAt: '2026-03-01' }, confirmed, balance(8000, 0))).toBeNull();
  });
});

describe('isDepositByDefault', () => {
  const now = new Date('2026-03-10T00:00:00Z');
  const ahead = { depositCents: 2000, depositKept: false, startsAt: new Date('2026-03-12T00:00:00Z') };

  it('is the deposit while it has not all arrived and the visit is ahead', () => {
    expect(isDepositByDefault(2000, ahead, [], now)).toBe(true);
    expect(isDepositByDefault(1000, ahead, [entry(1000, { isDeposit: true })], now)).toBe(true);
    expect(isDepositByDefault(6000, ahead, [entry(2000, { isDeposit: true })], now)).toBe(false);
  });

  it('counts a voided deposit as not arrived', () => {
    const voided = entry(2000, { isDeposit: true, voidedAt: '2026-03-10T01:00:00Z', voidReason: 'Bounced' });
    expect(isDepositByDefault(2000, ahead, [voided], now)).toBe(true);
  });

  it('is not once a deposit paid was refunded: the deposit is not asked twice', () => {
    const paidThenRefunded = [entry(2000, { isDeposit: true }), entry(-2000, { isDeposit: true })];
    expect(isDepositByDefault(2000, ahead, paidThenRefunded, now)).toBe(false);
    // A part refunded before the rest arrived: what is still due of it stays the deposit.
    const partThenRefunded = [entry(1000, { isDeposit: true }), entry(-1000, { isDeposit: true })];
    expect(isDepositByDefault(1000, ahead, partThenRefunded, now)).toBe(true);
  });

  it('is not when no deposit was asked, the visit has started, or for a refund', () => {
    expect(isDepositByDefault(2000, { ...ahead, depositCents: 0 }, [], now)).toBe(false);
    expect(isDepositByDefault(2000, { ...ahead, startsAt: now }, [], now)).toBe(false);
    expect(isDepositByDefault(-2000, ahead, [], now)).toBe(false);
  });
});

describe('voidRefusal', () => {
  it('refuses a second void', () => {
    const voided = entry(100, { voidedAt: '2026-03-10T01:00:00Z', voidReason: 'Wrong' });
    expect(voidRefusal(voided, balance(8000, 0))?.code).toBe('PAYMENT_ALREADY_VOIDED');
  });

  it('refuses voiding a payment a refund stands on, not the refund itself', () => {
    expect(voidRefusal(entry(8000), balance(8000, -8000))?.code).toBe('PAYMENT_VOID_REFUSED');
    expect(voidRefusal(entry(-8000, { note: 'Back' }), balance(8000, 8000))).toBeNull();
    expect(voidRefusal(entry(2000), balance(8000, 0))).toBeNull();
  });
});
