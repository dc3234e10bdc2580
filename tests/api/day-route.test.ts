/** Issue 13: GET /api/admin/bookings/day-route, her drive for one NZ day. */
import { describe, expect, it } from 'vitest';
import type { DayRoute } from '../../src/shared/schemas/day-route';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { expectRejected } from '../helpers/expect-rejected';

const t = useTestApp({ signedIn: true });

const route = async (date: string) => {
  const res = await t.admin.get(`/api/admin/bookings/day-route?date=${date}`);
  expect(res.statusCode).toBe(200);
  return res.json<DayRoute>();
};

describe('GET /api/admin/bookings/day-route', () => {
  it('shows the drive between a Raglan and a Hamilton visit, and that 30 minutes is too short', async () => {
    const date = openDay(0);
    const raglan = (await book(t, bookingRequest({ date, time: '10:00', address: '12 Bow Street, Raglan' }))).json();
    const hamilton = (await book(t, bookingRequest({ date, time: '11:30', address: '100 Victoria Street, Hamilton', email: 'h@example.nz' }))).json();

    const r = await route(date);
    expect(r.bookingIds).toEqual([raglan.id, hamilton.id]);
    expect(r.legs.map((l) => l.kind)).toEqual(['from-base', 'between', 'to-base']);
    const between = r.legs[1]!;
    expect(between).toMatchObject({ fromBookingId: raglan.id, toBookingId: hamilton.id, gapMinutes: 30, feasible: false, unknown: false });
    // About 45 km by road, so three-quarters of an hour or more, plus setting up.
    expect(between.km).toBeGreaterThan(35);
    expect(between.km).toBeLessThan(60);
    expect(between.requiredMinutes).toBe(between.driveMinutes! + 15);
    expect(r.legs[0]).toMatchObject({ fromBookingId: null, toBookingId: raglan.id, feasible: true });
    expect(r.legs[2]).toMatchObject({ fromBookingId: hamilton.id, toBookingId: null, feasible: true });
    const sum = r.legs.reduce((km, l) => km + (l.km ?? 0), 0);
    expect(r.totalKm).toBeCloseTo(sum, 0);
  });

  it('leaves out cancelled visits, and flags a visit whose address could not be located', async () => {
    const date = openDay(1);
    const gone = (await book(t, bookingRequest({ date, time: '09:00' }))).json();
    await t.admin.patch(`/api/bookings/${gone.id}/status`, { status: 'cancelled' });
    const lost = (await book(t, bookingRequest({ date, time: '13:00', address: '1 Nowhere Lane, Atlantis', email: 'l@example.nz' }))).json();

    const r = await route(date);
    expect(r.bookingIds).toEqual([lost.id]);
    expect(r.legs.every((l) => l.unknown && l.km === null)).toBe(true);
    expect(r.totalKm).toBe(0);
  });

  it('answers an empty day, and 400 for a date that is not one', async () => {
    expect(await route(openDay(2))).toEqual({ date: openDay(2), bookingIds: [], legs: [], totalKm: 0 });
    expectRejected(await t.admin.get('/api/admin/bookings/day-route?date=2026-02-30'), 400);
    expectRejected(await t.admin.get('/api/admin/bookings/day-route'), 400);
  });
});
