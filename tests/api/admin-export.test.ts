/**
 * The bookings CSV export (docs/product.md §2 "Export"): the NZ dates of a range, both ends inclusive; confirmed only
 * or all with their status; dollars; the booked service kept after an edit; no cell a spreadsheet
 * would run as a formula; the download headers; clear 400s and the 401 without a session.
 * The api project runs with TZ=UTC, so NZ dates here differ from the process's.
 */
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Booking } from '../../src/shared/schemas/booking';
import { EXPORT_MESSAGES, MAX_EXPORT_DAYS } from '../../src/shared/schemas/export';
import type { Service } from '../../src/shared/schemas/service';
import { addDaysToDate, nzInstant } from '../../src/shared/time';
import { EXPORT_COLUMNS } from '../../src/server/modules/exports/bookings-csv';
import { createBookingsRepository, type NewBookingRow } from '../../src/server/modules/bookings/repository';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { expectInvalid, expectRejected } from '../helpers/expect-rejected';

const t = useTestApp({ signedIn: true });

const URL_BASE = '/api/admin/bookings/export.csv';
const exportUrl = (query: Record<string, string>) => `${URL_BASE}?${new URLSearchParams(query).toString()}`;

type Row = Record<(typeof EXPORT_COLUMNS)[number], string>;

/** The file parsed by a real CSV parser, header row checked, rows keyed by column. */
function parseExport(res: LightMyRequestResponse): Row[] {
  expect(res.statusCode, res.body).toBe(200);
  const [header, ...records] = parse(res.body, { bom: true }) as string[][];
  expect(header).toEqual([...EXPORT_COLUMNS]);
  return records.map((cells) => Object.fromEntries(EXPORT_COLUMNS.map((c, i) => [c, cells[i]!])) as Row);
}

const download = async (query: Record<string, string>) => parseExport(await t.admin.get(exportUrl(query)));

/**
 * A booking written straight to the table: any date (the past included), any status, and text
 * the public form would trim or refuse. Instants follow the NZ date and time as the service writes them.
 */
async function insertBooking(over: Partial<NewBookingRow> & { date: string; time: string }): Promise<number> {
  const startsAt = nzInstant(over.date, over.time);
  const duration = over.duration ?? 60;
  const endsAt = new Date(startsAt.getTime() + duration * 60_000);
  const row = await createBookingsRepository(t.database.db).insert({
    serviceId: 1,
    serviceName: 'Swedish Massage',
    duration,
    price: 8000,
    travelCost: 0,
    address: '12 Bow Street, Raglan',
    firstName: 'Ana',
    lastName: 'Smith',
    email: 'ana@example.nz',
    phone: '021 123 4567',
    cancelToken: randomUUID(),
    status: 'confirmed',
    startsAt,
    endsAt,
    bufferEndsAt: new Date(endsAt.getTime() + t.config.booking.bufferMinutes * 60_000),
    ...over,
  });
  return row.id;
}

const ids = (rows: Row[]) => rows.map((r) => Number(r['Booking ID']));

