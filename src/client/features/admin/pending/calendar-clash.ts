/**
 * A pending request's clash with a busy time of her other calendars (issue 23), in words, pure:
 * 'Clashes with: School run (Family), 3:00–4:00 PM' on the Auckland wall clock.
 * Relative imports only: its unit test imports this file (vitest knows only the @shared alias).
 */
import { formatTime12 } from '@shared/clock-time';
import type { CalendarClash } from '@shared/schemas/other-calendar';
import { nzTimeOf } from '@shared/time';

export const CLASH_BADGE = 'Clashes with your calendar';
/** When the server's 409 CALENDAR_CLASH carries no message. */
export const CLASH_SYNCED = 'This time now overlaps a busy time in your calendar.';
export const CLASH_ADVICE = 'Approve anyway if you can still make it; the client is not told about the clash.';

/** '3:00–4:00 PM', '11:00 AM–1:00 PM' (the meridiem once when both share it), or 'all day'. */
export function clashTimes(clash: Pick<CalendarClash, 'start' | 'end' | 'allDay'>): string {
  if (clash.allDay) return 'all day';
  const start = formatTime12(nzTimeOf(new Date(clash.start)));
  const end = formatTime12(nzTimeOf(new Date(clash.end)));
  const [startClock, startHalf] = start.split(' ');
  const [, endHalf] = end.split(' ');
  return startHalf === endHalf ? `${startClock}–${end}` : `${start}–${end}`;
}

/** 'Clashes with: School run (Family), 3:00–4:00 PM'; an untitled event reads 'a busy time'. */
export function clashLine(clash: CalendarClash): string {
  const title = clash.title.trim() || 'a busy time';
  return `Clashes with: ${title} (${clash.calendarName}), ${clashTimes(clash)}`;
}
