/**
 * The Money tab (docs/product.md §18.4, docs/decisions/032-money-summary.md): the periods her numbers are
 * read over, on NZ calendar dates (yyyy-MM-dd strings, no time zone). Pure, shared by the server's summary and the
 * tab's period picker, so a month, a quarter, the tax year and a GST period mean one thing on both sides.
 */

export interface DateRange {
  /** First day, included. */
  from: string;
  /** Last day, included. */
  to: string;
}

/** GST return periods Inland Revenue offers: monthly, two-monthly (the usual one) or six-monthly. */
export const GST_PERIOD_MONTHS = [1, 2, 6] as const;
export type GstPeriodMonths = (typeof GST_PERIOD_MONTHS)[number];

/**
 * The month a GST period of n months starts on (1 = January): two-monthly periods end in the even months
 * (Jan-Feb, Mar-Apr, ... the default IR assigns), six-monthly ones end in September and March (Apr-Sep, Oct-Mar),
 * so a six-monthly pair makes the tax year.
 */
const GST_ANCHOR_MONTH: Record<GstPeriodMonths, number> = { 1: 1, 2: 1, 6: 4 };

const pad = (n: number) => String(n).padStart(2, '0');
const ymOf = (date: string) => date.split('-').map(Number) as [number, number, number];

/** The last day of a month (month 1..12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** A span of whole months starting at year/month (month may run past 12). */
function monthsSpan(year: number, month: number, count: number): DateRange {
  const startIndex = year * 12 + (month - 1);
  const endIndex = startIndex + count - 1;
  const [sy, sm] = [Math.floor(startIndex / 12), (startIndex % 12) + 1];
  const [ey, em] = [Math.floor(endIndex / 12), (endIndex % 12) + 1];
  return { from: `${sy}-${pad(sm)}-01`, to: `${ey}-${pad(em)}-${pad(daysInMonth(ey, em))}` };
}

/** The calendar month holding `date`. */
export function monthRange(date: string): DateRange {
  const [y, m] = ymOf(date);
  return monthsSpan(y, m, 1);
}

/** The calendar quarter holding `date` (Jan-Mar, Apr-Jun, Jul-Sep, Oct-Dec: the tax year's quarters too). */
export function quarterRange(date: string): DateRange {
  const [y, m] = ymOf(date);
  return monthsSpan(y, m - ((m - 1) % 3), 3);
}

/** The NZ income tax year holding `date`: 1 April to 31 March (the IR3's year). */
export function taxYearRange(date: string): DateRange {
  const [y, m] = ymOf(date);
  const startYear = m >= 4 ? y : y - 1;
  return { from: `${startYear}-04-01`, to: `${startYear + 1}-03-31` };
}

/** 'YYYY-MM' of every month from..to touches, in order. */
export function monthsOf(range: DateRange): string[] {
  const [fy, fm] = ymOf(range.from);
  const [ty, tm] = ymOf(range.to);
  const months: string[] = [];
  for (let i = fy * 12 + fm - 1; i <= ty * 12 + tm - 1; i++) months.push(`${Math.floor(i / 12)}-${pad((i % 12) + 1)}`);
  return months;
}

/** The GST period of n months holding `date`. */
export function gstPeriodOf(date: string, months: GstPeriodMonths): DateRange {
  const [y, m] = ymOf(date);
  const anchor = GST_ANCHOR_MONTH[months];
  const offset = (((m - anchor) % months) + months) % months;
  return monthsSpan(y, m - offset, months);
}

/** Every whole GST period that from..to touches, in order (the first and last may reach outside the range). */
export function gstPeriodsOverlapping(range: DateRange, months: GstPeriodMonths): DateRange[] {
  const periods: DateRange[] = [];
  let period = gstPeriodOf(range.from, months);
  while (period.from <= range.to) {
    periods.push(period);
    const [y, m] = ymOf(period.to);
    period = monthsSpan(y, m + 1, months);
  }
  return periods;
}

const MONTH_NAMES = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** '2026-04' -> 'Apr 2026'. */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${MONTH_NAMES[m - 1]} ${y}`;
}

/** '2026-04' -> 'Apr' (the chart's axis, where the year is said once). */
export function shortMonthLabel(month: string): string {
  return MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month;
}

/** An NZ date as New Zealanders write it: '2026-04-01' -> '1/04/2026'. */
export function nzNumericDate(date: string): string {
  const [y, m, d] = ymOf(date);
  return `${d}/${pad(m)}/${y}`;
}
