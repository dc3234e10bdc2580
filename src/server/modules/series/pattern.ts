/**
 * The dates of a series' pattern (docs/product.md §4 "Regulars"): the first date, then every `everyWeeks`
 * weeks, for `count` dates (the first included) or up to `until`. Pure, on NZ calendar dates: the visit's
 * NZ wall-clock time is the same on every date (occupiedRange turns each into its instant, so a series
 * crossing a daylight-saving change stays at 10:00 NZ).
 */
import { SERIES_MAX_COUNT } from '@shared/schemas/series';
import { addDaysToDate } from '@shared/time';

export interface Pattern {
  firstDate: string;
  everyWeeks: number;
  count: number | null;
  until: string | null;
  /** 'This and following' cancelled from this date: the pattern ends before it. */
  endedFrom?: string | null;
}

/** Every date of the pattern, the first included, in order. */
export function patternDates(p: Pattern): string[] {
  const dates: string[] = [];
  const limit = p.count ?? SERIES_MAX_COUNT;
  for (let d = p.firstDate; dates.length < limit; d = addDaysToDate(d, 7 * p.everyWeeks)) {
    if (p.until !== null && d > p.until) break;
    if (p.endedFrom && d >= p.endedFrom) break;
    dates.push(d);
  }
  return dates;
}

/** Is `date` one of the pattern's dates? */
export const inPattern = (p: Pattern, date: string): boolean => patternDates(p).includes(date);