describe('GET /api/admin/bookings/export.csv', () => {
  beforeEach(async () => {
    await t.sql('DELETE FROM bookings');
  });

  it('answers the bookings of the NZ dates from..to, both inclusive, by date and time', async () => {
    await insertBooking({ date: '2025-06-30', time: '22:00' }); // the day before: out
    // 00:30 on 1 July in Auckland is still 30 June in UTC: the NZ date decides.
    const first = await insertBooking({ date: '2025-07-01', time: '00:30' });
    const late = await insertBooking({ date: '2025-07-15', time: '14:00' });
    const early = await insertBooking({ date: '2025-07-15', time: '09:00' });
    const last = await insertBooking({ date: '2025-07-31', time: '22:00' });
    await insertBooking({ date: '2025-08-01', time: '00:30' }); // the day after: out

    const rows = await download({ from: '2025-07-01', to: '2025-07-31' });
    expect(ids(rows)).toEqual([first, early, late, last]);
    expect(rows[0]).toMatchObject({ Date: '2025-07-01', Time: '00:30', Status: 'Confirmed' });
    expect(rows[3]).toMatchObject({ Date: '2025-07-31', Time: '22:00' });
  });

  it('answers the header row alone for a range without bookings', async () => {
    expect(await download({ from: '2025-01-01', to: '2025-01-31' })).toEqual([]);
  });

  it('exports confirmed bookings by default, and every status with status=all', async () => {
    const confirmed = await insertBooking({ date: '2025-07-02', time: '09:00' });
    const pending = await insertBooking({
      date: '2025-07-02',
      time: '11:00',
      status: 'pending',
      expiresAt: new Date(Date.now() + 3_600_000),
    });
    const cancelled = await insertBooking({ date: '2025-07-03', time: '09:00', status: 'cancelled' });
    const rejected = await insertBooking({ date: '2025-07-04', time: '09:00', status: 'rejected' });
    const expired = await insertBooking({
      date: '2025-07-05',
      time: '09:00',
      status: 'rejected',
      expiredAt: new Date('2025-06-20T00:00:00Z'),
    });

    const range = { from: '2025-07-01', to: '2025-07-31' };
    expect(ids(await download(range))).toEqual([confirmed]);
    expect(ids(await download({ ...range, status: 'confirmed' }))).toEqual([confirmed]);

    const all = await download({ ...range, status: 'all' });
    expect(all.map((r) => [Number(r['Booking ID']), r.Status])).toEqual([
      [confirmed, 'Confirmed'],
      [pending, 'Pending'],
      [cancelled, 'Cancelled'],
      [rejected, 'Rejected'],
      [expired, 'Expired'],
    ]);
    expect(all[1]!['Status changed (NZ)']).toBe('');
    // 00:00 UTC on 20 June is noon in Auckland (NZST).
    expect(all[4]!['Status changed (NZ)']).toBe('2025-06-20 12:00');
  });

  it('writes money in dollars with two decimals, the total with the travel fee, and NZ times', async () => {
    const id = await insertBooking({
      date: '2025-07-10',
      time: '13:30',
      duration: 90,
      price: 13500,
      travelCost: 1250,
      distanceKm: 41.26,
      serviceName: 'Deep Tissue Massage',
      firstName: 'Mere',
      lastName: 'Tūhoe',
      email: 'mere@example.nz',
      phone: '027 555 0101',
      address: '3 Wainui Road, Whāingaroa, Raglan 3225',
      createdAt: new Date('2025-07-01T02:05:00Z'),
    });
    const [row] = await download({ from: '2025-07-10', to: '2025-07-10' });
    expect(row).toEqual({
      Date: '2025-07-10',
      Time: '13:30',
      Status: 'Confirmed',
      Service: 'Deep Tissue Massage',
      'Duration (min)': '90',
      'Price (NZD)': '135.00',
      'Travel fee (NZD)': '12.50',
      'Total (NZD)': '147.50',
      'Distance (km)': '41.3',
      Client: 'Mere Tūhoe',
      Email: 'mere@example.nz',
      Phone: '027 555 0101',
      Address: '3 Wainui Road, Whāingaroa, Raglan 3225',
      'Booking ID': String(id),
      // 02:05 UTC on 1 July is 14:05 in Auckland (NZST).
      'Requested (NZ)': '2025-07-01 14:05',
      'Status changed (NZ)': row!['Status changed (NZ)'],
    } satisfies Row);
  });

  it('keeps the booked service name and price after the service is edited', async () => {
    const created = await t.admin.post('/api/services', {
      name: 'Hot Stone Massage',
      description: 'Warm stones for tired shoulders.',
      duration: 90,
      price: 13500,
      durationOptions: [{ duration: 90, price: 13500 }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const service = created.json<Service>();
    const date = openDay(5);
    const res = await book(
      t,
      bookingRequest({ serviceLengthId: service.id, duration: 90, price: 13500, date, time: '11:00' }),
    );
    expect(res.statusCode, res.body).toBe(201);
    const booking = res.json<Booking>();
    expect((await t.admin.patch(`/api/bookings/${booking.id}/status`, { status: 'confirmed' })).statusCode).toBe(200);

    const edited = await t.admin.put(`/api/services/${service.id}`, {
      id: service.id,
      name: 'Hot Stone Massage (new)',
      description: 'New words.',
      duration: 90,
      price: 16000,
      durationOptions: [{ duration: 90, price: 16000 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const [row] = await download({ from: date, to: date });
    expect(row).toMatchObject({
      'Booking ID': String(booking.id),
      Service: 'Hot Stone Massage',
      'Price (NZD)': '135.00',
      'Duration (min)': '90',
    });
    expect(Number(row!['Total (NZD)'])).toBeCloseTo((booking.price + booking.travelCost) / 100, 2);
  });

  it('leaves no cell a spreadsheet would run as a formula', async () => {
    const date = openDay(6);
    await insertBooking({
      date,
      time: '08:00',
      firstName: '=HYPERLINK("http://evil.example","Click")',
      lastName: '+SUM(1,2)',
      email: '-2+3@example.nz',
      phone: '+64 21 555 0123',
      address: '@SUM(A1:A9), Raglan',
      serviceName: '\t=cmd|" /C calc"!A0',
    });
    // Through the public form too: it keeps a name that starts with '='.
    const res = await book(
      t,
      bookingRequest({ date, time: '10:00', firstName: '=cmd|" /C calc"!A0', address: '=1+1 Bow Street, Raglan' }),
    );
    expect(res.statusCode, res.body).toBe(201);

    const rows = await download({ from: date, to: date, status: 'all' });
    expect(rows).toHaveLength(2);
    for (const cell of rows.flatMap((r) => Object.values(r))) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
    expect(rows[0]).toMatchObject({
      Client: `'=HYPERLINK("http://evil.example","Click") +SUM(1,2)`,
      Email: "'-2+3@example.nz",
      Phone: "'+64 21 555 0123",
      Address: "'@SUM(A1:A9), Raglan",
      Service: `'\t=cmd|" /C calc"!A0`,
    });
    expect(rows[1]).toMatchObject({ Client: `'=cmd|" /C calc"!A0 Smith`, Address: "'=1+1 Bow Street, Raglan" });
  });

  it('is a UTF-8 CSV download with a BOM, CRLF line ends and no caching', async () => {
    await insertBooking({ date: '2025-07-01', time: '09:00', address: '1 Main Road, Whāingaroa' });
    const res = await t.admin.get(exportUrl({ from: '2025-07-01', to: '2025-07-31' }));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="bookings-2025-07-01-to-2025-07-31.csv"');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    expect(res.body.endsWith('\r\n')).toBe(true);
    expect(res.body.replaceAll('\r\n', '')).not.toMatch(/[\r\n]/);
    expect(res.body).toContain('"1 Main Road, Whāingaroa"');
  });

  it('takes a whole leap financial year (366 days)', async () => {
    const res = await t.admin.get(exportUrl({ from: '2023-04-01', to: '2024-03-31' }));
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('refused exports', () => {
  type Errors = [{ path: string; message: string }, ...{ path: string; message: string }[]];
  const field = (path: string, message: string): Errors => [{ path, message }];

  it.each([
    [
      'no dates',
      {},
      [...field('from', EXPORT_MESSAGES.fromRequired), ...field('to', EXPORT_MESSAGES.toRequired)] as Errors,
    ],
    ['no end date', { from: '2025-07-01' }, field('to', EXPORT_MESSAGES.toRequired)],
    ['an empty start date', { from: '', to: '2025-07-01' }, field('from', EXPORT_MESSAGES.fromRequired)],
    ['an impossible date', { from: '2025-02-30', to: '2025-03-31' }, field('from', EXPORT_MESSAGES.fromInvalid)],
    ['another date format', { from: '2025-07-01', to: '31/07/2025' }, field('to', EXPORT_MESSAGES.toInvalid)],
    ['the end before the start', { from: '2025-07-31', to: '2025-07-01' }, field('to', EXPORT_MESSAGES.toBeforeFrom)],
    [
      'more than a year',
      { from: '2025-01-01', to: addDaysToDate('2025-01-01', MAX_EXPORT_DAYS) },
      field('to', EXPORT_MESSAGES.tooLong),
    ],
    [
      'an unknown status',
      { from: '2025-07-01', to: '2025-07-31', status: 'paid' },
      field('status', EXPORT_MESSAGES.status),
    ],
  ])('answers 400 for %s', async (_name, query, errors) => {
    expectInvalid(await t.admin.get(exportUrl(query)), errors);
  });

  it('answers 400 for a repeated parameter, never a 500', async () => {
    const res = await t.admin.get(`${URL_BASE}?from=2025-07-01&from=2025-07-02&to=2025-07-31`);
    expect(res.statusCode).toBe(400);
  });

  it('answers 401 without a session', async () => {
    expectRejected(await t.get(exportUrl({ from: '2025-07-01', to: '2025-07-31' })), 401, 'Authentication required');
  });
});
