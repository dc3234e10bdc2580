/**
 * How a busy time or clash reads on her screens and in the API's messages, in NZ time whatever
 * the reader's zone: '3:00-4:00 PM', '11:30 AM-12:30 PM', 'all day', and a date when it spans days.
 * One writer for the Pending Requests tab, 'Why this time?' and the server's CALENDAR_CLASH text.
 */
import { formatTime12 } from './clock-time';
import { formatShortDate, nzDateOf, nzTimeOf } from './time';

/** '3:00-4:00 PM' from '3:00 PM' and '4:00 PM': one AM/PM when both share it, else '11:30 AM-12:30 PM'. */
export function joinTimes12(from: string, to: string): string {
  const [fromClock, fromHalf] = from.split(' ');
  return fromHalf === to.split(' ')[1] ? `${fromClock}-${to}` : `${from}-${to}`;
}

/** '3:00-4:00 PM' in NZ time, or with dates when the range crosses midnight. */
export function timeRangeText(start: Date, end: Date): string {
  const from = formatTime12(nzTimeOf(start));
  const to = formatTime12(nzTimeOf(end));
  if (nzDateOf(start) !== nzDateOf(end)) {
    return `${formatShortDate(nzDateOf(start))} ${from} - ${formatShortDate(nzDateOf(end))} ${to}`;
  }
  return joinTimes12(from, to);
}

export interface ClashLike {
  calendarName: string;
  title: string;
  start: string;
  end: string;
  allDay: boolean;
}

/** 'Busy (Family), 3:00-4:00 PM': what a pending request clashes with. */
export function clashText(clash: ClashLike): string {
  const when = clash.allDay ? 'all day' : timeRangeText(new Date(clash.start), new Date(clash.end));
  return `${clash.title} (${clash.calendarName}), ${when}`;
}
