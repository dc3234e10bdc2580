import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { bigCalendar } from './big-calendar.fixture';
import { MAX_OCCURRENCES_PER_EVENT } from './event-busy';
import { STEPS_PER_FILE } from './step-budget';
import { type BusyInterval, CalendarFormatError, busyFromIcs, busyFromIcsObjects } from './ics-busy';

const FIXTURES = path.join(import.meta.dirname, '../../../../tests/fixtures/calendars');
const fixture = (name: string): string => fs.readFileSync(path.join(FIXTURES, name), 'utf8');

const YEAR_2026 = { from: new Date('2026-01-01T00:00:00Z'), to: new Date('2027-01-01T00:00:00Z') };
const BLOCKS = { allDayBlocks: true };

/** Busy intervals as [start, end, title] in UTC, easy to compare. */
const spans = (busy: BusyInterval[]) => busy.map((b) => [b.start.toISOString(), b.end.toISOString(), b.title]);
const startsOf = (busy: BusyInterval[], title: string) =>
  busy.filter((b) => b.title === title).map((b) => b.start.toISOString());

/** A calendar around the given VEVENT lines (and any lines before them). */
function calendar(...lines: string[]): string {
  return ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Homevisit//Tests//EN', ...lines, 'END:VCALENDAR'].join('\n');
}
function vevent(uid: string, ...lines: string[]): string[] {
  return ['BEGIN:VEVENT', `UID:${uid}`, 'DTSTAMP:20260101T000000Z', ...lines, 'END:VEVENT'];
}

