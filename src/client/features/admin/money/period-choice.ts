/**
 * The Money tab's period picker (docs/product.md §18.4): this month, a month, a quarter or an NZ tax year (1 April
 * to 31 March), each as NZ calendar dates. Pure, so its unit test can import it; the ranges themselves come from
 * src/shared/money-periods.ts, as the server's GST periods do.
 */
import { monthLabel, monthRange, quarterRange, taxYearRange, type DateRange } from '@shared/money-periods';

export const PERIOD_KINDS = ['this-month', 'month', 'quarter', 'tax-year'] as const;
export type PeriodKind = (typeof PERIOD_KINDS)[number];

export const PERIOD_KIND_LABELS: Record<PeriodKind, string> = {
  'this-month': 'This month',
  month: 'A month',
  quarter: 'A quarter',
  'tax-year': 'Tax year (1 April - 31 March)',
};

export interface PeriodOption {
  /** The range's first day: what the second select keeps as its value. */
  value: string;
  label: string;
  range: DateRange;
}

const pad = (n: number) => String(n).padStart(2, '0');
const firstOf = (year: number, month: number) => {
  const index = year * 12 + month - 1;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}-01`;
};
const yearMonth = (date: string) => date.split('-').map(Number) as [number, number];

const QUARTER_MONTHS = ['Jan-Mar', 'Apr-Jun', 'Jul-Sep', 'Oct-Dec'] as const;

/** The choices of a kind as of `today`, newest first: 24 months, 8 quarters, 4 tax years (this one first). */
export function periodOptions(kind: PeriodKind, today: string): PeriodOption[] {
  const [y, m] = yearMonth(today);
  switch (kind) {
    case 'this-month':
      return [{ value: monthRange(today).from, label: monthLabel(today.slice(0, 7)), range: monthRange(today) }];
    case 'month':
      return Array.from({ length: 24 }, (_, i) => {
        const range = monthRange(firstOf(y, m - i));
        return { value: range.from, label: monthLabel(range.from.slice(0, 7)), range };
      });
    case 'quarter':
      return Array.from({ length: 8 }, (_, i) => {
        const range = quarterRange(firstOf(y, m - 3 * i));
        const [qy, qm] = yearMonth(range.from);
        return { value: range.from, label: `${QUARTER_MONTHS[(qm - 1) / 3]} ${qy}`, range };
      });
    case 'tax-year':
      return Array.from({ length: 4 }, (_, i) => {
        const range = taxYearRange(firstOf(y - i, m));
        return { value: range.from, label: `${range.from.slice(0, 4)}-${range.to.slice(2, 4)} tax year`, range };
      });
  }
}

/** The range a choice means; the newest of its kind when `value` is not one of them. */
export function chosenRange(kind: PeriodKind, value: string | undefined, today: string): PeriodOption {
  const options = periodOptions(kind, today);
  return options.find((o) => o.value === value) ?? options[0]!;
}
