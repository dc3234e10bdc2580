import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { bookingsCsv, centsToDollars, EXPORT_COLUMNS, exportStatus, type ExportBooking } from './bookings-csv';
import { csvField, neutraliseFormula, toCsv, UTF8_BOM } from '../../http/csv';

const parseCsv = (text: string) => parse(text, { bom: true }) as string[][];

const booking = (over: Partial<ExportBooking> = {}): ExportBooking => ({
  id: 7,
  date: '2025-03-05',
  time: '14:30',
  status: 'confirmed',
  serviceName: 'Swedish Massage',
  duration: 60,
  price: 8000,
  travelCost: 1050,
  distanceKm: 32.46,
  firstName: 'Aroha',
  lastName: 'Ngata',
  email: 'aroha@example.nz',
  phone: '021 555 0123',
  address: '12 Wainui Road, Whāingaroa',
  // 01:00 UTC on 1 March is 14:00 in Auckland (NZDT).
  createdAt: new Date('2025-03-01T01:00:00Z'),
  statusChangedAt: new Date('2025-03-01T19:15:00Z'),
  expiresAt: null,
  expiredAt: null,
  ...over,
});
const NOW = new Date('2025-03-02T00:00:00Z');

describe('CSV writing (RFC 4180)', () => {
  it('starts with a UTF-8 BOM and ends every record with CRLF', () => {
    const text = toCsv([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(text.startsWith(UTF8_BOM)).toBe(true);
    expect(text.slice(1)).toBe('a,b\r\nc,d\r\n');
    expect(Buffer.from(text, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });

  it('quotes a field with a comma, quote, CR or LF and doubles its quotes', () => {
    expect(csvField('plain text')).toBe('plain text');
    expect(csvField('12 Bow St, Raglan')).toBe('"12 Bow St, Raglan"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('line\nbreak')).toBe('"line\nbreak"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
  });

  it('round-trips through a real parser, macrons included', () => {
    const cells = ['12 Bow St, Raglan', 'say "hi"', 'two\r\nlines', 'Whāingaroa', ''];
    expect(parseCsv(toCsv([cells]))).toEqual([cells]);
  });
});

describe('formula injection', () => {
  it.each(['=1+1', '+64 21 555 0123', '-2+3', '@SUM(A1)', '\t=cmd', '\r=cmd'])(
    'neutralises %j with a leading apostrophe',
    (value) => {
      expect(neutraliseFormula(value)).toBe(`'${value}`);
      const [[cell]] = parseCsv(toCsv([[value]])) as [[string]];
      expect(cell).toBe(`'${value}`);
    },
  );

  it('leaves ordinary text and numbers alone', () => {
    for (const value of ['Ana', '80.00', '-20.00', '-7', '2025-03-05', 'a=b', '', "'quoted"])
      expect(neutraliseFormula(value)).toBe(value);
  });
});

describe('bookingsCsv', () => {
  it('writes the header row, then one row per booking in NZ time and dollars', () => {
    const rows = parseCsv(bookingsCsv([booking()], NOW));
    expect(rows[0]).toEqual([...EXPORT_COLUMNS]);
    expect(rows[1]).toEqual([
      '2025-03-05',
      '14:30',
      'Confirmed',
      'Swedish Massage',
      '60',
      '80.00',
      '10.50',
      '90.50',
      '32.5',
      'Aroha Ngata',
      'aroha@example.nz',
      '021 555 0123',
      '12 Wainui Road, Whāingaroa',
      '7',
      '2025-03-01 14:00',
      '2025-03-02 08:15',
    ]);
  });

  it('neutralises a client who types a formula, and a phone starting with +', () => {
    const rows = parseCsv(
      bookingsCsv(
        [booking({ firstName: '=HYPERLINK("x")', lastName: '-1', phone: '+64 21 555 0123', address: '@home' })],
        NOW,
      ),
    );
    const row = rows[1]!;
    expect(row[EXPORT_COLUMNS.indexOf('Client')]).toBe(`'=HYPERLINK("x") -1`);
    expect(row[EXPORT_COLUMNS.indexOf('Phone')]).toBe("'+64 21 555 0123");
    expect(row[EXPORT_COLUMNS.indexOf('Address')]).toBe("'@home");
  });

  it('leaves the distance blank when it is unknown', () => {
    const row = parseCsv(bookingsCsv([booking({ distanceKm: null, travelCost: 0 })], NOW))[1]!;
    expect(row[EXPORT_COLUMNS.indexOf('Distance (km)')]).toBe('');
    expect(row[EXPORT_COLUMNS.indexOf('Travel fee (NZD)')]).toBe('0.00');
    expect(row[EXPORT_COLUMNS.indexOf('Total (NZD)')]).toBe('80.00');
  });

  it('names expired requests and leaves a waiting request undecided', () => {
    const pending = booking({ status: 'pending', expiresAt: new Date('2025-03-03T01:00:00Z') });
    const row = parseCsv(bookingsCsv([pending], NOW))[1]!;
    expect(row[2]).toBe('Pending');
    expect(row[EXPORT_COLUMNS.indexOf('Status changed (NZ)')]).toBe('');
    expect(exportStatus(pending, new Date('2025-03-03T01:00:00Z'))).toBe('Expired');
    expect(exportStatus(booking({ status: 'rejected', expiredAt: NOW }), NOW)).toBe('Expired');
    expect(exportStatus(booking({ status: 'rejected' }), NOW)).toBe('Rejected');
    expect(exportStatus(booking({ status: 'cancelled' }), NOW)).toBe('Cancelled');
  });
});

describe('centsToDollars', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [8000, '80.00'],
    [12345, '123.45'],
    [1_000_000, '10000.00'],
  ])('%i cents is %s', (cents, dollars) => {
    expect(centsToDollars(cents)).toBe(dollars);
  });
});
