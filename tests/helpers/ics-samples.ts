/**
 * Calendar files as Google writes its 'Secret address in iCal format' (UTC instants,
 * X-WR-TIMEZONE, a VTIMEZONE, TZID on recurring events), dated around the tests' today so they
 * never go stale. The fixed-date fixtures of every product are in tests/fixtures/calendars.
 */
import { AUCKLAND_VTIMEZONE } from '../../src/server/modules/calendars/big-calendar.fixture';
import { addDaysToDate, dayOfWeek, nzInstant, nzToday } from '../../src/shared/time';

/** 20261201T020000Z */
const utc = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
/** 20261201 */
const compactDate = (date: string) => date.replace(/-/g, '');

/** The next date on or after `from` with this weekday (0 = Sunday). */
export function nextWeekday(from: string, weekday: number): string {
  let d = from;
  while (dayOfWeek(d) !== weekday) d = addDaysToDate(d, 1);
  return d;
}

export interface GoogleEvent {
  uid: string;
  summary: string;
  /** A timed event: NZ date and times. */
  date?: string;
  start?: string;
  end?: string;
  /** An all-day event: first date and the day after the last (DTEND is exclusive). */
  allDay?: { from: string; until: string };
  /** Weekly on the start date's weekday, from `date` on (written with TZID=Pacific/Auckland). */
  weekly?: boolean;
  transparent?: boolean;
}

const BYDAY = ['SU', 'MO', 'TU', 'WE', 'TH', 'FR', 'SA'];

function eventLines(e: GoogleEvent): string[] {
  const lines = ['BEGIN:VEVENT'];
  if (e.allDay) {
    lines.push(`DTSTART;VALUE=DATE:${compactDate(e.allDay.from)}`, `DTEND;VALUE=DATE:${compactDate(e.allDay.until)}`);
  } else if (e.weekly) {
    const local = (time: string) => `${compactDate(e.date!)}T${time.replace(':', '')}00`;
    lines.push(`DTSTART;TZID=Pacific/Auckland:${local(e.start!)}`, `DTEND;TZID=Pacific/Auckland:${local(e.end!)}`);
    lines.push(`RRULE:FREQ=WEEKLY;BYDAY=${BYDAY[dayOfWeek(e.date!)]}`);
  } else {
    lines.push(`DTSTART:${utc(nzInstant(e.date!, e.start))}`, `DTEND:${utc(nzInstant(e.date!, e.end))}`);
  }
  lines.push(
    'DTSTAMP:20261101T000000Z',
    `UID:${e.uid}@google.com`,
    'CREATED:20260801T000000Z',
    'LAST-MODIFIED:20261101T000000Z',
    'SEQUENCE:0',
    `STATUS:CONFIRMED`,
    `SUMMARY:${e.summary}`,
    `TRANSP:${e.transparent ? 'TRANSPARENT' : 'OPAQUE'}`,
    'END:VEVENT',
  );
  return lines;
}

/** A whole Google calendar file (CRLF lines, as Google serves it). */
export function googleCalendar(name: string, events: GoogleEvent[]): string {
  return [
    'BEGIN:VCALENDAR',
    'PRODID:-//Google Inc//Google Calendar 70.9054//EN',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${name}`,
    'X-WR-TIMEZONE:Pacific/Auckland',
    ...AUCKLAND_VTIMEZONE,
    ...events.flatMap(eventLines),
    'END:VCALENDAR',
    '',
  ].join('\r\n');
}

/** The calendar: a weekly Tuesday 3-4 PM school run (begun weeks ago) and a family weekend ahead. */
export function familyCalendar(today = nzToday()) {
  const firstTuesday = nextWeekday(addDaysToDate(today, -56), 2);
  const saturday = nextWeekday(addDaysToDate(today, 8), 6);
  const text = googleCalendar('Family', [
    { uid: 'school-run', summary: 'School run', date: firstTuesday, start: '15:00', end: '16:00', weekly: true },
    { uid: 'weekend', summary: 'Family weekend', allDay: { from: saturday, until: addDaysToDate(saturday, 2) } },
    {
      uid: 'free',
      summary: 'Maybe coffee',
      date: addDaysToDate(saturday, -3),
      start: '10:00',
      end: '11:00',
      transparent: true,
    },
  ]);
  return { text, saturday, sunday: addDaysToDate(saturday, 1), firstTuesday };
}

/** One plain timed event (for clashes and CalDAV). */
export function singleEvent(uid: string, summary: string, date: string, start: string, end: string): string {
  return googleCalendar('One', [{ uid, summary, date, start, end }]);
}
