/**
 * docs/product.md §10: availability for an address, and POST /api/bookings and approval deciding by the route
 * (docs/product.md §10). Base is Raglan (config/practice.json); Hamilton is about 45 km by road.
 */
import { describe, expect, it } from 'vitest';
import { approvalBreaksRoute, ROUTE_DOES_NOT_FIT, SLOT_TAKEN } from '../../src/shared/messages';
import type { AvailabilityRangeResponse, AvailabilityResponse } from '../../src/shared/schemas/booking';
import { nzInstant } from '../../src/shared/time';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';

const t = useTestApp({ signedIn: true });

const RAGLAN = '12 Bow Street, Raglan';
const HAMILTON = '100 Victoria Street, Hamilton';
const NOWHERE = '1 Nowhere Lane, Atlantis';

async function slotsFor(date: string, address?: string, duration = 60): Promise<AvailabilityResponse> {
  const query = new URLSearchParams({ duration: String(duration), ...(address === undefined ? {} : { address }) });
  const res = await t.get(`/api/availability/${date}?${query.toString()}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe('GET /api/availability/{date}?address=', () => {
  it('with a 10:00 visit in Raglan: a Hamilton visitor is not offered 11:30, a Raglan visitor is', async () => {
    const date = openDay(0);
    expect((await book(t, bookingRequest({ date, time: '10:00', address: RAGLAN }))).statusCode).toBe(201);

    const anyone = await slotsFor(date);
    expect(anyone.timeSlots).toContain('11:30'); // the minimum gap (15 min) alone allows it
    expect(anyone.timeSlots).not.toContain('11:00');

    const hamilton = await slotsFor(date, HAMILTON);
    expect(hamilton.timeSlots).not.toContain('11:30');
    // Far enough after: 11:00 + ~47 min drive + 15 min setup.
    expect(hamilton.timeSlots).toContain('12:30');
    // And before: she must reach Hamilton from base by the start, then drive back to Raglan by 10:00.
    expect(hamilton.timeSlots).not.toContain('09:00');

    const raglan = await slotsFor(date, RAGLAN);
    expect(raglan.timeSlots).toContain('11:30');
    expect(raglan.timeSlots).not.toContain('09:00'); // 09:00-10:00 leaves no minimum gap before 10:00
    // Next to the Raglan visit: marked nearby; far from it in the day: not.
    expect(raglan.nearbyTimes).toEqual(expect.arrayContaining(['11:30', '12:00']));
    expect(raglan.nearbyTimes).not.toContain('15:00');
    expect(hamilton.nearbyTimes).toEqual([]);
  });

  it('keeps the last visit close enough to drive home by closing time plus the grace', async () => {
    const date = openDay(1);
    // Base is Raglan: from Hamilton a 16:00-17:00 visit gets home ~17:47, within 18:00.
    expect((await slotsFor(date, HAMILTON)).timeSlots.at(-1)).toBe('16:00');
    // Taupo-far places are refused by travel anyway; a 2-hour session still ends by 17:00.
    expect((await slotsFor(date, HAMILTON, 120)).timeSlots.at(-1)).toBe('15:00');
    // She leaves at opening: a Hamilton visit cannot start before about 09:50.
    expect((await slotsFor(date, HAMILTON)).timeSlots[0]).toBe('10:00');
  });

  it('applies the unknown gap (30 min) around a place it cannot locate', async () => {
    const date = openDay(2);
    expect((await book(t, bookingRequest({ date, time: '10:00', address: RAGLAN }))).statusCode).toBe(201);
    const lost = await slotsFor(date, NOWHERE);
    expect(lost.timeSlots).not.toContain('11:15');
    expect(lost.timeSlots).toContain('11:30'); // 11:00 + 30
    expect(lost.timeSlots).toContain('16:00'); // base legs of an unknown place are not checked
    expect(lost.nearbyTimes).toEqual([]);
  });

  it('answers the range with the same rule per day, and treats a blank address as none', async () => {
    const date = openDay(3);
    expect((await book(t, bookingRequest({ date, time: '10:00', address: RAGLAN }))).statusCode).toBe(201);
    const res = await t.get(
      `/api/availability?from=${date}&to=${date}&duration=60&address=${encodeURIComponent(HAMILTON)}`,
    );
    expect(res.statusCode).toBe(200);
    const [day] = res.json<AvailabilityRangeResponse>().days;
    expect(day!.timeSlots).toEqual((await slotsFor(date, HAMILTON)).timeSlots);
    expect(day!.nearbyTimes).toEqual([]);
    expect(await slotsFor(date, '  ')).toEqual(await slotsFor(date));
    expect((await t.get(`/api/availability/${date}?address=${'x'.repeat(301)}`)).statusCode).toBe(400);
  });
});

describe('POST /api/bookings decides by the route', () => {
  it('refuses Hamilton at 11:30 after a 10:00 Raglan visit with a clear message, and accepts Raglan', async () => {
    const date = openDay(4);
    expect((await book(t, bookingRequest({ date, time: '10:00', address: RAGLAN }))).statusCode).toBe(201);
    const far = await book(t, bookingRequest({ date, time: '11:30', address: HAMILTON, email: 'far@example.nz' }));
    expect(far.statusCode).toBe(409);
    expect(far.json()).toEqual({ code: 'ROUTE_DOES_NOT_FIT', message: ROUTE_DOES_NOT_FIT['gap-before'] });
    const taken = await book(t, bookingRequest({ date, time: '10:30', address: RAGLAN, email: 'taken@example.nz' }));
    expect(taken.json()).toEqual({ code: 'SLOT_TAKEN', message: SLOT_TAKEN });
    const near = await book(t, bookingRequest({ date, time: '11:30', address: RAGLAN, email: 'near@example.nz' }));
    expect(near.statusCode).toBe(201);
    // The floor is the minimum gap: the stored occupied range ends 15 minutes after the session.
    const [row] = await t.sql<{ gap: number }>(
      `SELECT extract(epoch FROM buffer_ends_at - ends_at)::int / 60 AS gap FROM bookings WHERE id = $1`,
      [near.json().id],
    );
    expect(row!.gap).toBe(15);
  });

  it('refuses a first visit she cannot reach from base by its start', async () => {
    const res = await book(t, bookingRequest({ date: openDay(5), time: '09:00', address: HAMILTON }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'ROUTE_DOES_NOT_FIT', message: ROUTE_DOES_NOT_FIT['from-base'] });
  });
});

describe('approving a request', () => {
  it('is refused when the day has changed so that its drive no longer fits, and changes nothing', async () => {
    const date = openDay(6);
    const pending = (await book(t, bookingRequest({ date, time: '12:00', address: HAMILTON }))).json();
    // A Raglan visit she arranged by hand, ending 11:00: Hamilton at 12:00 is then 60 min away, ~62 needed.
    const raglan = (
      await book(t, bookingRequest({ date, time: '15:00', address: RAGLAN, email: 'r@example.nz' }))
    ).json();
    const start = nzInstant(date, '10:00').toISOString();
    await t.sql(
      `UPDATE bookings SET time = '10:00', starts_at = $2::timestamptz, ends_at = $2::timestamptz + interval '60 minutes',
         buffer_ends_at = $2::timestamptz + interval '75 minutes', status = 'confirmed' WHERE id = $1`,
      [raglan.id, start],
    );
    const res = await t.admin.patch(`/api/admin/bookings/${pending.id}/status`, { status: 'confirmed' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 'APPROVAL_BREAKS_ROUTE', message: approvalBreaksRoute('gap-before', 60) });
    const [row] = await t.sql<{ status: string }>('SELECT status FROM bookings WHERE id = $1', [pending.id]);
    expect(row!.status).toBe('pending');
  });

  it('confirms a request whose route fits', async () => {
    const date = openDay(7);
    const pending = (await book(t, bookingRequest({ date, time: '12:00', address: HAMILTON }))).json();
    expect(
      (await book(t, bookingRequest({ date, time: '10:00', address: HAMILTON, email: 'h2@example.nz' }))).statusCode,
    ).toBe(201);
    const res = await t.admin.patch(`/api/admin/bookings/${pending.id}/status`, { status: 'confirmed' });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('confirmed');
  });
});
