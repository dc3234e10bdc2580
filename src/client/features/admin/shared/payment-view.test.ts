import { describe, expect, it } from 'vitest';
import { balanceLine, parseDollars, paymentLine, showsPaymentBadge } from './payment-view';

const balance = (owedCents: number, receivedCents: number) => ({
  totalCents: owedCents + receivedCents,
  receivedCents,
  owedCents,
  status: owedCents === 0 ? ('paid' as const) : receivedCents > 0 ? ('part-paid' as const) : ('unpaid' as const),
});

describe('balanceLine', () => {
  it("says 'Paid' or what is owed", () => {
    expect(balanceLine(balance(0, 8000))).toBe('Paid');
    expect(balanceLine(balance(6000, 2000))).toBe('Owes $60.00');
    expect(balanceLine(balance(123456, 0))).toBe('Owes $1,234.56');
  });
});

describe('showsPaymentBadge', () => {
  it('for confirmed visits, and cancelled ones that took money', () => {
    expect(showsPaymentBadge({ status: 'confirmed', balance: balance(8000, 0) })).toBe(true);
    expect(showsPaymentBadge({ status: 'cancelled', balance: balance(6000, 2000) })).toBe(true);
    expect(showsPaymentBadge({ status: 'cancelled', balance: balance(8000, 0) })).toBe(false);
    expect(showsPaymentBadge({ status: 'pending', balance: balance(6000, 2000) })).toBe(false);
    expect(showsPaymentBadge({ status: 'rejected', balance: balance(8000, 0) })).toBe(false);
  });
});

describe('paymentLine', () => {
  it('names the amount, the method and the date; a refund as such', () => {
    expect(paymentLine({ amountCents: 2000, method: 'bank-transfer' }, '3 Mar')).toBe('$20.00 · Bank transfer · 3 Mar');
    expect(paymentLine({ amountCents: -2000, method: 'cash' }, '3 Mar')).toBe('-$20.00 refund · Cash · 3 Mar');
  });
});

describe('parseDollars', () => {
  it('reads dollars as typed', () => {
    expect(parseDollars('60')).toEqual({ cents: 6000 });
    expect(parseDollars(' $60.5 ')).toEqual({ cents: 6050 });
    expect(parseDollars('1,234.56')).toEqual({ cents: 123456 });
    expect(parseDollars('0.10')).toEqual({ cents: 10 });
  });

  it('refuses empty, zero, negative and odd input with a message', () => {
    expect(parseDollars('')).toEqual({ error: 'Please enter an amount' });
    expect(parseDollars('0')).toEqual({ error: 'Please enter an amount' });
    expect(parseDollars('-5')).toEqual({ error: 'Enter the amount in dollars, e.g. 60 or 60.50' });
    expect(parseDollars('60.555')).toEqual({ error: 'Enter the amount in dollars, e.g. 60 or 60.50' });
    expect(parseDollars('sixty')).toEqual({ error: 'Enter the amount in dollars, e.g. 60 or 60.50' });
  });
});
