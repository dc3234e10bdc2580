/**
 * The busy times of her other calendars (docs/product.md §11) on the Appointments tab, pure: which dates
 * they touch, their line in the day list, and the day list with them in time order among the
 * appointments. Every date and time on the Auckland wall clock.
 * Imports only @shared and relative files, so the unit tests can load it.
 */
import { formatTime12 } from '@shared/clock-time';
import type { BusyBlock } from '@shared/schemas/other-calendar';
import { format } from 'date-fns';
import { addDaysToDate, DATE_RE, nzDateOf, nzInstant, nzTimeOf, toNz } from '@shared/time';
import { joinTimes12 } from '@shared/time-range-text';

/** An instant; a bare 'yyyy-MM-dd' (an all-day event may come so) is that date's NZ midnight. */
function instantOf(value: string): Date {
  return DATE_RE.test(value) ? nzInstant(value) : new Date(value);
}

/** Whether the block covers any of the NZ date (its end is exclusive). */
export function touchesDate(block: Pick<BusyBlock, 'start' | 'end'>, date: string): boolean {
  const start = instantOf(block.start).getTime();
  const end = instantOf(block.end).getTime();
  return start < nzInstant(addDaysToDate(date, 1)).getTime() && (end > nzInstant(date).getTime() || end === start);
}

/** Every NZ date some block covers, for the calendar's grey dot. */
export function busyDates(blocks: readonly BusyBlock[]): Set<string> {
  const dates = new Set<string>();
  for (const block of blocks) {
    const start = instantOf(block.start);
    const end = instantOf(block.end);
    // The last date is the one holding the final minute: an end at midnight does not reach the next date.
    const last = nzDateOf(new Date(Math.max(start.getTime(), end.getTime() - 1)));
    for (let date = nzDateOf(start); date <= last; date = addDaysToDate(date, 1)) dates.add(date);
  }
  return dates;
}

/** A time on the day's list; one on another date says which ('Mon 2 Dec 10:00 PM'). */
function timeOn(instant: Date, date: string): string {
  const time = formatTime12(nzTimeOf(instant));
  return nzDateOf(instant) === date ? time : `${format(toNz(instant), 'EEE d MMM')} ${time}`;
}

/** '3:00-4:00 PM · School run · Family' (ranges read as everywhere else), or 'All day · Family weekend · Family'. */
export function busyLine(block: BusyBlock, date: string): string {
  const start = instantOf(block.start);
  const end = instantOf(block.end);
  const sameDay = nzDateOf(start) === date && nzDateOf(end) === date;
  const when = block.allDay
    ? 'All day'
    : sameDay
      ? joinTimes12(timeOn(start, date), timeOn(end, date))
      : `${timeOn(start, date)} - ${timeOn(end, date)}`;
  return [when, block.title.trim(), block.calendarName].filter(Boolean).join(' · ');
}

export type DayItem<B> = { kind: 'booking'; key: string; booking: B } | { kind: 'busy'; key: string; block: BusyBlock };

/**
 * The day's appointments (already in time order) and the busy blocks touching the date, by when
 * they start on that date: all-day blocks first, a block from the day before at midnight, a tie
 * puts the appointment first (hers, the one she acts on).
 */
export function interleaveDay<B extends { id: number; time: string }>(
  bookings: readonly B[],
  blocks: readonly BusyBlock[],
  date: string,
): DayItem<B>[] {
  const midnight = nzInstant(date).getTime();
  const sortKey = (block: BusyBlock) =>
    block.allDay ? '' : nzTimeOf(new Date(Math.max(instantOf(block.start).getTime(), midnight)));
  const busy = blocks
    .filter((b) => touchesDate(b, date))
    .map((block, i) => ({ block, at: sortKey(block), i }))
    .sort((a, b) => a.at.localeCompare(b.at) || a.i - b.i);
  const items: DayItem<B>[] = [];
  let next = 0;
  for (const booking of bookings) {
    while (next < busy.length && busy[next]!.at < booking.time) items.push(busyItem(busy[next++]!.block, next));
    items.push({ kind: 'booking', key: `booking-${booking.id}`, booking });
  }
  while (next < busy.length) items.push(busyItem(busy[next++]!.block, next));
  return items;
}

function busyItem(block: BusyBlock, n: number): DayItem<never> {
  return { kind: 'busy', key: `busy-${block.calendarId}-${block.start}-${n}`, block };
}
