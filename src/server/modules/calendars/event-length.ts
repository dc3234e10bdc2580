/**
 * How long each occurrence of an event lasts (RFC 5545 3.8.5.3): a DTEND gives the same exact length
 * to every occurrence; a DURATION gives the same nominal length (its days and weeks follow the wall
 * clock, so a 1-day event stays midnight to midnight over a clock change; its hours are exact).
 */
import ICAL from 'ical.js';
import { HOUR_MS } from '@shared/time';
import { type ZoneResolver, wallClockAsUtcMs, wallClockToMs } from './zone-resolver';

export type EventLength = { kind: 'exact'; ms: number } | { kind: 'nominal'; days: number; ms: number };

/** Why an event has no usable length, as counted in IcsReadResult.skipped. */
export type LengthProblem = 'no end' | 'zero length' | 'end before start';

const DAY_UTC_MS = 24 * HOUR_MS;

export function tzidOf(property: ICAL.Property | null): string | null {
  const tzid = property?.getParameter('tzid');
  return typeof tzid === 'string' ? tzid : null;
}

function durationLength(duration: ICAL.Duration): EventLength {
  const sign = duration.isNegative ? -1 : 1;
  const days = sign * (duration.weeks * 7 + duration.days);
  const ms = sign * ((duration.hours * 60 + duration.minutes) * 60 + duration.seconds) * 1000;
  return { kind: 'nominal', days, ms };
}

function isEmpty(length: EventLength): boolean {
  return length.kind === 'exact' ? length.ms === 0 : length.days === 0 && length.ms === 0;
}

function isNegative(length: EventLength): boolean {
  return length.kind === 'exact' ? length.ms < 0 : length.days < 0 || (length.days === 0 && length.ms < 0);
}

/** The length of an event's occurrences, from its DTSTART and DTEND or DURATION. */
export function lengthOf(event: ICAL.Component, zones: ZoneResolver): EventLength | LengthProblem {
  const startProperty = event.getFirstProperty('dtstart');
  const start = startProperty?.getFirstValue();
  if (!(start instanceof ICAL.Time)) throw new Error('DTSTART is not a date');
  const endProperty = event.getFirstProperty('dtend');
  const end = endProperty?.getFirstValue();
  const duration = event.getFirstPropertyValue('duration');
  let length: EventLength;
  if (end instanceof ICAL.Time) {
    if (start.isDate) {
      // An all-day event ends at the start of its DTEND date; an end on its start date (some
      // exporters write one-day events so) is read as that one day.
      const days = Math.round((wallClockAsUtcMs(end) - wallClockAsUtcMs(start)) / DAY_UTC_MS);
      length = { kind: 'nominal', days: days === 0 ? 1 : days, ms: 0 };
    } else {
      const startMs = wallClockToMs(start, zones.zoneOf(start, tzidOf(startProperty)));
      const endMs = wallClockToMs(end, zones.zoneOf(end, tzidOf(endProperty)));
      length = { kind: 'exact', ms: endMs - startMs };
    }
  } else if (duration instanceof ICAL.Duration) {
    length = durationLength(duration);
  } else if (start.isDate) {
    // RFC 5545: an all-day event with no end takes the one day.
    length = { kind: 'nominal', days: 1, ms: 0 };
  } else {
    return 'no end';
  }
  if (isNegative(length)) return 'end before start';
  if (isEmpty(length)) return 'zero length';
  return length;
}

/** An upper bound, in ms, of how long one occurrence lasts: for skipping occurrences far from the window. */
export function longestMs(length: EventLength): number {
  return length.kind === 'exact' ? length.ms : length.days * 25 * HOUR_MS + Math.max(length.ms, 0);
}
