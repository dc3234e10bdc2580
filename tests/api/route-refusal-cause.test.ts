/**
 * docs/product.md §19: every route refusal names its real cause (docs/product.md §10). An empty day's 9:00 from a far
 * town was refused with 'her other home visits that day leave too little time': there were none; the drive from base
 * after opening was the reason. Base is Raglan (config/practice.json), Hamilton about 47 min away by the offline
 * estimate; the day-end grace is 30 min here, so a 16:00-17:00 Hamilton visit cannot get her home by 17:30.
 */
import { describe, expect, it } from 'vitest';
import { approvalBreaksRoute, ROUTE_DOES_NOT_FIT } from '../../src/shared/messages';
import type { AvailabilityRangeResponse, AvailabilityResponse, RouteMisfit } from '../../src/shared/schemas/booking';
import { nzInstant } from '../../src/shared/time';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { expectRejected, expectUnchanged } from '../helpers/expect-rejected';

const GRACE = 30;
const t = useTestApp({ signedIn: true, env: { DAY_END_GRACE_MINUTES: String(GRACE) } });

const RAGLAN = '12 Bow Street, Raglan';
const HAMILTON = '100 Victoria Street, Hamilton';

async function dayFor(date: string, address: string): Promise<AvailabilityResponse> {
  const res = await t.get(`/api/availability/${date}?duration=60&address=${encodeURIComponent(address)}`);
  expect(res.statusCode).toBe(200);
  return res.json();
}

const bookings = () => t.sql('SELECT id, status, starts_at FROM bookings ORDER BY id');

/** A Hamilton request for `time` is refused with the words of `cause`, and nothing is stored. */
async function refusedFor(date: string, time: string, cause: RouteMisfit, email: string): Promise<void> {
  const day = await dayFor(date, HAMILTON);
  expect(day.timeSlots).not.toContain(time);
  expect(day.routeMisfits?.[time]).toBe(cause);
  await expectUnchanged(bookings, async () =>
    expectRejected(await book(t, bookingRequest({ date, time, address: HAMILTON, email })), 409, {
      code: 'ROUTE_DOES_NOT_FIT',
      message: ROUTE_DOES_NOT_FIT[cause],
    }),
  );
}

describe('a request the drive refuses says which drive', () => {
  it('on an empty day, 9:00 is the drive from base after opening, never other visits', async () => {
    const date = openDay(0);
    await refusedFor(date, '09:00', 'from-base', 'early@example.nz');
    expect(ROUTE_DOES_NOT_FIT['from-base']).not.toMatch(/visit|appointment/);
    // The first time she can reach Hamilton from opening is offered.
    expect((await dayFor(date, HAMILTON)).timeSlots[0]).toBe('10:00');
  });

  it('on an empty day, 16:00 is the drive home by closing plus the grace', async () => {
    const date = openDay(1);
    await refusedFor(date, '16:00', 'to-base', 'late@example.nz');
    // 15:30-16:30, home about 17:17.
    expect((await dayFor(date, HAMILTON)).timeSlots.at(-1)).toBe('15:30');
  });

  it('after a visit, the drive from the appointment before it', async () => {
    const date = openDay(2);
    expect((await book(t, bookingRequest({ date, time: '10:00', address: RAGLAN }))).statusCode).toBe(201);
    await refusedFor(date, '11:30', 'gap-before', 'after@example.nz');
  });

  it('before a visit, the drive on to the next appointment', async () => {
    const date = openDay(3);
    expect((await book(t, bookingRequest({ date, time: '14:00', address: RAGLAN }))).statusCode).toBe(201);
    // 12:30-13:30 in Hamilton, then ~47 min drive and 15 min setup before 14:00 in Raglan.
    await refusedFor(date, '12:30', 'gap-after', 'before@example.nz');
  });

  it('names causes only for free times, in the one-date answer for an address', async () => {
    const date = openDay(4);
    expect((await book(t, bookingRequest({ date, time: '11:00', address: RAGLAN }))).statusCode).toBe(201);
    const day = await dayFor(date, HAMILTON);
    // Taken times (11:00 and around it) are neither offered nor blamed on a drive; offered ones are never misfits.
    expect(day.routeMisfits?.['11:00']).toBeUndefined();
    for (const time of day.timeSlots) expect(day.routeMisfits?.[time]).toBeUndefined();
    expect(Object.keys(day.routeMisfits ?? {}).length).toBeGreaterThan(0);
    // Without an address nothing is judged by the route; the range answer stays as it was.
    expect((await t.get(`/api/availability/${date}?duration=60`)).json()).not.toHaveProperty('routeMisfits');
    const range = await t.get(
      `/api/availability?from=${date}&to=${date}&duration=60&address=${encodeURIComponent(HAMILTON)}`,
    );
    expect(range.json<AvailabilityRangeResponse>().days[0]).not.toHaveProperty('routeMisfits');
  });
});

describe('approving a request the day no longer fits says which drive', () => {
  /** Moves a booking by hand (past the API's checks, as a day she changed since the request was made). */
  async function moveByHand(id: number, date: string, time: string): Promise<void> {
    const start = nzInstant(date, time).toISOString();
    await t.sql(
      `UPDATE bookings SET time = $2, starts_at = $3::timestamptz, ends_at = $3::timestamptz + interval '60 minutes',
         buffer_ends_at = $3::timestamptz + interval '75 minutes' WHERE id = $1`,
      [id, time, start],
    );
  }

  async function request(date: string, time: string, address: string, email: string): Promise<number> {
    const res = await book(t, bookingRequest({ date, time, address, email }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: number }>().id;
  }

  async function approvalRefused(id: number, message: string): Promise<void> {
    await expectUnchanged(bookings, async () =>
      expectRejected(await t.admin.patch(`/api/admin/bookings/${id}/status`, { status: 'confirmed' }), 409, {
        code: 'APPROVAL_BREAKS_ROUTE',
        message,
      }),
    );
  }

  it('from base after opening', async () => {
    const date = openDay(5);
    const id = await request(date, '12:00', HAMILTON, 'open@example.nz');
    await moveByHand(id, date, '09:00');
    await approvalRefused(id, approvalBreaksRoute('from-base', GRACE));
  });

  it('back to base by closing plus the grace', async () => {
    const date = openDay(6);
    const id = await request(date, '12:00', HAMILTON, 'close@example.nz');
    await moveByHand(id, date, '16:00');
    const message = approvalBreaksRoute('to-base', GRACE);
    expect(message).toContain(`by ${GRACE} min after closing`);
    await approvalRefused(id, message);
  });

  it('on to the next visit', async () => {
    const date = openDay(7);
    const id = await request(date, '12:00', HAMILTON, 'next@example.nz');
    // A Raglan visit at 15:00 fits after it; moved to 13:30 it leaves 30 min for a ~62 min drive and setup.
    await moveByHand(await request(date, '15:00', RAGLAN, 'raglan@example.nz'), date, '13:30');
    await approvalRefused(id, approvalBreaksRoute('gap-after', GRACE));
  });
});
