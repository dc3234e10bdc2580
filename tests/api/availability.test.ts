import { describe, expect, it } from 'vitest';
import type { AvailabilityRangeResponse } from '../../src/shared/schemas/booking';
import { addDaysToDate, nzToday } from '../../src/shared/time';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, closedSunday, openDay } from '../helpers/bookings';

const t = useTestApp({ signedIn: true });

const day = async (date: string, query = '') => {
  const res = await t.get(`/api/availability/${date}${query}`);
  return { status: res.statusCode, body: res.json() };
};

describe('GET /api/availability/{date}', () => {
  it('answers the day’s 30-minute slots: a 60 min session ends by 17:00', async () => {
    const { status, body } = await day(openDay());
    expect(status).toBe(200);
    expect(body.available).toBe(true);
    expect(body.timeSlots[0]).toBe('09:00');
    expect(body.timeSlots.at(-1)).toBe('16:00');
    expect(body.timeSlots).toHaveLength(15);
    expect(body).not.toHaveProperty('nearbyTimes'); // only with an address
  });

  it('takes the session length from ?duration (default 60)', async () => {
    expect((await day(openDay(), '?duration=90')).body.timeSlots.at(-1)).toBe('15:30');
    expect((await day(openDay(), '?duration=abc')).status).toBe(400);
    expect((await day(openDay(), '?duration=10')).status).toBe(400);
  });

  it('answers a closed day with { available: false, timeSlots: [] }', async () => {
    expect(await day(closedSunday())).toEqual({ status: 200, body: { available: false, timeSlots: [] } });
  });

  it('answers a past day and a day beyond the horizon as unavailable', async () => {
    expect((await day(addDaysToDate(nzToday(), -1))).body).toEqual({ available: false, timeSlots: [] });
    expect((await day(addDaysToDate(nzToday(), 61))).body).toEqual({ available: false, timeSlots: [] });
  });

  it('refuses a bad date with 400', async () => {
    for (const bad of ['2025-02-30', 'tomorrow', '2025-1-1']) {
      const res = await day(bad);
      expect(res.status, bad).toBe(400);
    }
  });

  it('leaves out blocked days and blocked hours', async () => {
    const full = openDay(1);
    const partial = openDay(2);
    await t.admin.post('/api/blocked-dates', { date: full, isFullDay: true });
    await t.admin.post('/api/blocked-dates', { date: partial, isFullDay: false, startTime: '12:00', endTime: '14:00' });
    expect((await day(full)).body).toEqual({ available: false, timeSlots: [] });
    const slots = (await day(partial)).body.timeSlots as string[];
    expect(slots).toContain('10:30');
    expect(slots).not.toContain('11:00');
    expect(slots).not.toContain('13:30');
    expect(slots).toContain('14:00');
  });

  it('leaves out the time a booking holds, with its buffer', async () => {
    const date = openDay(3);
    const res = await book(t, bookingRequest({ date, time: '11:00' }));
    expect(res.statusCode).toBe(201);
    const slots = (await day(date)).body.timeSlots as string[];
    for (const taken of ['10:00', '10:30', '11:00', '11:30', '12:00']) expect(slots).not.toContain(taken);
    expect(slots).toContain('09:30');
    expect(slots).toContain('12:30');
  });
});

describe('GET /api/availability?from=&to=', () => {
  it('answers every date of the range in one request, agreeing with the day call', async () => {
    const from = nzToday();
    const to = addDaysToDate(from, 30);
    const res = await t.get(`/api/availability?from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    const body = res.json<AvailabilityRangeResponse>();
    expect(body.days).toHaveLength(31);
    expect(body.days[0]!.date).toBe(from);
    for (const d of body.days.filter((_, i) => i % 5 === 0)) {
      expect((await day(d.date)).body).toEqual({ available: d.available, timeSlots: d.timeSlots });
    }
    expect(body.days.find((d) => d.date === closedSunday())!.available).toBe(false);
  });

  it('refuses more than 62 days, a reversed range and bad dates', async () => {
    const from = nzToday();
    const get = (q: string) => t.get(`/api/availability?${q}`);
    expect((await get(`from=${from}&to=${addDaysToDate(from, 61)}`)).statusCode).toBe(200);
    expect((await get(`from=${from}&to=${addDaysToDate(from, 62)}`)).statusCode).toBe(400);
    expect((await get(`from=${from}&to=${addDaysToDate(from, -1)}`)).statusCode).toBe(400);
    expect((await get(`from=nope&to=${from}`)).statusCode).toBe(400);
    expect((await get('')).statusCode).toBe(400);
  });
});
