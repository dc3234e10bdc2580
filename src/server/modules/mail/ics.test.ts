import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { testBooking, testContext } from './booking.fixture';
import { bookingIcs, escapeIcsText, foldIcsLine, hostOf, icsUtc } from './ics';

const NOW = new Date('2025-03-01T02:03:04.567Z');

/** The file read by ical.js: the calendar, its one event, and the event's properties. */
function read(ics: string) {
  const calendar = new ICAL.Component(ICAL.parse(ics) as unknown[]);
  const vevent = calendar.getFirstSubcomponent('vevent')!;
  return { calendar, vevent, event: new ICAL.Event(vevent) };
}
/** A DATE-TIME value as ical.js reads it: '2025-03-05T01:30:00Z' when written in UTC. */
const timeOf = (vevent: ICAL.Component, name: string) => (vevent.getFirstPropertyValue(name) as ICAL.Time).toString();

describe('bookingIcs', () => {
  it('is one VCALENDAR with one VEVENT, CRLF line endings and a final CRLF', () => {
    const ics = bookingIcs(testBooking(), testContext, NOW);
    const jcal: unknown = ICAL.parse(ics);
    expect((jcal as unknown[])[0]).toBe('vcalendar'); // one component, not a list of them
    const { calendar } = read(ics);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('prodid')).toBeTruthy();
    expect(calendar.getAllSubcomponents().map((c) => c.name)).toEqual(['vevent']);
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('has UID booking-<id>@<host of PUBLIC_URL>, DTSTAMP now, SUMMARY and LOCATION', () => {
    const { vevent, event } = read(bookingIcs(testBooking(), testContext, NOW));
    expect(event.uid).toBe('booking-42@book.example.nz');
    expect(timeOf(vevent, 'dtstamp')).toBe('2025-03-01T02:03:04Z');
    expect(event.summary).toBe('Swedish Massage with Whāingaroa Mobile Massage');
    expect(event.location).toBe('12 Wainui Road, Raglan 3225');
    expect(event.description).toContain('$90.00');
    expect(event.description).toContain('https://book.example.nz/booking/cancel/tok_abcDEF123-_xyz');
    expect(vevent.getFirstPropertyValue('url')).toBe('https://book.example.nz/booking/confirm/tok_abcDEF123-_xyz');
    const organizer = vevent.getFirstProperty('organizer')!;
    expect(organizer.getFirstValue()).toBe('mailto:hello@whaingaroa-massage.example.nz');
    expect(organizer.getParameter('cn')).toBe('Whāingaroa Mobile Massage');
    const status = (over: Parameters<typeof testBooking>[0]) =>
      read(bookingIcs(testBooking(over), testContext, NOW)).vevent.getFirstPropertyValue('status');
    expect(status({})).toBe('TENTATIVE');
    expect(status({ status: 'confirmed' })).toBe('CONFIRMED');
    expect(status({ status: 'cancelled' })).toBe('CANCELLED');
  });

  // Auckland is UTC+13 in summer (NZDT) and UTC+12 in winter (NZST), whatever TZ this process runs in.
  it.each([
    ['summer (NZDT)', '2025-03-05', '14:30', 60, '2025-03-05T01:30:00Z', '2025-03-05T02:30:00Z'],
    ['winter (NZST)', '2025-07-10', '10:00', 90, '2025-07-09T22:00:00Z', '2025-07-09T23:30:00Z'],
    ['crossing midnight UTC', '2025-07-10', '11:30', 60, '2025-07-09T23:30:00Z', '2025-07-10T00:30:00Z'],
    // First Sunday of April: 03:00 NZDT becomes 02:00 NZST. 01:30 + 120 min ends at 02:30 NZST.
    [
      'DST ends (2025-04-06), session across the change',
      '2025-04-06',
      '01:30',
      120,
      '2025-04-05T12:30:00Z',
      '2025-04-05T14:30:00Z',
    ],
    ['DST ends, later that day', '2025-04-06', '10:00', 60, '2025-04-05T22:00:00Z', '2025-04-05T23:00:00Z'],
    // Last Sunday of September: 02:00 NZST becomes 03:00 NZDT.
    ['DST starts (2025-09-28), morning', '2025-09-28', '09:00', 60, '2025-09-27T20:00:00Z', '2025-09-27T21:00:00Z'],
    ['day before DST starts', '2025-09-27', '09:00', 60, '2025-09-26T21:00:00Z', '2025-09-26T22:00:00Z'],
  ])('DTSTART/DTEND in UTC: %s', (_label, date, time, duration, start, end) => {
    const { vevent, event } = read(bookingIcs(testBooking({ date, time, duration }), testContext, NOW));
    expect(timeOf(vevent, 'dtstart')).toBe(start);
    expect(timeOf(vevent, 'dtend')).toBe(end);
    expect(event.startDate.zone?.tzid).toBe('UTC');
    expect(event.startDate.toJSDate().toISOString()).toBe(start.replace('Z', '.000Z'));
  });

  it('escapes user text (commas, semicolons, backslashes, newlines) and folds long lines at 75 octets', () => {
    const address = 'Flat 2; 10 Main St, Raglan\\Back door\nRing the bell ' + 'ā'.repeat(60);
    const ics = bookingIcs(testBooking({ address, serviceName: 'Deep, Tissue; Massage' }), testContext, NOW);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    // A calendar reads back exactly what was written.
    const { event } = read(ics);
    expect(event.location).toBe(address);
    expect(event.summary).toBe('Deep, Tissue; Massage with Whāingaroa Mobile Massage');
    // Folding never splits a multi-byte character.
    expect(ics).not.toContain('\uFFFD');
    expect(Buffer.from(ics, 'utf8').toString('utf8')).toBe(ics);
  });
});

describe('helpers', () => {
  it('escapeIcsText', () => {
    expect(escapeIcsText('a\\b;c,d\r\ne\nf')).toBe('a\\\\b\\;c\\,d\\ne\\nf');
  });

  it('foldIcsLine: 75 octets first, then a space and 74 more; ASCII and multi-byte', () => {
    const line = 'X'.repeat(200);
    const folded = foldIcsLine(line).split('\r\n');
    expect(folded.map((l) => l.length)).toEqual([75, 75, 52]);
    expect(folded.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(foldIcsLine(line).replace(/\r\n /g, '')).toBe(line);
    const wide = 'DESCRIPTION:' + '€'.repeat(40); // 3 bytes each
    const parts = foldIcsLine(wide).split('\r\n');
    for (const part of parts) expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    expect(foldIcsLine(wide).replace(/\r\n /g, '')).toBe(wide);
    expect(foldIcsLine('SHORT:line')).toBe('SHORT:line');
  });

  it('icsUtc and hostOf', () => {
    expect(icsUtc(new Date('2025-03-05T01:30:00.000Z'))).toBe('20250305T013000Z');
    expect(hostOf('http://localhost:3000')).toBe('localhost');
    expect(hostOf('https://Book.Example.nz/')).toBe('book.example.nz');
  });
});
