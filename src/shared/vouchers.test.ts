import { describe, expect, it } from 'vitest';
import { validUntilParts, validUntilText, voucherAmountFor, voucherExpiresOn, voucherStatus } from './vouchers';

describe('voucherExpiresOn', () => {
  it('is three years after the sale by default, to the day', () => {
    expect(voucherExpiresOn('2026-12-20', 36)).toBe('2029-12-20');
  });
  it('is never less than three years, whatever is asked', () => {
    expect(voucherExpiresOn('2026-12-20', 12)).toBe('2029-12-20');
    expect(voucherExpiresOn('2026-12-20', 0)).toBe('2029-12-20');
  });
  it('may be longer', () => {
    expect(voucherExpiresOn('2026-12-20', 60)).toBe('2031-12-20');
    expect(voucherExpiresOn('2026-01-31', 37)).toBe('2029-02-28');
  });
  it('ends on 28 February when sold on 29 February', () => {
    expect(voucherExpiresOn('2028-02-29', 36)).toBe('2031-02-28');
  });
});

describe('voucherStatus', () => {
  it('is active with something left up to its last day, expired the day after, spent at nothing left', () => {
    expect(voucherStatus(4000, '2029-12-20', '2029-12-20')).toBe('active');
    expect(voucherStatus(4000, '2029-12-20', '2029-12-21')).toBe('expired');
    expect(voucherStatus(0, '2029-12-20', '2027-01-01')).toBe('spent');
  });
});

describe('voucherAmountFor', () => {
  it('takes what the visit owes, at most what is left', () => {
    expect(voucherAmountFor(12000, 8000)).toBe(8000);
    expect(voucherAmountFor(4000, 8000)).toBe(4000);
    expect(voucherAmountFor(4000, 0)).toBe(0);
  });
});

describe('validUntilText', () => {
  it('gives the whole last day in NZ time, in one line or in the PDF’s two', () => {
    expect(validUntilText('2029-12-20')).toBe('Valid until 11:59 PM (NZ time) on December 20, 2029');
    expect(validUntilParts('2029-02-28')).toEqual({
      lead: 'Valid until 11:59 PM (NZ time) on',
      date: 'February 28, 2029',
    });
  });
});
