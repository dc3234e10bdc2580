/**
 * The Appointments tab's calendar arithmetic and grouping (docs/product.md §2, §4), on 'yyyy-MM-dd'
 * dates and 'yyyy-MM' months. Pure: "today" and "now" are passed in (Pacific/Auckland), so no date
 * in the browser's zone is ever read. Imports only @shared, so the unit tests can load it.
 */
import { hasStarted } from '@shared/booking-rules';
import { DAYS_IN_WEEK, type BookingStatus } from '@shared/constants';
import { addDaysToDate, dayOfWeek } from '@shared/time';

/** The fields of a booking this file reads. */
export interface BookingLike {
  id: number;
  date: string;
  time: string;
  status: BookingStatus;
}

/** The statuses the calendar shows, in the order of its badges; rejected ones are hidden (§4). */
export const CALENDAR_STATUSES = ['confirmed', 'pending', 'cancelled'] as const;
export type CalendarStatus = (typeof CALENDAR_STATUSES)[number];
export type DayCounts = Record<CalendarStatus, number>;

export interface DateRange {
  startDate: string;
  endDate: string;
}

/** '2026-12-02' -> '2026-12'. */
export function monthOf(date: string): string {
  return date.slice(0, 7);
}

function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${month}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
}

/**
 * docs/product.md §7: the range call covers the visible weeks, from the Sunday of the week holding
 * the month's first day to the Saturday of the week holding its last day (at most 42 days).
 */
export function visibleWeeks(month: string): DateRange {
  const first = `${month}-01`;
  const last = lastDayOf(month);
  return {
    startDate: addDaysToDate(first, -dayOfWeek(first)),
    endDate: addDaysToDate(last, DAYS_IN_WEEK - 1 - dayOfWeek(last)),
  };
}

function isShown(status: BookingStatus): status is CalendarStatus {
  return (CALENDAR_STATUSES as readonly string[]).includes(status);
}

/** How many bookings of each shown status fall on each date; rejected ones are not counted. */
export function countsByDay(bookings: readonly BookingLike[]): Map<string, DayCounts> {
  const counts = new Map<string, DayCounts>();
  for (const booking of bookings) {
    if (!isShown(booking.status)) continue;
    const day = counts.get(booking.date) ?? { confirmed: 0, pending: 0, cancelled: 0 };
    day[booking.status] += 1;
    counts.set(booking.date, day);
  }
  return counts;
}

/** '2 confirmed, 1 pending' (for the day button's accessible name); '' for an empty day. */
export function describeCounts(counts: DayCounts | undefined): string {
  if (!counts) return '';
  return CALENDAR_STATUSES.filter((s) => counts[s] > 0)
    .map((s) => `${counts[s]} ${s}`)
    .join(', ');
}

/** By date, then time, then id (stable when two share a time). */
export function byDateAndTime(a: BookingLike, b: BookingLike): number {
  return a.date.localeCompare(b.date) || a.time.localeCompare(b.time) || a.id - b.id;
}

/** A day's bookings in time order, rejected ones left out (docs/product.md §4). */
export function bookingsOn<T extends BookingLike>(bookings: readonly T[], date: string): T[] {
  return bookings.filter((b) => b.date === date && isShown(b.status)).sort(byDateAndTime);
}

/**
 * 'Show all' of 'Upcoming Appointments': every confirmed booking that has not started yet, soonest
 * first (the same filter as the server's 'Next 5', src/server/modules/bookings/summary.ts).
 */
export function upcomingConfirmed<T extends BookingLike>(bookings: readonly T[], now: Date): T[] {
  return bookings.filter((b) => b.status === 'confirmed' && !hasStarted(b, now)).sort(byDateAndTime);
}
