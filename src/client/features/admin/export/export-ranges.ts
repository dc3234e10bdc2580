/**
 * The export dialog's date ranges, on NZ calendar dates (yyyy-MM-dd strings, no time zone):
 * the default is last month, and the presets her accounts use. Pure, so its unit test can import it.
 */
import { addDaysToDate } from '@shared/time';

export interface DateRange {
  from: string;
  to: string;
}

export const EXPORT_PRESETS = ['lastMonth', 'thisMonth', 'lastFinancialYear'] as const;
export type ExportPreset = (typeof EXPORT_PRESETS)[number];

export const PRESET_LABELS: Record<ExportPreset, string> = {
  lastMonth: 'Last month',
  thisMonth: 'This month',
  lastFinancialYear: 'Last financial year',
};

const monthStart = (date: string) => `${date.slice(0, 7)}-01`;
/** The first day of the month after `date`'s. */
function nextMonthStart(date: string): string {
  const [y, m] = date.split('-').map(Number) as [number, number];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
}

/** The whole calendar month holding `date`. */
function monthOf(date: string): DateRange {
  return { from: monthStart(date), to: addDaysToDate(nextMonthStart(date), -1) };
}

/**
 * The NZ financial (income tax) year is 1 April to 31 March; the last one is the most recent that
 * has ended by `today`.
 */
function lastFinancialYear(today: string): DateRange {
  const [y, m] = today.split('-').map(Number) as [number, number];
  const endYear = m >= 4 ? y : y - 1;
  return { from: `${endYear - 1}-04-01`, to: `${endYear}-03-31` };
}

/** A preset's range as of `today` (NZ, from nzToday()). */
export function presetRange(preset: ExportPreset, today: string): DateRange {
  switch (preset) {
    case 'lastMonth':
      return monthOf(addDaysToDate(monthStart(today), -1));
    case 'thisMonth':
      return monthOf(today);
    case 'lastFinancialYear':
      return lastFinancialYear(today);
  }
}

/** The preset whose range this is, if any (shown as pressed). */
export function matchingPreset(range: Partial<DateRange>, today: string): ExportPreset | null {
  return (
    EXPORT_PRESETS.find((p) => {
      const r = presetRange(p, today);
      return r.from === range.from && r.to === range.to;
    }) ?? null
  );
}