describe('busyFromIcs: Google secret iCal address', () => {
  const google = busyFromIcs(fixture('google.ics'), YEAR_2026, BLOCKS);
  const schoolRuns = startsOf(google.busy, 'School run');

  it('keeps a weekly 3 PM at 3 PM Auckland time on both sides of the September clock change', () => {
    expect(schoolRuns).toContain('2026-09-08T03:00:00.000Z'); // Tue 8 Sep 15:00 NZST (+12)
    expect(schoolRuns).toContain('2026-09-22T03:00:00.000Z'); // Tue 22 Sep 15:00 NZST
    expect(schoolRuns).toContain('2026-09-29T02:00:00.000Z'); // Tue 29 Sep 15:00 NZDT (+13)
    expect(schoolRuns[0]).toBe('2026-08-04T03:00:00.000Z');
    expect(schoolRuns.at(-1)).toBe('2026-12-08T02:00:00.000Z'); // the last before UNTIL
    const hour = google.busy.find((b) => b.start.toISOString() === '2026-09-29T02:00:00.000Z')!;
    expect(hour.end.toISOString()).toBe('2026-09-29T03:00:00.000Z');
    expect(hour.allDay).toBe(false);
    expect(hour.uid).toBe('6kq3c1ho6sp3ib9g64o3cb9k6pij8bb26oqj4bb16gr30e1i6os3adhg64@google.com');
  });

  it('moves the overridden occurrence, and drops the cancelled one and the EXDATE', () => {
    expect(schoolRuns).not.toContain('2026-09-15T03:00:00.000Z'); // moved away from Tue 15 Sep
    const moved = ['2026-09-30T02:30:00.000Z', '2026-09-30T03:30:00.000Z', 'School run (moved)']; // Wed 15:30 NZDT
    expect(spans(google.busy)).toContainEqual(moved);
    expect(schoolRuns).not.toContain('2026-10-06T02:00:00.000Z'); // STATUS:CANCELLED override
    expect(schoolRuns).not.toContain('2026-10-13T02:00:00.000Z'); // EXDATE
    expect(schoolRuns).toContain('2026-10-20T02:00:00.000Z');
    // 19 Tuesdays from 4 Aug to 8 Dec, less the moved, the cancelled and the excluded one.
    expect(schoolRuns).toHaveLength(19 - 3);
  });

  it('reads UTC times as instants and blocks the all-day weekend midnight to midnight in Auckland', () => {
    expect(spans(google.busy)).toContainEqual(['2026-12-01T02:00:00.000Z', '2026-12-01T03:00:00.000Z', 'Dentist']);
    const weekend = google.busy.find((b) => b.title === 'Family weekend')!;
    expect([weekend.start.toISOString(), weekend.end.toISOString(), weekend.allDay]).toEqual([
      '2026-12-04T11:00:00.000Z', // Sat 5 Dec 00:00 NZDT
      '2026-12-06T11:00:00.000Z', // Mon 7 Dec 00:00 NZDT (DTEND is exclusive)
      true,
    ]);
  });

  it('counts each event once, a series with its overrides as one, and skips the free event', () => {
    expect(google.eventCount).toBe(4);
    expect(google.skipped).toEqual({ 'free (transparent)': 1 });
    expect(google.busy.some((b) => b.title === 'Coffee if free')).toBe(false);
    const starts = google.busy.map((b) => b.start.getTime());
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  });

  it('reads the series the same from a window that starts weeks after it', () => {
    const october = { from: new Date('2026-10-01T00:00:00Z'), to: new Date('2026-11-01T00:00:00Z') };
    const result = busyFromIcs(fixture('google.ics'), october, BLOCKS);
    expect(startsOf(result.busy, 'School run')).toEqual(['2026-10-20T02:00:00.000Z', '2026-10-27T02:00:00.000Z']);
    expect(result.busy).toHaveLength(2);
  });

  it('finds an occurrence moved into the window from long before it, or from after it', () => {
    const series = (...lines: string[]) => vevent('s', 'DURATION:PT1H', ...lines);
    const text = calendar(
      ...series('DTSTART;TZID=Pacific/Auckland:20200107T150000', 'RRULE:FREQ=WEEKLY', 'SUMMARY:Series'),
      ...series('RECURRENCE-ID;TZID=Pacific/Auckland:20251202T150000', 'DTSTART:20260310T000000Z', 'SUMMARY:From 2025'),
      ...series('RECURRENCE-ID;TZID=Pacific/Auckland:20270105T150000', 'DTSTART:20260310T020000Z', 'SUMMARY:From 2027'),
    );
    const march = { from: new Date('2026-03-09T00:00:00Z'), to: new Date('2026-03-11T00:00:00Z') };
    expect(spans(busyFromIcs(text, march, BLOCKS).busy)).toEqual([
      ['2026-03-10T00:00:00.000Z', '2026-03-10T01:00:00.000Z', 'From 2025'],
      ['2026-03-10T02:00:00.000Z', '2026-03-10T03:00:00.000Z', 'Series'], // Tue 10 Mar 15:00 NZDT
      ['2026-03-10T02:00:00.000Z', '2026-03-10T03:00:00.000Z', 'From 2027'],
    ]);
  });

  it('leaves all-day events out when they do not block', () => {
    const result = busyFromIcs(fixture('google.ics'), YEAR_2026, { allDayBlocks: false });
    expect(result.busy.some((b) => b.allDay)).toBe(false);
    expect(result.skipped).toEqual({ 'free (transparent)': 1, 'all-day (not blocking)': 1 });
  });

  it('reads the same with CRLF line endings', () => {
    const crlf = busyFromIcs(fixture('google.ics').replace(/\n/g, '\r\n'), YEAR_2026, BLOCKS);
    expect(crlf).toEqual(google);
  });
});

