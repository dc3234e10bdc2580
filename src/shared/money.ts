/** Money is integer cents everywhere; these helpers only format at the edge. */

/**
 * One formatter for every call: `Number#toLocaleString` builds a new number format each time, and the
 * client page formats two amounts for each of up to hundreds of visits (issue 24: ~260 ms on a phone).
 */
const DOLLARS = new Intl.NumberFormat('en-NZ');

/** 8000 -> '$80.00' (NZD, shown with a plain $ prefix as the spec asks). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const dollars = DOLLARS.format(Math.floor(abs / 100));
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** Dollars as typed by a person ('80', '80.5') to cents; NaN when it is not a number. */
export function dollarsToCents(dollars: string | number): number {
  const n = typeof dollars === 'number' ? dollars : Number(String(dollars).trim());
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
}
