/**
 * The footer's business-hours list (docs/product.md §2 'Home-page and footer data displays').
 *
 * - Days are read Sunday to Saturday (docs/product.md §9: the week starts on Sunday); a run does not wrap
 *   from Saturday round to Sunday.
 * - A missing day counts as closed (docs/product.md §3); closed days are left out of the list.
 * - Consecutive open days with identical hours are merged into one line: a single day is shown
 *   by name, all seven as 'Everyday', a run of more than two days as 'first - last', a run of
 *   two as a comma list ('Saturday, Sunday').
 * - Hours read 'open - close' in 12-hour form ('9:00 AM - 5:00 PM').
 * - When no day is open (or there is no data at all) the list is just 'Closed'; the NZ-time note
 *   ('All times shown are NZ Time') goes beneath the last line only when something is open.
 */
import { DAY_NAMES, DAYS_IN_WEEK } from '@shared/constants';
import { formatTime12, isValidTimeString } from '@shared/clock-time';

export interface HoursEntryLike {
  dayOfWeek: number;
  isOpen: boolean;
  openTime: string;
  closeTime: string;
}

export interface HoursLine {
  /** 'Monday', 'Monday - Friday', 'Saturday, Sunday' or 'Everyday'. */
  days: string;
  /** '9:00 AM - 5:00 PM' */
  hours: string;
}

export type HoursSummary = { open: true; lines: HoursLine[] } | { open: false; lines: [] };

export const EVERYDAY_LABEL = 'Everyday';
export const CLOSED_LABEL = 'Closed';

/** 'HH:mm' (also 'HH:mm:ss' as a database may answer) or null when it is not a time. */
function normaliseTime(value: string): string | null {
  const time = typeof value === 'string' ? value.slice(0, 5) : '';
  return isValidTimeString(time) ? time : null;
}

interface OpenDay {
  day: number;
  open: string;
  close: string;
}

/** Each day of the week, Sunday first: its open hours, or null when closed, missing or unreadable. */
function weekOf(entries: readonly HoursEntryLike[]): (OpenDay | null)[] {
  const week: (OpenDay | null)[] = Array.from({ length: DAYS_IN_WEEK }, () => null);
  const seen = new Set<number>();
  for (const entry of entries) {
    const day = entry.dayOfWeek;
    if (!Number.isInteger(day) || day < 0 || day >= DAYS_IN_WEEK || seen.has(day)) continue;
    seen.add(day);
    if (!entry.isOpen) continue;
    const open = normaliseTime(entry.openTime);
    const close = normaliseTime(entry.closeTime);
    if (open && close) week[day] = { day, open, close };
  }
  return week;
}

function daysLabel(first: number, last: number): string {
  const count = last - first + 1;
  if (count === DAYS_IN_WEEK) return EVERYDAY_LABEL;
  if (count === 1) return DAY_NAMES[first]!;
  if (count === 2) return `${DAY_NAMES[first]}, ${DAY_NAMES[last]}`;
  return `${DAY_NAMES[first]} - ${DAY_NAMES[last]}`;
}

export function mergeBusinessHours(entries: readonly HoursEntryLike[] | null | undefined): HoursSummary {
  const week = weekOf(entries ?? []);
  const lines: HoursLine[] = [];
  let runStart: OpenDay | null = null;
  let runEnd: OpenDay | null = null;

  const closeRun = () => {
    if (runStart && runEnd) {
      lines.push({
        days: daysLabel(runStart.day, runEnd.day),
        hours: `${formatTime12(runStart.open)} - ${formatTime12(runStart.close)}`,
      });
    }
    runStart = runEnd = null;
  };

  for (const day of week) {
    if (day && runStart && day.open === runStart.open && day.close === runStart.close) {
      runEnd = day;
      continue;
    }
    closeRun();
    if (day) runStart = runEnd = day;
  }
  closeRun();

  return lines.length > 0 ? { open: true, lines } : { open: false, lines: [] };
}