describe('busyFromIcs: Apple iCloud public calendar', () => {
  const apple = busyFromIcs(fixture('apple.ics'), YEAR_2026, BLOCKS);

  it('reads TZID=Pacific/Auckland times, across the April clock change', () => {
    expect(spans(apple.busy)).toEqual([
      ['2026-04-02T05:00:00.000Z', '2026-04-02T06:00:00.000Z', 'Choir'], // Thu 18:00 NZDT
      ['2026-04-09T06:00:00.000Z', '2026-04-09T07:00:00.000Z', 'Choir'], // Thu 18:00 NZST
      ['2026-04-16T06:00:00.000Z', '2026-04-16T07:00:00.000Z', 'Choir'],
      ['2026-11-09T21:00:00.000Z', '2026-11-09T22:30:00.000Z', 'Physio'], // Tue 10 Nov 10:00 NZDT
      ['2026-11-23T11:00:00.000Z', '2026-11-24T11:00:00.000Z', "Mum's birthday"], // all day 24 Nov
    ]);
    expect(apple.eventCount).toBe(3);
    expect(apple.skipped).toEqual({});
  });
});

describe('busyFromIcs: Outlook published calendar', () => {
  const outlook = busyFromIcs(fixture('outlook.ics'), YEAR_2026, BLOCKS);

  it('reads the Windows zone "New Zealand Standard Time" as Pacific/Auckland, with its clock changes', () => {
    expect(spans(outlook.busy)).toEqual([
      ['2026-03-22T20:00:00.000Z', '2026-03-22T20:30:00.000Z', 'Weekly check-in'], // Mon 23 Mar 09:00 NZDT
      ['2026-03-29T20:00:00.000Z', '2026-03-29T20:30:00.000Z', 'Weekly check-in'],
      ['2026-04-05T21:00:00.000Z', '2026-04-05T21:30:00.000Z', 'Weekly check-in'], // Mon 6 Apr 09:00 NZST
      ['2026-04-12T21:00:00.000Z', '2026-04-12T21:30:00.000Z', 'Weekly check-in'],
      ['2026-11-02T20:00:00.000Z', '2026-11-02T21:00:00.000Z', 'Board meeting'], // Tue 3 Nov 09:00 NZDT
    ]);
    expect(outlook.eventCount).toBe(3);
    expect(outlook.skipped).toEqual({ 'free (transparent)': 1 });
  });

  it('maps a Windows zone name with no VTIMEZONE in the file', () => {
    for (const [tzid, expected] of [
      ['New Zealand Standard Time', '2026-07-01T21:00:00.000Z'], // 09:00 NZST
      ['Pacific Standard Time', '2026-07-02T16:00:00.000Z'], // 09:00 PDT
      ['GMT Standard Time', '2026-07-02T08:00:00.000Z'], // 09:00 BST
    ]) {
      const text = calendar(...vevent('w', `DTSTART;TZID="${tzid}":20260702T090000`, 'DURATION:PT1H'));
      expect(busyFromIcs(text, YEAR_2026, BLOCKS).busy[0]?.start.toISOString(), tzid).toBe(expected);
    }
  });

  it('counts X-MICROSOFT-CDO-BUSYSTATUS:FREE as free even without TRANSP', () => {
    const text = calendar(
      ...vevent('f', 'DTSTART:20260702T090000Z', 'DURATION:PT1H', 'X-MICROSOFT-CDO-BUSYSTATUS:FREE'),
      ...vevent('t', 'DTSTART:20260703T090000Z', 'DURATION:PT1H', 'X-MICROSOFT-CDO-BUSYSTATUS:TENTATIVE'),
    );
    const result = busyFromIcs(text, YEAR_2026, BLOCKS);
    expect(result.busy.map((b) => b.uid)).toEqual(['t']);
    expect(result.skipped).toEqual({ 'free (transparent)': 1 });
  });
});

