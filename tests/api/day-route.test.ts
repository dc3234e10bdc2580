/** docs/product.md §10: GET /api/admin/bookings/day-route, her drive for one NZ day. */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { DayRoute } from '../../src/shared/schemas/day-route';
import { nzInstant } from '../../src/shared/time';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { expectRejected } from '../helpers/expect-rejected';

const t = useTestApp({ signedIn: true });

/** Moves a visit in the database, as a change made outside the rule would (no API does this). */
async function moveByHand(id: number, date: string, time: string): Promise<void> {
  await t.sql(
    `UPDATE bookings SET time = $2, starts_at = ($3)::timestamptz, ends_at = ($3)::timestamptz + duration * interval '1 minute',
       buffer_ends_at = ($3)::timestamptz + (duration + 15) * interval '1 minute' WHERE id = $1`,
    [id, time, nzInstant(date, time).toISOString()],
  );
}

const route = async (date: string) => {
  const res = await t.admin.get(`/api/admin/bookings/day-route?date=${date}`);
  expect(res.statusCode).toBe(200);
  return res.json<DayRoute>();
};

describe('GET /api/admin/bookings/day-route', () => {
  it('shows the drive between a Raglan and a Hamilton visit, and that 30 minutes is too short', async () => {
    const date = openDay(0);
    const raglan = (await book(t, bookingRequest({ date, time: '10:00', address: '12 Bow Street, Raglan' }))).json();
    // The rule refuses 11:30 from Hamilton now; a visit she moved by hand (or booked before the rule) can be there.
    const hamilton = (
      await book(
        t,
        bookingRequest({ date, time: '13:00', address: '100 Victoria Street, Hamilton', email: 'h@example.nz' }),
      )
    ).json();
    await moveByHand(hamilton.id, date, '11:30');

    const r = await route(date);
    expect(r.bookingIds).toEqual([raglan.id, hamilton.id]);
    expect(r.legs.map((l) => l.kind)).toEqual(['from-base', 'between', 'to-base']);
    const between = r.legs[1]!;
    expect(between).toMatchObject({
      fromBookingId: raglan.id,
      toBookingId: hamilton.id,
      gapMinutes: 30,
      feasible: false,
      unknown: false,
    });
    // About 45 km by road, so three-quarters of an hour or more, plus setting up.
    expect(between.km).toBeGreaterThan(35);
    expect(between.km).toBeLessThan(60);
    expect(between.requiredMinutes).toBe(between.driveMinutes! + 15);
    // No Google key: the straight-line estimate, which her day view marks (docs/product.md §19).
    expect(r.legs.every((l) => l.estimate === true)).toBe(true);
    expect(r.legs[0]).toMatchObject({ fromBookingId: null, toBookingId: raglan.id, feasible: true });
    expect(r.legs[2]).toMatchObject({ fromBookingId: hamilton.id, toBookingId: null, feasible: true });
    const sum = r.legs.reduce((km, l) => km + (l.km ?? 0), 0);
    expect(r.totalKm).toBeCloseTo(sum, 0);
  });

  it('leaves out cancelled visits, and flags a visit whose address could not be located', async () => {
    const date = openDay(1);
    const gone = (await book(t, bookingRequest({ date, time: '09:00' }))).json();
    await t.admin.patch(`/api/bookings/${gone.id}/status`, { status: 'cancelled' });
    const lost = (
      await book(t, bookingRequest({ date, time: '13:00', address: '1 Nowhere Lane, Atlantis', email: 'l@example.nz' }))
    ).json();

    const r = await route(date);
    expect(r.bookingIds).toEqual([lost.id]);
    expect(r.legs.every((l) => l.unknown && l.km === null)).toBe(true);
    expect(r.totalKm).toBe(0);
  });

  it('answers an empty day, and 400 for a date that is not one', async () => {
    expect(await route(openDay(2))).toEqual({ date: openDay(2), bookingIds: [], visits: [], legs: [], totalKm: 0 });
    expectRejected(await t.admin.get('/api/admin/bookings/day-route?date=2026-02-30'), 400);
    expectRejected(await t.admin.get('/api/admin/bookings/day-route'), 400);
  });
});

describe('GET /api/admin/mileage.csv', () => {
  it('logs each leg of her confirmed visits: date, from, to, km, purpose', async () => {
    const date = openDay(3);
    const a = (await book(t, bookingRequest({ date, time: '10:00', address: '12 Bow Street, Raglan' }))).json();
    const b = (
      await book(
        t,
        bookingRequest({ date, time: '12:30', address: '100 Victoria Street, Hamilton', email: 'm@example.nz' }),
      )
    ).json();
    await book(t, bookingRequest({ date: openDay(4), time: '10:00', email: 'p@example.nz' })); // pending: not driven
    for (const id of [a.id, b.id])
      expect((await t.admin.patch(`/api/bookings/${id}/status`, { status: 'confirmed' })).statusCode).toBe(200);

    const res = await t.admin.get(`/api/admin/mileage.csv?from=${date}&to=${openDay(4)}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="mileage-${date}-to-${openDay(4)}.csv"`);
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows[0]).toEqual(['Date', 'From', 'To', 'Km', 'Purpose']);
    expect(rows.slice(1).map(([d, from, to, , purpose]) => [d, from, to, purpose])).toEqual([
      [date, 'Base', '12 Bow Street, Raglan', 'Home visit: Swedish Massage'],
      [date, '12 Bow Street, Raglan', '100 Victoria Street, Hamilton', 'Home visit: Swedish Massage'],
      [date, '100 Victoria Street, Hamilton', 'Base', 'Return to base'],
    ]);
    const km = rows.slice(1).map((r) => Number(r[3]));
    expect(km[1]).toBeGreaterThan(35);
    expect(km[2]).toBeCloseTo(km[1]!, 0);
  });

  // Moved from e2e admin-export (issue 42): the file's cells, where the e2e keeps the download journey.
  it('writes an address a spreadsheet would run as a formula as text', async () => {
    const date = openDay(5);
    const a = (await book(t, bookingRequest({ date, time: '10:00', address: '-1 Bow Street, Raglan' }))).json();
    expect((await t.admin.patch(`/api/bookings/${a.id}/status`, { status: 'confirmed' })).statusCode).toBe(200);
    const res = await t.admin.get(`/api/admin/mileage.csv?from=${date}&to=${date}`);
    expect(res.statusCode).toBe(200);
    const rows = parse(res.body, { bom: true }) as string[][];
    expect(rows.slice(1).map(([, from, to]) => [from, to])).toEqual([
      ['Base', "'-1 Bow Street, Raglan"],
      ["'-1 Bow Street, Raglan", 'Base'],
    ]);
    expect(rows.flat().some((cell) => /^[=+\-@]/.test(cell))).toBe(false);
  });

  it('answers 400 for a range the export would refuse', async () => {
    expectRejected(await t.admin.get(`/api/admin/mileage.csv?from=${openDay(2)}&to=${openDay(1)}`), 400);
  });
});
