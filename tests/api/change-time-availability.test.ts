/**
 * docs/product.md §4 "Changing a visit", 'Change time': GET /api/bookings/token/{token}/availability(/{date}) answers
 * the times a private link's visit could move to: the wizard's answer for the booking's own duration and address (the
 * route rule), with its own current time free for itself and every other visit still in the way. Refused exactly
 * as the move is (closed, expired, started, inside the cut-off, unknown link), and it changes nothing.
 */
import { describe, expect, it } from 'vitest';
import type { AvailabilityRangeResponse, AvailabilityResponse, Booking } from '../../src/shared/schemas/booking';
import { nzDateOf, nzInstant, nzTimeOf } from '../../src/shared/time';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { expectRejected, expectUnchanged } from '../helpers/expect-rejected';

const t = useTestApp({ signedIn: true });

const RAGLAN = '12 Bow Street, Raglan';
const HAMILTON = '100 Victoria Street, Hamilton';

let emails = 0;
async function request(date: string, time: string, over: Record<string, unknown> = {}): Promise<Booking> {
  const res = await book(t, bookingRequest({ date, time, email: `times${++emails}@example.nz`, ...over }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

async function confirm(b: Booking): Promise<void> {
  const res = await t.admin.patch(`/api/admin/bookings/${b.id}/status`, { status: 'confirmed' });
  expect(res.statusCode, res.body).toBe(200);
}

const moveDay = (token: string, date: string) => t.get(`/api/bookings/token/${token}/availability/${date}`);
const moveRange = (token: string, from: string, to: string) =>
  t.get(`/api/bookings/token/${token}/availability?from=${from}&to=${to}`);

async function moveTimes(token: string, date: string): Promise<AvailabilityResponse> {
  const res = await moveDay(token, date);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AvailabilityResponse>();
}

async function wizardTimes(date: string, duration: number, address?: string): Promise<string[]> {
  const query = new URLSearchParams({ duration: String(duration), ...(address ? { address } : {}) });
  const res = await t.get(`/api/availability/${date}?${query.toString()}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AvailabilityResponse>().timeSlots;
}

async function startIn(id: number, hours: number): Promise<void> {
  const at = new Date(Math.ceil((Date.now() + hours * 3600_000) / 60_000) * 60_000);
  const date = nzDateOf(at);
  const time = nzTimeOf(at);
  await t.sql(
    `UPDATE bookings SET date = $2, time = $3, starts_at = $4::timestamptz,
       ends_at = $4::timestamptz + make_interval(mins => duration),
       buffer_ends_at = $4::timestamptz + make_interval(mins => duration + 15),
       expires_at = CASE WHEN status = 'pending' THEN LEAST(expires_at, $4::timestamptz) END
     WHERE id = $1`,
    [id, date, time, nzInstant(date, time).toISOString()],
  );
}

describe("the link's times to move to", () => {
  it("counts the booking's own time as free for itself, and everyone else's as taken", async () => {
    const date = openDay(20);
    const mine = await request(date, '10:00');
    const other = await request(date, '14:00');
    // The wizard sees both visits in the way; the link sees only the other one.
    const wizard = await wizardTimes(date, 60);
    expect(wizard).not.toContain('10:00');
    expect(wizard).not.toContain('14:00');
    const times = await moveTimes(mine.cancelToken, date);
    expect(times.available).toBe(true);
    expect(times.timeSlots).toContain('10:00');
    // Half an hour over itself is fine too: its own buffer is not in the way.
    expect(times.timeSlots).toContain('10:30');
    expect(times.timeSlots).not.toContain('14:00');
    // The other visit's link sees the reverse.
    const theirs = await moveTimes(other.cancelToken, date);
    expect(theirs.timeSlots).toContain('14:00');
    expect(theirs.timeSlots).not.toContain('10:00');
    // Every time offered can be taken by the move (the same check): the offered 10:30 moves it.
    const res = await t.post(`/api/bookings/token/${mine.cancelToken}/reschedule`, { date, time: '10:30' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("answers for the booking's own duration, whatever the wizard was asked", async () => {
    const date = openDay(21);
    const long = await request(date, '09:00', { duration: 90, price: 11000 });
    expect(long.duration).toBe(90);
    const range = await moveRange(long.cancelToken, date, date);
    expect(range.statusCode, range.body).toBe(200);
    const answer = range.json<AvailabilityRangeResponse>();
    expect(answer.duration).toBe(90);
    expect(answer.days).toHaveLength(1);
    // 17:00 closing: a 90-minute visit starts at 15:30 at the latest.
    expect(answer.days[0]!.timeSlots.at(-1)).toBe('15:30');
    expect(answer.days[0]!.timeSlots).toContain('09:00');
  });

  it('applies the route rule from the booking’s own address', async () => {
    const date = openDay(22);
    await request(date, '10:00', { address: RAGLAN });
    const b = await request(openDay(23), '10:00', { address: HAMILTON });
    const times = await moveTimes(b.cancelToken, date);
    // 11:30 keeps the minimum gap after the Raglan visit, but not the drive to Hamilton (reschedule.test.ts).
    expect(await wizardTimes(date, 60)).toContain('11:30');
    expect(times.timeSlots).not.toContain('11:30');
    expect(times.timeSlots).toEqual(await wizardTimes(date, 60, HAMILTON));
    expect(times.nearbyTimes).toBeDefined();
  });

  it('answers a range of days, one entry each, in order', async () => {
    const b = await request(openDay(24), '10:00');
    const from = openDay(24);
    const to = openDay(26);
    const res = await moveRange(b.cancelToken, from, to);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<AvailabilityRangeResponse>();
    expect(answer.from).toBe(from);
    expect(answer.to).toBe(to);
    expect(answer.days[0]!.date).toBe(from);
    expect(answer.days.at(-1)!.date).toBe(to);
    expect(answer.days[0]!.timeSlots).toContain('10:00');
    expectRejected(await moveRange(b.cancelToken, to, from), 400, {
      code: 'INVALID_DATE_RANGE',
      message: 'to must not be before from',
    });
  });
});

describe('refusals', () => {
  it('refuses as the move does: inside the cut-off, closed, expired, started, unknown; nothing changes', async () => {
    const date = openDay(25);
    const inside = await request(date, '09:00');
    await confirm(inside);
    await startIn(inside.id, 20);
    const cancelled = await request(date, '10:30');
    expect((await t.post(`/api/bookings/cancel/${cancelled.cancelToken}`)).statusCode).toBe(200);
    const declined = await request(date, '12:00');
    expect((await t.admin.patch(`/api/admin/bookings/${declined.id}/status`, { status: 'rejected' })).statusCode).toBe(
      200,
    );
    const expired = await request(date, '13:30');
    await t.sql("UPDATE bookings SET expires_at = now() - interval '1 second' WHERE id = $1", [expired.id]);
    const started = await request(date, '15:00');
    await confirm(started);
    await startIn(started.id, -0.5);

    const snapshot = () => t.sql('SELECT id, status, date, time, ics_sequence FROM bookings ORDER BY id');
    await expectUnchanged(snapshot, async () => {
      const cases = [
        [inside, 403, 'CHANGE_CUTOFF_PASSED'],
        [cancelled, 409, 'BOOKING_NOT_CHANGEABLE'],
        [declined, 409, 'BOOKING_NOT_CHANGEABLE'],
        [expired, 409, 'REQUEST_EXPIRED'],
        [started, 409, 'ALREADY_STARTED'],
      ] as const;
      for (const [b, status, code] of cases) {
        expect(expectRejected(await moveDay(b.cancelToken, openDay(26)), status).code).toBe(code);
        expect(expectRejected(await moveRange(b.cancelToken, openDay(26), openDay(27)), status).code).toBe(code);
      }
      expect(t.config.practice.phone).toBeTruthy();
      const cutoff = expectRejected(await moveDay(inside.cancelToken, openDay(26)), 403);
      expect(cutoff.message).toContain(t.config.practice.phone);
      expectRejected(await moveDay('no-such-token', openDay(26)), 404, {
        code: 'BOOKING_NOT_FOUND',
        message: 'Booking not found',
      });
      expectRejected(await moveDay(inside.cancelToken, '2026-02-30'), 400);
    });
  });
});
