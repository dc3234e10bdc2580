/**
 * Calendar arithmetic for the booking wizard, on 'yyyy-MM-dd' dates and 'yyyy-MM' months.
 * No Date object in the browser's zone is ever read: "today" comes from nzToday() (Pacific/Auckland)
 * and is passed in, so these stay pure and testable.
 */
import { AVAILABILITY_LOOKAHEAD_DAYS } from '@shared/constants';
import type { DayAvailability } from '@shared/schemas/booking';
import { addDaysToDate } from '@shared/time';

export interface BlockedDateLike {
  date: string;
  isFullDay: boolean;
}

export interface DateRange {
  from: string;
  to: string;
}

/** '2026-12-02' -> '2026-12'. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

/** '2026-12' shifted by `delta` months ('2026-12', 1 -> '2027-01'). */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 1 + delta, 1)).toISOString().slice(0, 7);
}

/** 28 to 31. */
export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** First and last date of a month. */
export function monthBounds(month: string): DateRange {
  return { from: `${month}-01`, to: `${month}-${String(daysInMonth(month)).padStart(2, '0')}` };
}

/**
 * The dates worth asking about while `month` is shown: the month from today on.
 * Null when the whole month is in the past.
 */
export function visibleRange(month: string, today: string): DateRange | null {
  const { from, to } = monthBounds(month);
  if (to < today) return null;
  return { from: from < today ? today : from, to };
}

/** The look-ahead window for the automatic first date: today and the next 13 days (docs/product.md §4: 14 days). */
export function lookaheadRange(today: string, days: number = AVAILABILITY_LOOKAHEAD_DAYS): DateRange {
  return { from: today, to: addDaysToDate(today, days - 1) };
}

/** The dates blocked for the whole day (partial blocks only remove some slots). */
export function fullDayBlockedDates(blocked: readonly BlockedDateLike[] | undefined): Set<string> {
  return new Set((blocked ?? []).filter((b) => b.isFullDay).map((b) => b.date));
}

/** The range answer as a date -> day map. */
export function availabilityByDate(days: readonly DayAvailability[] | undefined): Map<string, DayAvailability> {
  return new Map((days ?? []).map((d) => [d.date, d]));
}

export interface DisabledDateRules {
  today: string;
  fullDayBlocked: ReadonlySet<string>;
  /** What the availability range call said, where known. */
  availability: ReadonlyMap<string, DayAvailability>;
}

/**
 * docs/product.md §4: a date cannot be chosen when it is in the past, blocked for the whole day, or has no
 * available slots. A date the range call has not answered yet is not disabled on a guess.
 */
export function isDateDisabled(date: string, rules: DisabledDateRules): boolean {
  if (date < rules.today) return true;
  if (rules.fullDayBlocked.has(date)) return true;
  const day = rules.availability.get(date);
  return day !== undefined && (!day.available || day.timeSlots.length === 0);
}

/**
 * docs/product.md §4: on entering step 2, the first date within the look-ahead window (today included)
 * that is open, not blocked and has slots; null when there is none.
 */
export function firstBookableDate(
  days: readonly DayAvailability[],
  fullDayBlocked: ReadonlySet<string>,
  today: string,
  lookaheadDays: number = AVAILABILITY_LOOKAHEAD_DAYS,
): string | null {
  const { from, to } = lookaheadRange(today, lookaheadDays);
  const candidates = days
    .filter((d) => d.date >= from && d.date <= to)
    .filter((d) => d.available && d.timeSlots.length > 0 && !fullDayBlocked.has(d.date))
    .map((d) => d.date)
    .sort();
  return candidates[0] ?? null;
}
