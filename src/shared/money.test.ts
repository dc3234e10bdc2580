import { describe, expect, it } from 'vitest';
import { dollarsToCents, formatCents } from './money';

describe('money', () => {
  it('shows cents as dollars with a $ prefix and two decimals', () => {
    expect(formatCents(8000)).toBe('$80.00');
    expect(formatCents(12050)).toBe('$120.50');
    expect(formatCents(5)).toBe('$0.05');
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(123456789)).toBe('$1,234,567.89');
    expect(formatCents(-1000)).toBe('-$10.00');
  });

  it('groups whole dollars exactly as en-NZ number formatting does', () => {
    const nz = new Intl.NumberFormat('en-NZ');
    for (const dollars of [0, 7, 99, 100, 999, 1000, 9999, 10000, 99999, 100000, 999999, 1000000, 12345678, 2 ** 40])
      expect(formatCents(dollars * 100)).toBe(`$${nz.format(dollars)}.00`);
  });

  it('reads dollars typed by a person as cents', () => {
    expect(dollarsToCents('80')).toBe(8000);
    expect(dollarsToCents('80.5')).toBe(8050);
    expect(dollarsToCents(0.1 + 0.2)).toBe(30);
    expect(dollarsToCents('abc')).toBeNaN();
  });
});
