/**
 * Every business date and time is Pacific/Auckland, whatever the process or browser zone.
 * All "today", "now + notice" and display formatting goes through here.
 */
import { TZDate } from '@date-fns/tz';
import { addMinutes, format } from 'date-fns';
import { formatTime12, minutesToTime } from './clock-time';
import { BUSINESS_TIME_ZONE } from './constants';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
/** 24 hours of instants; a calendar day in Auckland may be 23 or 25 (use addDaysToDate for dates). */
export const DAY_MS = 24 * HOUR_MS;

export const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar date written yyyy-MM-dd (rejects 2025-02-30). */
export function isValidDateString(value: string): boolean {
  if (!DATE_RE.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number) as [number, number, number];
  const probe = new Date(Date.UTC(y, m - 1, d));
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === m - 1 && probe.getUTCDate() === d;
}

/**
 * The instants already worked out, by 'date time': a zone lookup costs far more than the map, and
 * the server asks for the same few dates' midnights on every availability call. Bounded like
 * fixedMidnights below.
 */
const instants = new Map<string, number>();
const INSTANTS_MAX = 4096;

/** The instant a wall-clock date and time in Auckland means. */
export function nzInstant(date: string, time = '00:00'): Date {
  const key = `${date} ${time}`;
  const known = instants.get(key);
  if (known !== undefined) return new Date(known);
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const [h, mi] = time.split(':').map(Number) as [number, number];
  const instant = new TZDate(y, mo - 1, d, h, mi, 0, 0, BUSINESS_TIME_ZONE).getTime();
  if (instants.size >= INSTANTS_MAX) instants.clear();
  instants.set(key, instant);
  return new Date(instant);
}

/**
 * Each Auckland date's midnight instant (ms) when the whole date keeps one UTC offset, or null on
 * the two dates a year the clocks change. Bounded: cleared when full (a server asks for a few
 * hundred dates at most; a browser for a few weeks).
 */
const fixedMidnights = new Map<string, number | null>();
const FIXED_MIDNIGHTS_MAX = 4096;

function fixedMidnight(date: string): number | null {
  const cached = fixedMidnights.get(date);
  if (cached !== undefined) return cached;
  const [y, mo, d] = date.split('-').map(Number) as [number, number, number];
  const midnight = nzInstant(date).getTime();
  const nextMidnight = nzInstant(addDaysToDate(date, 1)).getTime();
  // The offset at both midnights, as wall clock minus instant: equal on a date with no clock change
  // (Auckland changes at 02:00 or 03:00, once on a date, so a change always shows here).
  const offset = Date.UTC(y, mo - 1, d) - midnight;
  const nextOffset = Date.UTC(y, mo - 1, d + 1) - nextMidnight;
  const fixed = offset === nextOffset ? midnight : null;
  if (fixedMidnights.size >= FIXED_MIDNIGHTS_MAX) fixedMidnights.clear();
  fixedMidnights.set(date, fixed);
  return fixed;
}

/**
 * nzInstant(date, time).getTime() for a time given as minutes after midnight (0-1439), for loops over
 * a day's times: one zone lookup per date (cached), then addition; on a date the clocks change, the
 * exact per-time path. Same answer as nzInstant on every date.
 */
export function nzMinuteInstant(date: string, minutes: number): number {
  const midnight = fixedMidnight(date);
  return midnight !== null ? midnight + minutes * MINUTE_MS : nzInstant(date, minutesToTime(minutes)).getTime();
}

/**
 * Whether the wall-clock time (minutes after midnight) happens on the Auckland date: false only for
 * the hour the clocks skip when daylight saving starts. Same answer as
 * nzTimeOf(nzInstant(date, time)) === time, without the zone lookups on an ordinary date.
 */
export function nzWallTimeExists(date: string, minutes: number): boolean {
  if (fixedMidnight(date) !== null) return true;
  const time = minutesToTime(minutes);
  return nzTimeOf(nzInstant(date, time)) === time;
}

/** An instant seen on an Auckland wall clock. */
export function toNz(instant: Date | number): TZDate {
  return new TZDate(typeof instant === 'number' ? instant : instant.getTime(), BUSINESS_TIME_ZONE);
}

const pad2 = (n: number) => String(n).padStart(2, '0');

