/**
 * Which start times a day offers: pure, in Pacific/Auckland whatever the process zone.
 *
 * A slot is free when
 *  - the session lies within the day's business hours (it ends by closing time),
 *  - the session plus the minimum gap (BOOKING_BUFFER_MINUTES) overlaps no partial block and
 *    no active booking's occupied range (which already includes that booking's own gap: the
 *    same test the database's exclusion constraint applies, so what is offered can be booked),
 *  - starts at least the minimum notice after now, on a date within the horizon.
 * With a visitor's address, the route rule then decides which free slots fit (scheduling/slot-fit.ts).
 * Times step by 30 minutes from opening, compared as instants, so daylight-saving days
 * are right (a wall-clock time that does not exist that day is never offered).
 */
import { TIME_CHOICE_STEP_MINUTES } from '@shared/constants';
import { addDaysToDate, dayOfWeek, MINUTE_MS, nzInstant, nzTimeOf, nzToday } from '@shared/time';
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
}

/** An active booking's occupied range [start, end), turnaround buffer included. */
export interface BusyRange {
  start: Date;
  end: Date;
}

export interface SlotPolicy {
  durationMinutes: number;
  bufferMinutes: number;
  minNoticeMinutes: number;
  horizonDays: number;
  stepMinutes?: number;
}

export interface AvailabilityInput {
  hours: DayHours[];
  blocks: DayBlock[];
  busy: BusyRange[];
}

const overlaps = (aStart: number, aEnd: number, bStart: number, bEnd: number) => aStart < bEnd && bStart < aEnd;

/** Is the date bookable at all (in range, open, not blocked for the whole day)? */
export function isDateOpen(date: string, input: AvailabilityInput, policy: SlotPolicy, now: Date): boolean {
  const today = nzToday(now);
  if (date < today || date > addDaysToDate(today, policy.horizonDays)) return false;
  const hours = input.hours.find((h) => h.dayOfWeek === dayOfWeek(date));
  if (!hours || !hours.isOpen) return false;
  return !input.blocks.some((b) => b.date === date && b.isFullDay);
}

/** The start times ('HH:mm') the date offers for a session of policy.durationMinutes. */
export function daySlots(date: string, input: AvailabilityInput, policy: SlotPolicy, now: Date): string[] {
  if (!isDateOpen(date, input, policy, now)) return [];
  const hours = input.hours.find((h) => h.dayOfWeek === dayOfWeek(date))!;
  const step = policy.stepMinutes ?? TIME_CHOICE_STEP_MINUTES;
  const closeAt = nzInstant(date, hours.closeTime).getTime();
  const earliest = now.getTime() + policy.minNoticeMinutes * MINUTE_MS;
  const blocks = input.blocks
    .filter((b) => b.date === date && !b.isFullDay && b.startTime && b.endTime)
    .map((b) => [nzInstant(date, b.startTime!).getTime(), nzInstant(date, b.endTime!).getTime()] as const);
  const busy = input.busy.map((r) => [r.start.getTime(), r.end.getTime()] as const);

  const slots: string[] = [];
  for (let m = timeToMinutes(hours.openTime); m < timeToMinutes(hours.closeTime); m += step) {
    const time = minutesToTime(m);
    const startAt = nzInstant(date, time);
    // Skip a wall-clock time the clocks jump over on the day daylight saving starts.
    if (nzTimeOf(startAt) !== time) continue;
    const start = startAt.getTime();
    // The session ends by closing; the gap after it is for a next visit, and the drive home is
    // the route rule's (docs/decisions/015).
    if (start + policy.durationMinutes * MINUTE_MS > closeAt) break;
    const occupiedEnd = start + (policy.durationMinutes + policy.bufferMinutes) * MINUTE_MS;
    if (start < earliest) continue;
    if (blocks.some(([s, e]) => overlaps(start, occupiedEnd, s, e))) continue;
    if (busy.some(([s, e]) => overlaps(start, occupiedEnd, s, e))) continue;
    slots.push(time);
  }
  return slots;
}

/** The instants a booking at date+time occupies: [start, end + buffer). */
export function occupiedRange(date: string, time: string, durationMinutes: number, bufferMinutes: number) {
  const startsAt = nzInstant(date, time);
  const endsAt = new Date(startsAt.getTime() + durationMinutes * MINUTE_MS);
  const bufferEndsAt = new Date(endsAt.getTime() + bufferMinutes * MINUTE_MS);
  return { startsAt, endsAt, bufferEndsAt };
}
