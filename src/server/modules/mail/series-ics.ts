/**
 * A regular's series as one iCalendar file (docs/product.md §4 "Regulars"), so a calendar app
 * imports it as one repeating event: one VEVENT with RRULE (every n weeks, COUNT) from the first visit of
 * the series to its last booked one, EXDATE for each date of the pattern in between that has no visit
 * (skipped, a conflict, cancelled), and an overriding VEVENT with RECURRENCE-ID for each visit moved to
 * another time. Times are Pacific/Auckland wall-clock times with the zone's VTIMEZONE, not UTC: a weekly
 * 10:00 stays 10:00 across a daylight-saving change only when the rule repeats in the zone.
 * The booking the series was made from keeps its own event (its confirmation's file): it is not repeated here.
 */
import { BUSINESS_TIME_ZONE } from '@shared/constants';
import type { PracticeProfile } from '../../practice-profile';
import { escapeIcsText, foldIcsLine, hostOf, icsUtc } from './ics';

export const SERIES_ICS_FILENAME = 'regular-visits.ics';

/** NZ daylight saving since 2007: last Sunday of September 02:00 to first Sunday of April 03:00. */
const NZ_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  `TZID:${BUSINESS_TIME_ZONE}`,
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+1200',
  'TZOFFSETTO:+1300',
  'TZNAME:NZDT',
  'DTSTART:20070930T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=9;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+1300',
  'TZOFFSETTO:+1200',
  'TZNAME:NZST',
  'DTSTART:20080406T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

/** One date of the pattern as the file needs it: where its visit is, or none. */
export interface SeriesIcsOccurrence {
  forDate: string;
  /** The visit's date and time when it holds one (booked, pending or confirmed); null otherwise. */
  visit: { date: string; time: string } | null;
}

export interface SeriesIcsInput {
  id: number;
  sequence: number;
  serviceName: string;
  duration: number;
  address: string;
  everyWeeks: number;
  /** The pattern's NZ time (HH:mm). */
  time: string;
  /** Every decided date of the pattern after the first visit, in order. */
  occurrences: readonly SeriesIcsOccurrence[];
}

export interface SeriesIcsContext {
  practice: PracticeProfile;
  publicUrl: string;
}

/** 20260304T100000 (a floating local time, used with TZID). */
const local = (date: string, time: string) => `${date.replace(/-/g, '')}T${time.replace(':', '')}00`;
const tz = `TZID=${BUSINESS_TIME_ZONE}`;

export const seriesUid = (id: number, publicUrl: string) => `series-${id}@${hostOf(publicUrl)}`;

export function seriesIcs(s: SeriesIcsInput, ctx: SeriesIcsContext, now: Date = new Date()): string {
  const live = s.occurrences.filter((o) => o.visit !== null);
  const uid = `UID:${escapeIcsText(seriesUid(s.id, ctx.publicUrl))}`;
  const common = [
    `DTSTAMP:${icsUtc(now)}`,
    `DURATION:PT${s.duration}M`,
    `SUMMARY:${escapeIcsText(`${s.serviceName} with ${ctx.practice.name}`)}`,
    `LOCATION:${escapeIcsText(s.address)}`,
    `DESCRIPTION:${escapeIcsText(
      `${s.serviceName} (${s.duration} minutes) with ${ctx.practice.therapistName}, ${ctx.practice.name}, ` +
        `every ${s.everyWeeks === 1 ? 'week' : `${s.everyWeeks} weeks`}.\nContact: ${ctx.practice.email}, ${ctx.practice.phone}`,
    )}`,
    `ORGANIZER;CN="${ctx.practice.name.replace(/["\r\n]/g, '')}":mailto:${ctx.practice.email}`,
    `SEQUENCE:${Math.max(0, Math.trunc(s.sequence))}`,
    'TRANSP:OPAQUE',
  ];
  const events: string[] = [];
  if (live.length === 0) {
    // Nothing left: the series' event is cancelled, so an app that imported it drops it.
    const first = s.occurrences[0]?.forDate;
    if (first)
      events.push(
        'BEGIN:VEVENT',
        uid,
        `DTSTART;${tz}:${local(first, s.time)}`,
        ...common,
        'STATUS:CANCELLED',
        'END:VEVENT',
      );
  } else {
    const from = live[0]!.forDate;
    const to = live[live.length - 1]!.forDate;
    const span = s.occurrences.filter((o) => o.forDate >= from && o.forDate <= to);
    const exdates = span.filter((o) => o.visit === null).map((o) => local(o.forDate, s.time));
    events.push(
      'BEGIN:VEVENT',
      uid,
      `DTSTART;${tz}:${local(from, s.time)}`,
      `RRULE:FREQ=WEEKLY;INTERVAL=${s.everyWeeks};COUNT=${span.length}`,
      ...(exdates.length ? [`EXDATE;${tz}:${exdates.join(',')}`] : []),
      ...common,
      'STATUS:CONFIRMED',
      'END:VEVENT',
    );
    for (const o of live) {
      const v = o.visit!;
      if (v.date === o.forDate && v.time === s.time) continue;
      events.push(
        'BEGIN:VEVENT',
        uid,
        `RECURRENCE-ID;${tz}:${local(o.forDate, s.time)}`,
        `DTSTART;${tz}:${local(v.date, v.time)}`,
        ...common,
        'STATUS:CONFIRMED',
        'END:VEVENT',
      );
    }
  }
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Homevisit//Regular visits//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    ...NZ_VTIMEZONE,
    ...events,
    'END:VCALENDAR',
  ];
  return lines.map(foldIcsLine).join('\r\n') + '\r\n';
}
