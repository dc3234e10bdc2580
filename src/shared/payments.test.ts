import { describe, expect, it } from 'vitest';
import { gstOfInclusiveCents, owedCents, paidInCents, paymentStatus, receivedCents, visitTotalCents } from './payments';

describe('payment rules', () => {
  it('totals the price and the travel fee', () => {
    expect(visitTotalCents({ price: 9000, travelCost: 1500 })).toBe(10500);
  });

  it('counts refunds against what was received and ignores voided payments', () => {
    const received = receivedCents([
      { amountCents: 2000, voided: false },
      { amountCents: 6000, voided: false },
      { amountCents: 5000, voided: true },
      { amountCents: -1000, voided: false },
    ]);
    expect(received).toBe(7000);
  });

  it('says paid, part-paid or unpaid', () => {
    expect(paymentStatus(8000, 8000)).toBe('paid');
    expect(paymentStatus(8000, 9000)).toBe('paid');
    expect(paymentStatus(8000, 2000)).toBe('part-paid');
    expect(paymentStatus(8000, 0)).toBe('unpaid');
    expect(paymentStatus(0, 0)).toBe('paid');
    expect(owedCents(8000, 2000)).toBe(6000);
    expect(owedCents(8000, 9000)).toBe(0);
  });

  it('does not make a refunded visit owed again: what was paid in leaves refunds out', () => {
    const payments = [
      { amountCents: 8000, voided: false },
      { amountCents: -2000, voided: false },
      { amountCents: 3000, voided: true },
    ];
    expect(paidInCents(payments)).toBe(8000);
    expect(receivedCents(payments)).toBe(6000);
    expect(owedCents(8000, paidInCents(payments))).toBe(0);
    expect(paymentStatus(8000, paidInCents(payments))).toBe('paid');
  });

  it('takes GST as 3/23 of a GST-inclusive amount', () => {
    expect(gstOfInclusiveCents(8000)).toBe(1043);
    expect(gstOfInclusiveCents(11500)).toBe(1500);
    expect(gstOfInclusiveCents(-2300)).toBe(-300);
  });
});