/** The Auckland date last asked for, with its first and after-last instants: most asks fall on it. */
let lastDate = { date: '', from: 0, to: 0 };

/** yyyy-MM-dd of an instant in Auckland. */
export function nzDateOf(instant: Date): string {
  const t = instant.getTime();
  if (t >= lastDate.from && t < lastDate.to) return lastDate.date;
  // The zone's wall-clock fields, not date-fns' format: its token parser is the costliest part of a first render of
  // Today on a phone (docs/product.md §17), and the answer is the same (time.test.ts).
  const nz = toNz(instant);
  const date = `${String(nz.getFullYear()).padStart(4, '0')}-${pad2(nz.getMonth() + 1)}-${pad2(nz.getDate())}`;
  lastDate = { date, from: nzInstant(date).getTime(), to: nzInstant(addDaysToDate(date, 1)).getTime() };
  return date;
}

/** Today's date in Auckland, yyyy-MM-dd. */
export function nzToday(now: Date = new Date()): string {
  return nzDateOf(now);
}

/** HH:mm of an instant in Auckland. */
export function nzTimeOf(instant: Date): string {
  const nz = toNz(instant);
  return minutesToTime(nz.getHours() * 60 + nz.getMinutes());
}

/** Day of week (0 = Sunday) of a yyyy-MM-dd calendar date. */
export function dayOfWeek(date: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** Calendar arithmetic on yyyy-MM-dd strings, free of any time zone. */
export function addDaysToDate(date: string, days: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return t.toISOString().slice(0, 10);
}

/** 'March 5, 2025' */
export function formatLongDate(date: string): string {
  assertDate(date);
  return format(toNz(nzInstant(date, '12:00')), 'MMMM d, yyyy');
}

/** '05 Mar 2025' */
export function formatShortDate(date: string): string {
  assertDate(date);
  return format(toNz(nzInstant(date, '12:00')), 'dd MMM yyyy');
}

/**
 * The zone words every time of day in a message carries (docs/product.md §17): a client reading an e-mail abroad,
 * or her phone set to another zone, must not guess. One place, so no template writes it its own way.
 */
export const NZ_TIME_LABEL = '(NZ time)';

/** '2:30 PM (NZ time)' from an Auckland wall-clock 'HH:mm'. */
export function formatNzTime(time: string): string {
  return `${formatTime12(time)} ${NZ_TIME_LABEL}`;
}

/** 'March 5, 2025 at 2:30 PM (NZ time)' from an Auckland date and wall-clock time. */
export function formatNzDateTime(date: string, time: string): string {
  return `${formatLongDate(date)} at ${formatNzTime(time)}`;
}

/** 'March 5, 2025 at 2:30 PM (NZ time)' for an instant, as Auckland's wall clock shows it. */
export function formatNzInstant(instant: Date): string {
  return formatNzDateTime(nzDateOf(instant), nzTimeOf(instant));
}

/** Zone words someone may have written after a time: replaced by the one way the messages say it. */
const ZONE_WORDS = String.raw`(?:NZ\s?time|NZST|NZDT|NZT|New Zealand time)`;
/** A 12-hour time of day in a text ('9:00 AM', '11:30pm'), with any zone words written after it. */
const TIME_OF_DAY_RE = new RegExp(
  String.raw`\b(\d{1,2}:\d{2}\s?(?:AM|PM))\b(?:\s*\(\s*${ZONE_WORDS}\s*\)|\s+${ZONE_WORDS}\b)?`,
  'gi',
);

/**
 * A text written elsewhere (the availability's reasons, 'Before opening at 9:00 AM', or a note someone typed)
 * with every time of day marked as NZ time the one way messages say it ('9:00 AM NZT' too), for a message that
 * quotes it.
 */
export function labelNzTimes(text: string): string {
  return text.replace(TIME_OF_DAY_RE, (_, time: string) => `${time} ${NZ_TIME_LABEL}`);
}

/** Instant plus minutes (exact minutes: DST-safe because it works on instants). */
export function addMinutesTo(instant: Date, minutes: number): Date {
  return addMinutes(instant, minutes);
}

function assertDate(date: string): void {
  if (!isValidDateString(date)) throw new RangeError(`Invalid time value: ${date}`);
}
