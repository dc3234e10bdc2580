/**
 * A review's age in words (docs/product.md §9 'Review relative dates'): 'N day(s) ago' under 7 days,
 * weeks under 30 days, otherwise months counted as 30 days.
 *
 * Decisions the spec leaves open:
 * - Days are calendar days in New Zealand (Pacific/Auckland), whatever the browser's zone: a
 *   review written yesterday evening NZ time is '1 day ago' this morning.
 * - Under one day (written today, NZ date) reads 'today'. A date in the future (a skewed
 *   clock) also reads 'today'.
 * - Weeks and months are whole units, rounded down: 7-13 days '1 week ago', 29 days '4 weeks
 *   ago', 30-59 days '1 month ago', 365 days '12 months ago'.
 * - An unreadable date gives '' (nothing is shown).
 */
import { nzDateOf, nzToday } from '@shared/time';

const DAY_MS = 86_400_000;

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/** Whole calendar days between two yyyy-MM-dd dates (b - a). */
function calendarDaysBetween(a: string, b: string): number {
  const utc = (d: string) => {
    const [y, m, day] = d.split('-').map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, day);
  };
  return Math.round((utc(b) - utc(a)) / DAY_MS);
}

export function relativeDate(createdAt: string | Date, now: Date = new Date()): string {
  const instant = createdAt instanceof Date ? createdAt : new Date(createdAt);
  if (Number.isNaN(instant.getTime())) return '';
  const days = calendarDaysBetween(nzDateOf(instant), nzToday(now));
  if (days < 1) return 'today';
  if (days < 7) return plural(days, 'day');
  if (days < 30) return plural(Math.floor(days / 7), 'week');
  return plural(Math.floor(days / 30), 'month');
}
