/**
 * Which start times a day offers: pure, in Pacific/Auckland whatever the process zone.
 *
 * A slot is free when
 *  - the session lies within the day's business hours (it ends by closing time),
 *  - the session plus the minimum gap (BOOKING_BUFFER_MINUTES) overlaps no partial block, no busy
 *    time of her other calendars (plus the gap after it) and no active booking's occupied range
 *    (which already includes that booking's own gap: the same test the database's exclusion
 *    constraint applies, so what is offered can be booked),
 *  - starts at least the minimum notice after now, on a date within the horizon.
 * With a visitor's address, the route rule then decides which free slots fit (scheduling/slot-fit.ts).
 * Times step by 30 minutes from opening, compared as instants, so daylight-saving days
 * are right (a wall-clock time that does not exist that day is never offered). Hot path (every
 * availability call, per date): each time's instant is one addition after one zone lookup per
 * date (nzMinuteInstant), and nothing is allocated per slot but the answer.
 */
import { TIME_CHOICE_STEP_MINUTES } from '@shared/constants';
import { addDaysToDate, dayOfWeek, HOUR_MS, MINUTE_MS, nzMinuteInstant, nzToday, nzWallTimeExists } from '@shared/time';
import { minutesToTime, timeToMinutes } from '@shared/clock-time';

export interface DayHours {
  dayOfWeek: number;
  isOpen: boolean;
  openTime: string;
  closeTime: string;
}

export interface DayBlock {
  date: string;
  isFullDay: boolean;
  startTime: string | null;
  endTime: string | null;
  /** Her note on the block ('Dentist'): only 'Why this time?' shows it. */
  reason: string | null;
}

/** An active booking's occupied range [start, end), turnaround buffer included. */
export interface BusyRange {
  start: Date;
  end: Date;
  /** Where the session itself ends (the rest is its gap): only 'Why this time?' shows it. */
  sessionEnd?: Date;
}

export interface SlotPolicy {
  durationMinutes: number;
  bufferMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  stepMinutes?: number;
}

/** A busy time from one of her other calendars (docs/product.md §11): the event itself, no gap included. */
export interface ExternalBusy {
  start: Date;
  end: Date;
  calendarId: number;
  calendarName: string;
}

export interface AvailabilityInput {
  hours: DayHours[];
  blocks: DayBlock[];
  busy: BusyRange[];
  /** Her other calendars' busy times: the minimum gap applies on both sides, as around a visit. */
  external: ExternalBusy[];
}

const overlaps = (aStart: number, aEnd: number, bStart: number, bEnd: number) => aStart < bEnd && bStart < aEnd;

/** nzToday(now) for the last `now` seen: a range call asks it once per date with the same `now`. */
let lastNow = Number.NaN;
let lastToday = '';
function todayAt(now: Date): string {
  if (now.getTime() !== lastNow) {
    lastToday = nzToday(now);
    lastNow = now.getTime();
  }
  return lastToday;
}

/** Is the date bookable at all (in range, open, not blocked for the whole day)? */
export function isDateOpen(date: string, input: AvailabilityInput, policy: SlotPolicy, now: Date): boolean {
  const today = todayAt(now);
  if (date < today || date > addDaysToDate(today, policy.horizonDays)) return false;
  const hours = input.hours.find((h) => h.dayOfWeek === dayOfWeek(date));
  if (!hours || !hours.isOpen) return false;
  return !input.blocks.some((b) => b.date === date && b.isFullDay);
}

/** Whether [start, end) meets any of the ranges, given as flat [start0, end0, start1, end1, ...]. */
function overlapsAny(start: number, end: number, ranges: readonly number[]): boolean {
  for (let i = 0; i < ranges.length; i += 2) if (overlaps(start, end, ranges[i]!, ranges[i + 1]!)) return true;
  return false;
}

/** The start times ('HH:mm') the date offers for a session of policy.durationMinutes. */
export function daySlots(date: string, input: AvailabilityInput, policy: SlotPolicy, now: Date): string[] {
  if (!isDateOpen(date, input, policy, now)) return [];
  const hours = input.hours.find((h) => h.dayOfWeek === dayOfWeek(date))!;
  const step = policy.stepMinutes ?? TIME_CHOICE_STEP_MINUTES;
  const openMinutes = timeToMinutes(hours.openTime);
  const closeMinutes = timeToMinutes(hours.closeTime);
  const closeAt = nzMinuteInstant(date, closeMinutes);
  const earliest = now.getTime() + policy.minNoticeMinutes * MINUTE_MS;
  const duration = policy.durationMinutes * MINUTE_MS;
  const occupied = (policy.durationMinutes + policy.bufferMinutes) * MINUTE_MS;
  // Only the ranges that can touch this date's sessions (a range call holds every date's bookings);
  // an hour's margin before opening covers a clock change in the night.
  const dayFrom = nzMinuteInstant(date, openMinutes) - HOUR_MS;
  const dayTo = closeAt + occupied;
  const taken: number[] = [];
  for (const b of input.blocks) {
    if (b.date !== date || b.isFullDay || !b.startTime || !b.endTime) continue;
    taken.push(nzMinuteInstant(date, timeToMinutes(b.startTime)), nzMinuteInstant(date, timeToMinutes(b.endTime)));
  }
  for (const r of input.busy) {
    const s = r.start.getTime();
    const e = r.end.getTime();
    if (overlaps(s, e, dayFrom, dayTo)) taken.push(s, e);
  }
  // An event ending at 4 PM holds 4:00 + the gap, as a visit's own buffer does (docs/product.md §11).
  const gap = policy.bufferMinutes * MINUTE_MS;
  for (const r of input.external) {
    const s = r.start.getTime();
    const e = r.end.getTime() + gap;
    if (overlaps(s, e, dayFrom, dayTo)) taken.push(s, e);
  }

  const slots: string[] = [];
  for (let m = openMinutes; m < closeMinutes; m += step) {
    // Skip a wall-clock time the clocks jump over on the day daylight saving starts.
    if (!nzWallTimeExists(date, m)) continue;
    const start = nzMinuteInstant(date, m);
    // The session ends by closing; the gap after it is for a next visit, and the drive home is
    // the route rule's (docs/decisions/015).
    if (start + duration > closeAt) break;
    if (start < earliest) continue;
    if (overlapsAny(start, start + occupied, taken)) continue;
    slots.push(minutesToTime(m));
  }
  return slots;
}