describe('busyFromIcs: zones', () => {
  const customZone = [
    'BEGIN:VTIMEZONE',
    'TZID:Somewhere Odd',
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:+0530',
    'TZOFFSETTO:+0530',
    'END:STANDARD',
    'END:VTIMEZONE',
  ];

  it("falls back to the file's VTIMEZONE for a name that is neither IANA nor Windows", () => {
    const text = calendar(...customZone, ...vevent('v', 'DTSTART;TZID=Somewhere Odd:20260702T090000', 'DURATION:PT1H'));
    expect(busyFromIcs(text, YEAR_2026, BLOCKS).busy[0]?.start.toISOString()).toBe('2026-07-02T03:30:00.000Z');
  });

  it('reads an unknown zone with no definition as Auckland', () => {
    const text = calendar(...vevent('u', 'DTSTART;TZID=Nowhere/Special:20260702T090000', 'DURATION:PT1H'));
    expect(busyFromIcs(text, YEAR_2026, BLOCKS).busy[0]?.start.toISOString()).toBe('2026-07-01T21:00:00.000Z');
  });

  it('prefers the IANA name to a wrong VTIMEZONE of the same name', () => {
    const wrong = customZone.map((line) => (line === 'TZID:Somewhere Odd' ? 'TZID:Pacific/Auckland' : line));
    const text = calendar(...wrong, ...vevent('i', 'DTSTART;TZID=Pacific/Auckland:20260702T090000', 'DURATION:PT1H'));
    expect(busyFromIcs(text, YEAR_2026, BLOCKS).busy[0]?.start.toISOString()).toBe('2026-07-01T21:00:00.000Z');
  });

  it('reads floating times in Auckland, or in X-WR-TIMEZONE when that is a known zone', () => {
    const floating = vevent('f', 'DTSTART:20260702T090000', 'DTEND:20260702T100000');
    const at = (...lines: string[]) => busyFromIcs(calendar(...lines), YEAR_2026, BLOCKS).busy[0]?.start.toISOString();
    expect(at(...floating)).toBe('2026-07-01T21:00:00.000Z');
    expect(at('X-WR-TIMEZONE:Europe/London', ...floating)).toBe('2026-07-02T08:00:00.000Z');
    expect(at('X-WR-TIMEZONE:Not a zone', ...floating)).toBe('2026-07-01T21:00:00.000Z');
  });

  it('maps a time in the skipped hour forward, and an all-day event on the change day to 23 hours', () => {
    const text = calendar(
      ...vevent('gap', 'DTSTART;TZID=Pacific/Auckland:20260927T023000', 'DURATION:PT30M'),
      ...vevent('day', 'DTSTART;VALUE=DATE:20260927', 'DTEND;VALUE=DATE:20260928'),
    );
    expect(spans(busyFromIcs(text, YEAR_2026, BLOCKS).busy)).toEqual([
      ['2026-09-26T12:00:00.000Z', '2026-09-27T11:00:00.000Z', 'Busy'], // 00:00 NZST to 00:00 NZDT
      ['2026-09-26T14:30:00.000Z', '2026-09-26T15:00:00.000Z', 'Busy'], // 02:30 does not exist: 03:30 NZDT
    ]);
  });

  it('keeps a daily all-day series midnight to midnight across the clock change', () => {
    const text = calendar(...vevent('d', 'DTSTART;VALUE=DATE:20260926', 'RRULE:FREQ=DAILY;COUNT=3'));
    expect(spans(busyFromIcs(text, YEAR_2026, BLOCKS).busy).map(([start, end]) => [start, end])).toEqual([
      ['2026-09-25T12:00:00.000Z', '2026-09-26T12:00:00.000Z'],
      ['2026-09-26T12:00:00.000Z', '2026-09-27T11:00:00.000Z'],
      ['2026-09-27T11:00:00.000Z', '2026-09-28T11:00:00.000Z'],
    ]);
  });
});

