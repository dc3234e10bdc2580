import { describe, expect, it } from 'vitest';
import {
  adminDepositStatus,
  depositFor,
  depositReferenceFrom,
  DEPOSIT_REFERENCE_RE,
  depositDueCents,
  depositStatus,
  depositTexts,
  serviceDepositText,
} from './deposits';

const none = { depositCents: null, depositPercent: null };

describe('depositFor', () => {
  it('asks the fixed amount of a first-time client, and nothing of a returning one by default', () => {
    const rule = { depositCents: 2000, depositPercent: null };
    expect(depositFor(rule, 8000, true, 'first-time')).toBe(2000);
    expect(depositFor(rule, 8000, false, 'first-time')).toBe(0);
  });

  it("asks everyone when the setting says 'everyone'", () => {
    expect(depositFor({ depositCents: 2000, depositPercent: null }, 8000, false, 'everyone')).toBe(2000);
  });

  it('rounds a percentage of the price to the cent', () => {
    // 15% of $85.55 = $12.8325 -> $12.83; 25% of $0.99 = 24.75 c -> 25 c
    expect(depositFor({ depositCents: null, depositPercent: 15 }, 8555, true, 'everyone')).toBe(1283);
    expect(depositFor({ depositCents: null, depositPercent: 25 }, 99, true, 'everyone')).toBe(25);
  });

  it('asks nothing without a rule and never more than the price', () => {
    expect(depositFor(none, 8000, true, 'everyone')).toBe(0);
    expect(depositFor({ depositCents: 9000, depositPercent: null }, 8000, true, 'everyone')).toBe(8000);
    expect(depositFor({ depositCents: 2000, depositPercent: null }, 0, true, 'everyone')).toBe(0);
  });
});

describe('the bank reference', () => {
  it("is 'HV' and 6 Crockford characters, at most 12 in all", () => {
    const ref = depositReferenceFrom([0, 31, 8, 18, 21, 27]);
    expect(ref).toBe('HV0Z8JNV');
    expect(ref).toMatch(DEPOSIT_REFERENCE_RE);
    expect(ref.length).toBeLessThanOrEqual(12);
    expect(depositReferenceFrom([255, 255, 255, 255, 255, 255])).toMatch(DEPOSIT_REFERENCE_RE);
  });
});

describe('depositDueCents', () => {
  const paid = (amountCents: number, voided = false, isDeposit = true) => ({ amountCents, voided, isDeposit });

  it('is the whole deposit while nothing was paid as deposit: a payment towards the price does not lower it', () => {
    expect(depositDueCents(2000, [], false)).toBe(2000);
    expect(depositDueCents(2000, [paid(1000, false, false)], false)).toBe(2000);
    expect(depositStatus(2000, [paid(1000, false, false)], false)).toBe('waiting');
  });

  it('does not count a voided deposit payment', () => {
    expect(depositDueCents(2000, [paid(2000, true)], false)).toBe(2000);
    expect(depositDueCents(2000, [paid(2000, true), paid(500)], false)).toBe(1500);
  });

  it('leaves the rest after a part of the deposit was paid', () => {
    expect(depositDueCents(2000, [paid(500)], false)).toBe(1500);
    expect(depositDueCents(2000, [paid(500), paid(6000, false, false)], false)).toBe(1500);
  });

  it('is 0 once received, kept or refunded, and without a deposit', () => {
    expect(depositDueCents(2000, [paid(1000), paid(1000)], false)).toBe(0);
    expect(depositDueCents(2000, [paid(2500)], false)).toBe(0);
    expect(depositDueCents(2000, [paid(2000)], true)).toBe(0);
    expect(depositDueCents(2000, [paid(2000), paid(-2000)], false)).toBe(0);
    expect(depositDueCents(0, [], false)).toBe(0);
  });

  it('is above 0 exactly while the status is waiting', () => {
    const cases = [
      [],
      [paid(500)],
      [paid(2000, true)],
      [paid(2000)],
      [paid(2000), paid(-2000)],
      [paid(800, false, false)],
    ];
    for (const payments of cases)
      for (const kept of [false, true])
        expect(depositDueCents(2000, payments, kept) > 0).toBe(depositStatus(2000, payments, kept) === 'waiting');
  });
});

describe('depositStatus', () => {
  const paid = (amountCents: number, voided = false, isDeposit = true) => ({ amountCents, voided, isDeposit });

  it('waits until deposit payments cover it; a voided one counts for nothing', () => {
    expect(depositStatus(2000, [], false)).toBe('waiting');
    expect(depositStatus(2000, [paid(2000, true)], false)).toBe('waiting');
    expect(depositStatus(2000, [paid(6000, false, false)], false)).toBe('waiting');
    expect(depositStatus(2000, [paid(1000), paid(1000)], false)).toBe('received');
  });

  it('says kept after a late cancellation kept it, refunded when refunds took it back', () => {
    expect(depositStatus(2000, [paid(2000)], true)).toBe('kept');
    expect(depositStatus(2000, [paid(2000), paid(-2000)], false)).toBe('refunded');
  });

  it('is overdue for her once the due time passed', () => {
    const due = new Date('2026-03-02T00:00:00Z');
    expect(adminDepositStatus('waiting', due, new Date('2026-03-01T23:59:00Z'))).toBe('waiting');
    expect(adminDepositStatus('waiting', due, due)).toBe('overdue');
    expect(adminDepositStatus('received', due, due)).toBe('received');
  });
});

describe('texts', () => {
  it('words the service line and the late-cancellation line', () => {
    expect(serviceDepositText({ depositCents: 2000, depositPercent: null }, 'first-time')).toBe(
      'Deposit $20.00 for new clients',
    );
    expect(serviceDepositText({ depositCents: null, depositPercent: 20 }, 'everyone')).toBe('Deposit 20% of the price');
    expect(serviceDepositText(none, 'everyone')).toBeNull();
    expect(depositTexts.keptOnLateCancel(2000, 24)).toBe(
      'Your deposit of $20.00 is kept, as the visit was cancelled within 24 hours of its start.',
    );
  });
});
