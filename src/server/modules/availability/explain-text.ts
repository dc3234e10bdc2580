/** How 'Why this time?' writes times: NZ wall clock, 12-hour ('3:00 PM'), ranges as '10:00-11:00 AM'. */
import { formatTime12 } from '@shared/clock-time';
import { joinTimes12 } from '@shared/time-range-text';
import { addDaysToDate, MINUTE_MS, nzInstant, nzTimeOf } from '@shared/time';

/** Instants already written: a day's reasons name the same few times over and over, and a zone lookup is slow. */
const written = new Map<number, string>();
const WRITTEN_MAX = 4096;

/** '3:00 PM' for an instant (ms or Date), on the NZ wall clock. */
export function time12(instant: number | Date): string {
  const ms = typeof instant === 'number' ? instant : instant.getTime();
  let text = written.get(ms);
  if (text === undefined) {
    text = formatTime12(nzTimeOf(new Date(ms)));
    if (written.size >= WRITTEN_MAX) written.clear();
    written.set(ms, text);
  }
  return text;
}

/** '10:00-11:00 AM', or '11:00 AM-1:00 PM' when the two halves of the day differ (as clashes read). */
export const timeRange = (start: number | Date, end: number | Date): string => joinTimes12(time12(start), time12(end));

/** A span as seen from one NZ date: '3:00-4:00 PM', 'until 9:00 AM', 'from 8:00 PM' or 'all day'. */
export function spanOnDate(date: string, start: Date, end: Date): string {
  // From midnight counts as the whole morning: an all-day event starts exactly at the day's start.
  const startsBefore = start.getTime() <= nzInstant(date).getTime();
  const endsAfter = end.getTime() >= nzInstant(addDaysToDate(date, 1)).getTime();
  if (startsBefore && endsAfter) return 'all day';
  if (startsBefore) return `until ${time12(end)}`;
  if (endsAfter) return `from ${time12(start)}`;
  return timeRange(start, end);
}

/** Whole minutes between two instants, rounded down (what she has, never more). */
export const wholeMinutes = (from: number, to: number): number => Math.floor((to - from) / MINUTE_MS);