describe('busyFromIcs: the window', () => {
  const text = calendar(
    ...vevent('before', 'DTSTART:20260601T080000Z', 'DTEND:20260601T090000Z'), // ends as the window starts
    ...vevent('across-start', 'DTSTART:20260601T083000Z', 'DTEND:20260601T093000Z'),
    ...vevent('inside', 'DTSTART:20260601T120000Z', 'DTEND:20260601T130000Z'),
    ...vevent('across-end', 'DTSTART:20260601T163000Z', 'DTEND:20260601T173000Z'),
    ...vevent('after', 'DTSTART:20260601T170000Z', 'DTEND:20260601T180000Z'), // starts as the window ends
    ...vevent('series', 'DTSTART:20260501T100000Z', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;COUNT=3'),
  );
  const window = { from: new Date('2026-06-01T09:00:00Z'), to: new Date('2026-06-01T17:00:00Z') };

  it('keeps the intervals that meet [from, to), whole', () => {
    const result = busyFromIcs(text, window, BLOCKS);
    expect(result.busy.map((b) => b.uid)).toEqual(['across-start', 'inside', 'across-end']);
    expect(result.busy[0]?.start.toISOString()).toBe('2026-06-01T08:30:00.000Z');
    expect(result.eventCount).toBe(6);
    expect(result.skipped).toEqual({ 'outside the window': 3 });
  });

  it('counts events in 1970 and 2999 as outside the window', () => {
    const result = busyFromIcs(fixture('far-dates.ics'), YEAR_2026, BLOCKS);
    expect(result).toEqual({ eventCount: 3, busy: [], skipped: { 'outside the window': 3 } });
  });
});

describe('busyFromIcs: bounded repetition', () => {
  it('stops a rule that repeats every minute from 1970, and reads a daily rule from 1970 in full', () => {
    const result = busyFromIcs(fixture('runaway-rrule.ics'), YEAR_2026, BLOCKS);
    expect(result.eventCount).toBe(3);
    expect(result.skipped).toEqual({ 'too many occurrences': 1 });
    // Read from a day before the window (on the rule's rhythm), then cut off.
    const minutes = result.busy.filter((b) => b.uid === 'every-minute@example.com');
    expect(minutes.length).toBeGreaterThan(MAX_OCCURRENCES_PER_EVENT - 2000);
    expect(minutes.length).toBeLessThanOrEqual(MAX_OCCURRENCES_PER_EVENT);
    expect(minutes[0]?.start.toISOString()).toBe('2026-01-01T00:00:00.000Z');
    const daily = startsOf(result.busy, 'Every day since 1970');
    expect(daily).toHaveLength(365);
    expect(daily).toContain('2026-06-30T19:00:00.000Z'); // 1 Jul 07:00 NZST
    expect(daily).toContain('2026-12-30T18:00:00.000Z'); // 31 Dec 07:00 NZDT
    const mondays = startsOf(result.busy, 'Ten thousand Mondays');
    expect(mondays).toHaveLength(52);
    expect(mondays).toContain('2026-06-28T22:00:00.000Z'); // Mon 29 Jun 10:00 NZST
  });

  it('finds the same occurrences whether a series starts decades before the window or just before it', () => {
    const stamp = (ms: number) => new Date(ms).toISOString().replace(/[-:]/g, '').slice(0, 15);
    const occurrences = (start: number, rule: string) =>
      busyFromIcs(
        calendar(...vevent('s', `DTSTART;TZID=Pacific/Auckland:${stamp(start)}`, 'DURATION:PT45M', `RRULE:${rule}`)),
        YEAR_2026,
        BLOCKS,
      ).busy.map((b) => b.start.toISOString());
    const hour = 3_600_000;
    const since1990 = Date.UTC(1990, 0, 2, 8, 30); // a Tuesday, as wall clock
    for (const [rule, period] of [
      ['FREQ=DAILY;INTERVAL=3', 72 * hour],
      ['FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH', 14 * 24 * hour],
      ['FREQ=HOURLY;INTERVAL=7', 7 * hour],
      ['FREQ=MINUTELY;INTERVAL=1000;BYHOUR=9,10,11', 1000 * 60_000],
    ] as const) {
      // The series' last start before the window (wall clock): too close to it to be moved on.
      const justBefore = since1990 + Math.floor((YEAR_2026.from.getTime() - 2 * hour - since1990) / period) * period;
      const old = occurrences(since1990, rule);
      expect(old.length, rule).toBeGreaterThan(50);
      expect(old, rule).toEqual(occurrences(justBefore, rule));
    }
  });

  it('bounds the work of a whole file: many rules repeating every minute share one budget', () => {
    const minutely = (i: number) => vevent(`m${i}`, 'DTSTART:19700101T000000Z', 'DURATION:PT1M', 'RRULE:FREQ=MINUTELY');
    const rules = Math.ceil(STEPS_PER_FILE / MAX_OCCURRENCES_PER_EVENT) + 2;
    const text = calendar(...Array.from({ length: rules }, (_, i) => minutely(i)).flat());
    const result = busyFromIcs(text, YEAR_2026, BLOCKS);
    expect(result.skipped).toEqual({ 'too many occurrences': rules });
    expect(result.busy.length).toBeLessThan(STEPS_PER_FILE);
  });

  it('cuts off a rule that can never happen (ical.js would search forever), and keeps rare ones', () => {
    const text = calendar(
      ...vevent('feb-30', 'DTSTART:20260101T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30'),
      ...vevent('feb-31', 'DTSTART:20260101T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=SECONDLY;BYMONTH=2;BYMONTHDAY=31'),
      ...vevent('feb-29', 'DTSTART:20250301T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=DAILY;BYMONTH=2;BYMONTHDAY=29'),
      ...vevent('weekly', 'DTSTART:20260105T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;COUNT=2'),
    );
    const window = { from: new Date('2028-01-01T00:00:00Z'), to: new Date('2029-01-01T00:00:00Z') };
    const result = busyFromIcs(text, window, BLOCKS);
    expect(result.skipped).toEqual({ 'too many occurrences': 2, 'outside the window': 1 });
    expect(spans(result.busy)).toEqual([['2028-02-29T09:00:00.000Z', '2028-02-29T10:00:00.000Z', 'Busy']]);
  });

  it('reads a daily rule from the year 1, and refuses one that repeats every million weeks', () => {
    const text = calendar(
      ...vevent('year-1', 'DTSTART:00010101T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=DAILY'),
      ...vevent('rare', 'DTSTART:19000101T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;INTERVAL=1000000'),
    );
    const result = busyFromIcs(text, YEAR_2026, BLOCKS);
    expect(result.busy).toHaveLength(365);
    expect(result.busy[0]?.start.toISOString()).toBe('2026-01-01T09:00:00.000Z');
    expect(result.skipped).toEqual({ 'unreadable repeat rule': 1 });
  });

  it('counts an event whose repeat rule ical.js refuses, and reads the rest of the file', () => {
    const text = calendar(
      ...vevent('bad-day', 'DTSTART:20260105T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;BYDAY=XX'),
      ...vevent('bad-freq', 'DTSTART:20260105T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=FORTNIGHTLY'),
      ...vevent('good', 'DTSTART:20260105T090000Z', 'DURATION:PT1H', 'RRULE:FREQ=WEEKLY;COUNT=2'),
    );
    const result = busyFromIcs(text, YEAR_2026, BLOCKS);
    expect(result.busy.map((b) => b.uid)).toEqual(['good', 'good']);
    expect(result.skipped).toEqual({ 'unreadable repeat rule': 2 });
  });

  it('leaves out an EXDATE of a series that began long before the window', () => {
    const text = calendar(
      ...vevent(
        'old',
        'DTSTART;TZID=Pacific/Auckland:20200107T150000',
        'DTEND;TZID=Pacific/Auckland:20200107T160000',
        'RRULE:FREQ=WEEKLY;BYDAY=TU',
        'EXDATE;TZID=Pacific/Auckland:20260922T150000,20260929T150000',
      ),
    );
    const starts = busyFromIcs(text, YEAR_2026, BLOCKS).busy.map((b) => b.start.toISOString());
    expect(starts).toContain('2026-09-15T03:00:00.000Z');
    expect(starts).not.toContain('2026-09-22T03:00:00.000Z');
    expect(starts).not.toContain('2026-09-29T02:00:00.000Z');
    expect(starts).toContain('2026-10-06T02:00:00.000Z');
    expect(starts).toHaveLength(52 - 2);
  });

  it('stops a series with no end after the window', () => {
    const text = calendar(
      ...vevent('open', 'DTSTART:20250101T000000Z', 'DURATION:PT1H', 'RRULE:FREQ=MINUTELY;INTERVAL=90'),
    );
    const window = { from: new Date('2026-03-01T00:00:00Z'), to: new Date('2026-03-02T00:00:00Z') };
    const result = busyFromIcs(text, window, BLOCKS);
    expect(result.busy).toHaveLength(16); // 00:00, 01:30, ... 22:30 (the day before's last ends at 23:30)
    expect(result.skipped).toEqual({});
  });
});

describe('busyFromIcs: events that cannot block', () => {
  it('skips an event with no end, no start, or an end before its start; a DURATION or an all-day date is enough', () => {
    const result = busyFromIcs(fixture('no-end.ics'), YEAR_2026, BLOCKS);
    expect(result.eventCount).toBe(5);
    expect(result.skipped).toEqual({ 'no end': 1, 'no start': 1, 'end before start': 1 });
    expect(spans(result.busy)).toEqual([
      ['2026-12-02T20:00:00.000Z', '2026-12-02T21:30:00.000Z', 'With a duration'], // 3 Dec 09:00 NZDT, 1h30
      ['2026-12-03T11:00:00.000Z', '2026-12-04T11:00:00.000Z', 'All day, no end'], // the one day, 4 Dec
    ]);
  });

  it('reads an all-day event that ends on its start date as that one day', () => {
    const text = calendar(...vevent('d', 'DTSTART;VALUE=DATE:20261204', 'DTEND;VALUE=DATE:20261204'));
    expect(spans(busyFromIcs(text, YEAR_2026, BLOCKS).busy)).toEqual([
      ['2026-12-03T11:00:00.000Z', '2026-12-04T11:00:00.000Z', 'Busy'],
    ]);
  });

  it('counts an event with an unreadable value, and reads the rest', () => {
    const text = calendar(
      ...vevent('bad', 'DTSTART:garbage', 'DURATION:PT1H'),
      ...vevent('good', 'DTSTART:20260702T090000Z', 'DURATION:PT1H'),
    );
    const result = busyFromIcs(text, YEAR_2026, BLOCKS);
    expect(result.busy.map((b) => b.uid)).toEqual(['good']);
    expect(result.skipped).toEqual({ 'unreadable event': 1 });
  });
});

describe('busyFromIcs: text that is not a calendar', () => {
  const formatError = (text: string): CalendarFormatError => {
    try {
      busyFromIcs(text, YEAR_2026, BLOCKS);
    } catch (error) {
      expect(error).toBeInstanceOf(CalendarFormatError);
      return error as CalendarFormatError;
    }
    throw new Error('no error');
  };

  it('says a web page is not a calendar', () => {
    expect(formatError(fixture('login-page.html')).message).toBe(
      "The address answered with a web page (HTML), not a calendar. Check that it is the calendar's secret/public iCal address.",
    );
    expect(formatError('  <html><body>Sign in</body></html>').message).toMatch(/web page \(HTML\)/);
  });

  it('says why a broken or empty file cannot be read', () => {
    expect(formatError(fixture('malformed.ics')).message).toMatch(/^The calendar file could not be read: \S/);
    expect(formatError('hello, world').message).toMatch(/^The calendar file could not be read: /);
    expect(formatError('').message).toBe('The calendar file is empty.');
    expect(formatError(' \r\n ').message).toBe('The calendar file is empty.');
    expect(formatError('BEGIN:VCARD\nVERSION:3.0\nFN:Kim\nEND:VCARD').message).toMatch(/no VCALENDAR/);
    expect(formatError('<?xml version="1.0"?><d:multistatus xmlns:d="DAV:"/>').message).toMatch(/XML/);
  });

  it('keeps a long reason short', () => {
    expect(formatError(`x${'y'.repeat(5000)}`).message.length).toBeLessThan(200);
  });
});

describe('busyFromIcs: titles', () => {
  it('keeps markup in a title as the same plain text', () => {
    const result = busyFromIcs(fixture('hostile-title.ics'), YEAR_2026, BLOCKS);
    expect(result.busy.map((b) => b.title)).toEqual([
      '<script>alert(1)</script>',
      '<img src=x onerror=alert(1)>',
      'Tom, Anna; and "Kim" & co second line',
      'Busy',
    ]);
  });

  it('stores no half characters: a lone surrogate becomes U+FFFD', () => {
    const text = calendar(
      'BEGIN:VEVENT',
      'UID:lone',
      'SUMMARY:Swim \ud83c club \ud83d\ude00',
      'DTSTART:20260702T090000Z',
      'DURATION:PT1H',
      'END:VEVENT',
    );
    const [first] = busyFromIcs(text, YEAR_2026, BLOCKS).busy;
    expect(first!.title).toBe('Swim \ufffd club \ud83d\ude00');
  });

  it('cuts a title at 200 characters and makes a UID when there is none', () => {
    const text = calendar(
      'BEGIN:VEVENT',
      `SUMMARY:${'a'.repeat(500)}`,
      'DTSTART:20260702T090000Z',
      'DURATION:PT1H',
      'END:VEVENT',
    );
    const [first] = busyFromIcs(text, YEAR_2026, BLOCKS).busy;
    expect(Array.from(first!.title)).toHaveLength(200);
    expect(first!.uid).toMatch(/^no-uid-[0-9a-f]{16}$/);
    expect(busyFromIcs(text, YEAR_2026, BLOCKS).busy[0]?.uid).toBe(first!.uid); // the same on every read
  });
});

describe('busyFromIcsObjects', () => {
  const object = (uid: string, start: string) => calendar(...vevent(uid, `DTSTART:${start}`, 'DURATION:PT1H'));

  it('merges the objects sorted, sums counts, and counts an unreadable object', () => {
    const result = busyFromIcsObjects(
      [
        object('late', '20260703T090000Z'),
        'not a calendar',
        object('early', '20260701T090000Z'),
        fixture('outlook.ics'),
      ],
      YEAR_2026,
      BLOCKS,
    );
    expect(result.busy.map((b) => b.uid)).toContain('early');
    expect(result.busy.filter((b) => ['early', 'late'].includes(b.uid)).map((b) => b.uid)).toEqual(['early', 'late']);
    const starts = result.busy.map((b) => b.start.getTime());
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(result.eventCount).toBe(5);
    expect(result.skipped).toEqual({ unreadable: 1, 'free (transparent)': 1 });
  });

  it('throws when every object is unreadable, and answers nothing for no objects', () => {
    expect(() => busyFromIcsObjects(['<html></html>', 'nope'], YEAR_2026, BLOCKS)).toThrow(CalendarFormatError);
    expect(busyFromIcsObjects([], YEAR_2026, BLOCKS)).toEqual({ eventCount: 0, busy: [], skipped: {} });
  });
});

describe('busyFromIcs: a large calendar', () => {
  it('reads 5,000 events, a quarter of them weekly series with no end', () => {
    const window = { from: new Date('2026-06-01T00:00:00Z'), to: new Date('2027-06-01T00:00:00Z') };
    const result = busyFromIcs(bigCalendar(5000, window.from), window, BLOCKS);
    expect(result.eventCount).toBe(5000);
    expect(result.skipped).toEqual({});
    // 3,750 single events, and 1,250 series of 52 or 53 weeks in the year.
    expect(result.busy.length).toBeGreaterThanOrEqual(3750 + 1250 * 52);
    expect(result.busy.length).toBeLessThanOrEqual(3750 + 1250 * 53);
  });
});
