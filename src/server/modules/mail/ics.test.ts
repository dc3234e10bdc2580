import { describe, expect, it } from 'vitest';
import { testBooking, testContext } from '../../../../tests/helpers/booking-fixture';
import { bookingIcs, escapeIcsText, foldIcsLine, hostOf, icsUtc } from './ics';


const NOW = new Date('2025-03-01T02:03:04.567Z');

/** Undoes RFC 5545 folding and splits into content lines. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');
const prop = (ics: string, name: string) => unfold(ics).find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));

describe('bookingIcs', () => {
  it('is a VCALENDAR with one VEVENT, CRLF line endings and a final CRLF', () => {
    const ics = bookingIcs(testBooking(), testContext, NOW);
    expect(ics.startsWith('BEGIN:VCALENDAR\r\nVERSION:2.0\r\n')).toBe(true);
    expect(ics.endsWith('END:VEVENT\r\nEND:VCALENDAR\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(unfold(ics).filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
    expect(prop(ics, 'METHOD')).toBe('METHOD:PUBLISH');
    expect(prop(ics, 'PRODID')).toMatch(/^PRODID:.+/);
  });

  it('has UID booking-<id>@<host of PUBLIC_URL>, DTSTAMP now, SUMMARY and LOCATION', () => {
    const ics = bookingIcs(testBooking(), testContext, NOW);
    expect(prop(ics, 'UID')).toBe('UID:booking-42@book.example.nz');
    expect(prop(ics, 'DTSTAMP')).toBe('DTSTAMP:20250301T020304Z');
    expect(prop(ics, 'SUMMARY')).toBe('SUMMARY:Swedish Massage with Whāingaroa Mobile Massage');
    expect(prop(ics, 'LOCATION')).toBe('LOCATION:12 Wainui Road\\, Raglan 3225');
    expect(prop(ics, 'DESCRIPTION')).toContain('$90.00');
    expect(prop(ics, 'DESCRIPTION')).toContain('https://book.example.nz/booking/cancel/tok_abcDEF123-_xyz');
    expect(prop(ics, 'STATUS')).toBe('STATUS:TENTATIVE');
    expect(prop(bookingIcs(testBooking({ status: 'confirmed' }), testContext, NOW), 'STATUS')).toBe('STATUS:CONFIRMED');
    expect(prop(bookingIcs(testBooking({ status: 'cancelled' }), testContext, NOW), 'STATUS')).toBe('STATUS:CANCELLED');
  });

  // Auckland is UTC+13 in summer (NZDT) and UTC+12 in winter (NZST), whatever TZ this process runs in.
  it.each([
    ['summer (NZDT)', '2025-03-05', '14:30', 60, '20250305T013000Z', '20250305T023000Z'],
    ['winter (NZST)', '2025-07-10', '10:00', 90, '20250709T220000Z', '20250709T233000Z'],
    ['crossing midnight UTC', '2025-07-10', '11:30', 60, '20250709T233000Z', '20250710T003000Z'],
    // First Sunday of April: 03:00 NZDT becomes 02:00 NZST. 01:30 + 120 min ends at 02:30 NZST.
    ['DST ends (2025-04-06), session across the change', '2025-04-06', '01:30', 120, '20250405T123000Z', '20250405T143000Z'],
    ['DST ends, later that day', '2025-04-06', '10:00', 60, '20250405T220000Z', '20250405T230000Z'],
    // Last Sunday of September: 02:00 NZST becomes 03:00 NZDT.
    ['DST starts (2025-09-28), morning', '2025-09-28', '09:00', 60, '20250927T200000Z', '20250927T210000Z'],
    ['day before DST starts', '2025-09-27', '09:00', 60, '20250926T210000Z', '20250926T220000Z'],
  ])('DTSTART/DTEND in UTC: %s', (_label, date, time, duration, start, end) => {
    const ics = bookingIcs(testBooking({ date, time, duration }), testContext, NOW);
    expect(prop(ics, 'DTSTART')).toBe(`DTSTART:${start}`);
    expect(prop(ics, 'DTEND')).toBe(`DTEND:${end}`);
  });

  it('escapes user text (commas, semicolons, backslashes, newlines) and folds long lines at 75 octets', () => {
    const address = 'Flat 2; 10 Main St, Raglan\\Back door\nRing the bell ' + 'ā'.repeat(60);
    const ics = bookingIcs(testBooking({ address, serviceName: 'Deep, Tissue; Massage' }), testContext, NOW);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    expect(prop(ics, 'LOCATION')).toBe(`LOCATION:Flat 2\\; 10 Main St\\, Raglan\\\\Back door\\nRing the bell ${'ā'.repeat(60)}`);
    expect(prop(ics, 'SUMMARY')).toBe('SUMMARY:Deep\\, Tissue\\; Massage with Whāingaroa Mobile Massage');
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
