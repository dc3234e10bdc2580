/**
 * The Availability tab's pure rules (docs/product.md §2, §3, §5, §9): the time choices, the
 * week's seven days, the blocked-date list's order and the active bookings a change would leave
 * outside the therapist's hours. Imports only @shared and relative paths (unit-tested).
 */
import {
  DAY_NAMES,
  DAYS_IN_WEEK,
  DEFAULT_CLOSE_TIME,
  DEFAULT_OPEN_TIME,
  LAST_TIME_CHOICE,
  TIME_CHOICE_STEP_MINUTES,
} from '@shared/constants';
import { minutesToTime, timeToMinutes } from '@shared/clock-time';
import { dayOfWeek } from '@shared/time';
import type { Booking } from '@shared/schemas/booking';
import type { BlockedDate } from '@shared/schemas/blocked-date';
import type { BusinessHours, BusinessHoursInput } from '@shared/schemas/hours';

/** §9: every 30 minutes from 00:00, the last choice 23:00. */
export function timeChoices(): string[] {
  const choices: string[] = [];
  for (let m = 0; m <= timeToMinutes(LAST_TIME_CHOICE); m += TIME_CHOICE_STEP_MINUTES) choices.push(minutesToTime(m));
  return choices;
}

/** §5 Business hours: end options offer only times later than the chosen start. */
export function endChoices(start: string): string[] {
  return timeChoices().filter((t) => t > start);
}

/** A day's hours as the tab shows them: §3, a missing day is closed 09:00-17:00 for display. */
export interface DayHours extends BusinessHoursInput {
  name: (typeof DAY_NAMES)[number];
}

/** The seven days, Sunday to Saturday, whatever the server sent. */
export function weekHours(entries: readonly BusinessHours[] | undefined): DayHours[] {
  return Array.from({ length: DAYS_IN_WEEK }, (_, day) => {
    const entry = entries?.find((e) => e.dayOfWeek === day);
    return {
      dayOfWeek: day,
      name: DAY_NAMES[day]!,
      isOpen: entry?.isOpen ?? false,
      openTime: entry?.openTime ?? DEFAULT_OPEN_TIME,
      closeTime: entry?.closeTime ?? DEFAULT_CLOSE_TIME,
    };
  });
}

/**
 * The entry a change saves. §3: a missing day is open 09:00-17:00 when first edited. A new start
 * at or after the end moves the end to the first later choice, so the pair stays valid.
 */
export function changedHours(day: DayHours, change: Partial<BusinessHoursInput>, existed: boolean): BusinessHoursInput {
  const base = existed ? day : { ...day, isOpen: true, openTime: DEFAULT_OPEN_TIME, closeTime: DEFAULT_CLOSE_TIME };
  const next = {
    dayOfWeek: day.dayOfWeek,
    isOpen: base.isOpen,
    openTime: base.openTime,
    closeTime: base.closeTime,
    ...change,
  };
  if (next.closeTime <= next.openTime) next.closeTime = endChoices(next.openTime)[0] ?? LAST_TIME_CHOICE;
  return next;
}

/** 'Blocked Dates' order: by date ascending, full days first, then by start time. */
export function sortBlockedDates(list: readonly BlockedDate[]): BlockedDate[] {
  return [...list].sort(
    (a, b) =>
      a.date.localeCompare(b.date) ||
      Number(b.isFullDay) - Number(a.isFullDay) ||
      (a.startTime ?? '').localeCompare(b.startTime ?? '') ||
      a.id - b.id,
  );
}

/** What the conflict checks read of a booking. */
export type ConflictBooking = Pick<Booking, 'id' | 'date' | 'time' | 'duration' | 'status'>;

/** Bookings that still take place: pending or confirmed, today or later (NZ), by date and time. */
function activeFrom<B extends ConflictBooking>(bookings: readonly B[], today: string): B[] {
  return bookings
    .filter((b) => (b.status === 'pending' || b.status === 'confirmed') && b.date >= today)
    .sort((a, b) => a.date.localeCompare(b.date) || a.time.localeCompare(b.time));
}

function overlaps(b: ConflictBooking, start: string, end: string): boolean {
  const from = timeToMinutes(b.time);
  return from < timeToMinutes(end) && from + b.duration > timeToMinutes(start);
}

/** The active bookings on that weekday which the new hours would leave outside (closed, or outside the hours). */
export function findHoursConflicts<B extends ConflictBooking>(
  bookings: readonly B[],
  hours: BusinessHoursInput,
  today: string,
): B[] {
  return activeFrom(bookings, today).filter((b) => {
    if (dayOfWeek(b.date) !== hours.dayOfWeek) return false;
    if (!hours.isOpen) return true;
    const from = timeToMinutes(b.time);
    return from < timeToMinutes(hours.openTime) || from + b.duration > timeToMinutes(hours.closeTime);
  });
}

/** The active bookings a block would cover: the whole day, or those overlapping its times. */
export function findBlockConflicts<B extends ConflictBooking>(
  bookings: readonly B[],
  block: { date: string; isFullDay: boolean; startTime?: string | null; endTime?: string | null },
  today: string,
): B[] {
  return activeFrom(bookings, today).filter(
    (b) =>
      b.date === block.date &&
      (block.isFullDay || !block.startTime || !block.endTime || overlaps(b, block.startTime, block.endTime)),
  );
}

/** The full-day blocks by date, for the calendar (a click on one unblocks it). */
export function fullDayBlocks(list: readonly BlockedDate[]): Map<string, BlockedDate> {
  return new Map(list.filter((b) => b.isFullDay).map((b) => [b.date, b]));
}
