/** Money is integer cents everywhere; these helpers only format at the edge. */

/**
 * Whole dollars grouped in threes with commas, as en-NZ writes them ('1,234,567'). Not with Intl.NumberFormat: a
 * page's first Intl object loads the locale's data, ~50 ms on a phone, in the middle of its first render
 * (docs/product.md §17); and a format built once was kept for the client page's hundreds of amounts
 * (docs/product.md §12).
 */
const grouped = (whole: number): string => String(whole).replace(/\B(?=(\d{3})+$)/g, ',');

/** 8000 -> '$80.00' (NZD, shown with a plain $ prefix as the spec asks). */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const dollars = grouped(Math.floor(abs / 100));
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`;
}

/** Dollars as typed by a person ('80', '80.5') to cents; NaN when it is not a number. */
export function dollarsToCents(dollars: string | number): number {
  const n = typeof dollars === 'number' ? dollars : Number(String(dollars).trim());
  return Number.isFinite(n) ? Math.round(n * 100) : Number.NaN;
}
