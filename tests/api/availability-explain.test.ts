/**
 * docs/product.md §11, 'Why this time?': GET /api/admin/availability/explain lists every candidate start of a
 * date with why it is or is not offered, and offers exactly what GET /api/availability/{date} does.
 * Demo hours: Monday to Saturday 09:00-17:00; 15 min gap, 2 hours' notice, 60 days ahead; base Raglan.
 */
import { describe, expect, it } from 'vitest';
import type { AvailabilityExplanation } from '../../src/shared/schemas/other-calendar';
import type { AvailabilityResponse } from '../../src/shared/schemas/booking';
import { addDaysToDate, nzInstant, nzToday } from '../../src/shared/time';
import { useTestApp, type ApiTestApp } from '../helpers/app';
import { book, bookingRequest, closedSunday, openDay } from '../helpers/bookings';

const t = useTestApp({ signedIn: true });

const RAGLAN = '12 Bow Street, Raglan';
const HAMILTON = '100 Victoria Street, Hamilton';
const NOWHERE = '1 Nowhere Lane, Atlantis';
const EXPLAIN = '/api/admin/availability/explain';

const explain = (app: ApiTestApp, query: Record<string, string>) =>
  app.admin.getJson<AvailabilityExplanation>(`${EXPLAIN}?${new URLSearchParams(query).toString()}`);

/** 'CODE: message' of each reason of the time. */
const reasonsAt = (answer: AvailabilityExplanation, time: string) =>
  answer.slots.find((s) => s.time === time)?.reasons.map((r) => `${r.code}: ${r.message}`);

/** Her other calendar 'Family' with one busy time on the date (its title is hers alone). */
async function familyBusy(app: ApiTestApp, date: string, from: string, to: string, title: string) {
  const [calendar] = await app.sql<{ id: number }>(
    `INSERT INTO other_calendars (name, kind, url) VALUES ('Family', 'ics', 'https://example.test/family.ics') RETURNING id`,
  );
  await app.sql(
    'INSERT INTO calendar_busy (calendar_id, starts_at, ends_at, title, all_day) VALUES ($1, $2, $3, $4, false)',
    [calendar!.id, nzInstant(date, from).toISOString(), nzInstant(date, to).toISOString(), title],
  );
}

// A busy day: a Raglan visit 10:00-11:00, the dentist 13:30-14:00 and a family event 15:00-16:00.
const busyDate = openDay(0);
let prepared: Promise<void> | undefined;
function prepareBusyDay(): Promise<void> {
  prepared ??= (async () => {
    expect((await book(t, bookingRequest({ date: busyDate, time: '10:00', address: RAGLAN }))).statusCode).toBe(201);
    const block = { date: busyDate, isFullDay: false, startTime: '13:30', endTime: '14:00', reason: 'Dentist' };
    expect((await t.admin.post('/api/blocked-dates', block)).statusCode).toBe(201);
    await familyBusy(t, busyDate, '15:00', '16:00', 'Secret: therapy session');
  })();
  return prepared;
}

describe('GET /api/admin/availability/explain', () => {
  it('is for the admin only, and checks its input like the availability calls', async () => {
    const date = openDay(0);
    expect((await t.get(`${EXPLAIN}?date=${date}`)).statusCode).toBe(401);
    for (const bad of ['tomorrow', '2025-02-30', '2025-1-1']) {
      const res = await t.admin.get(`${EXPLAIN}?date=${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await t.admin.get(EXPLAIN)).statusCode).toBe(400);
    expect((await t.admin.get(`${EXPLAIN}?date=${date}&duration=abc`)).statusCode).toBe(400);
    expect((await t.admin.get(`${EXPLAIN}?date=${date}&address=${'x'.repeat(301)}`)).statusCode).toBe(400);
    const unknown = await t.admin.get(`${EXPLAIN}?date=${date}&serviceId=999`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'SERVICE_NOT_FOUND', message: 'Service not found' });
    const notOffered = await t.admin.get(`${EXPLAIN}?date=${date}&serviceId=1&duration=120`);
    expect(notOffered.statusCode).toBe(400);
    expect(notOffered.json().errors).toEqual([
      { path: 'duration', message: 'Please choose one of the durations this service offers' },
    ]);
  });

  it("takes the service's first duration, else 60 minutes; located is null without an address", async () => {
    const date = openDay(2);
    const plain = await explain(t, { date });
    expect(plain).toMatchObject({ date, durationMinutes: 60, located: null });
    expect(plain.slots.map((s) => s.time)).toEqual(
      ['09', '10', '11', '12', '13', '14', '15', '16'].flatMap((h) => [`${h}:00`, `${h}:30`]),
    );
    expect((await explain(t, { date, serviceId: '4' })).durationMinutes).toBe(30);
    expect((await explain(t, { date, serviceId: '2', duration: '120' })).durationMinutes).toBe(120);
    expect((await explain(t, { date, address: HAMILTON })).located).toBe(true);
    expect((await explain(t, { date, address: NOWHERE })).located).toBe(false);
  });

  it('names the visit, the block, her calendar (never the event title) and the closing time', async () => {
    await prepareBusyDay();
    const answer = await explain(t, { date: busyDate });
    expect(reasonsAt(answer, '09:00')).toEqual(['BOOKING: Another visit 10:00-11:00 AM (+15 min gap)']);
    expect(reasonsAt(answer, '11:30')).toEqual([]);
    expect(reasonsAt(answer, '12:30')).toEqual(['BLOCKED_DATE: Blocked 1:30-2:00 PM: Dentist']);
    expect(reasonsAt(answer, '15:00')).toEqual(['EXTERNAL_BUSY: Busy in Family, 3:00-4:00 PM']);
    expect(reasonsAt(answer, '16:00')).toEqual(['EXTERNAL_BUSY: Busy in Family, 3:00-4:00 PM (+15 min gap)']);
    expect(reasonsAt(answer, '16:30')).toEqual(['OUTSIDE_HOURS: Would end at 5:30 PM, after closing at 5:00 PM']);
    expect(JSON.stringify(answer)).not.toContain('Secret');
    for (const slot of answer.slots) expect(slot.offered).toBe(slot.reasons.length === 0);
  });

  it('says which drive does not fit for a visitor far away', async () => {
    await prepareBusyDay();
    const answer = await explain(t, { date: busyDate, address: HAMILTON });
    const [route] = answer.slots.find((s) => s.time === '11:30')!.reasons;
    expect(route!.code).toBe('ROUTE');
    expect(route!.message).toMatch(
      /^Drive from the 10:00 AM visit: needs \d+ min \(\d+ min drive \+ 15 min setup\), 30 min available$/,
    );
    const fromHome = (await explain(t, { date: openDay(3), address: HAMILTON })).slots[0]!;
    expect(fromHome.time).toBe('09:00');
    expect(fromHome.reasons.map((r) => r.code)).toEqual(['ROUTE']);
    expect(fromHome.reasons[0]!.message).toMatch(/^Drive from home: needs \d+ min, 0 min after opening$/);
  });

  it('gives a closed, fully blocked, past or too distant day its reason on every time', async () => {
    const messagesOf = async (date: string) =>
      (await explain(t, { date })).slots.map((s) => s.reasons.map((r) => r.message));
    const closed = await messagesOf(closedSunday());
    expect(closed).toEqual(closed.map(() => ['Closed on Sundays']));
    const holiday = openDay(4);
    expect(
      (await t.admin.post('/api/blocked-dates', { date: holiday, isFullDay: true, reason: 'Holiday' })).statusCode,
    ).toBe(201);
    const blocked = await messagesOf(holiday);
    expect(blocked.every((m) => m.includes('Blocked all day: Holiday'))).toBe(true);
    const far = await messagesOf(addDaysToDate(nzToday(), 61));
    expect(far.every((m) => m.includes('Beyond the 60-day booking window'))).toBe(true);
    const yesterday = await explain(t, { date: addDaysToDate(nzToday(), -1) });
    expect(yesterday.slots.every((s) => s.reasons[0]?.code === 'PAST' && s.reasons[0].message === 'Already past')).toBe(
      true,
    );
  });

  it('offers exactly what GET /api/availability/{date} offers, for every address and duration', async () => {
    await prepareBusyDay();
    const dates = [busyDate, openDay(2), closedSunday(), nzToday(), addDaysToDate(nzToday(), 1)];
    const addresses = [undefined, RAGLAN, HAMILTON, NOWHERE];
    const choices: Record<string, string>[] = [
      {},
      { serviceId: '2', duration: '90' },
      { duration: '120' },
      { serviceId: '4' },
    ];
    for (const date of dates)
      for (const address of addresses)
        for (const choice of choices) {
          const query = { date, ...choice, ...(address ? { address } : {}) };
          const answer = await explain(t, query);
          const publicQuery = new URLSearchParams({
            duration: String(answer.durationMinutes),
            ...(address ? { address } : {}),
          });
          const offered = await t.getJson<AvailabilityResponse>(`/api/availability/${date}?${publicQuery.toString()}`);
          const what = JSON.stringify(query);
          expect(
            answer.slots.filter((s) => s.offered).map((s) => s.time),
            what,
          ).toEqual(offered.timeSlots);
          for (const slot of answer.slots) expect(slot.reasons.length === 0, `${what} ${slot.time}`).toBe(slot.offered);
        }
  });
});

describe('minimum notice, with hours round the clock', () => {
  const app = useTestApp({ signedIn: true });

  it('marks the times within two hours of now, and those before it as past', async () => {
    for (let day = 0; day < 7; day++) {
      const hours = { dayOfWeek: day, isOpen: true, openTime: '00:00', closeTime: '23:00' };
      expect((await app.admin.post('/api/business-hours', hours)).statusCode).toBe(200);
    }
    const codes = new Map<string, string[]>();
    const before = Date.now();
    // Today and tomorrow: late at night, the next two hours run into tomorrow.
    const answers = [
      await explain(app, { date: nzToday() }),
      await explain(app, { date: addDaysToDate(nzToday(), 1) }),
    ];
    const after = Date.now();
    for (const answer of answers)
      for (const slot of answer.slots) {
        const start = nzInstant(answer.date, slot.time).getTime();
        const key = `${answer.date} ${slot.time}`;
        codes.set(
          key,
          slot.reasons.map((r) => r.code),
        );
        if (start < before) expect(codes.get(key), key).toContain('PAST');
        else if (start >= after && start < before + 2 * 3600_000) {
          expect(slot.reasons, key).toContainEqual({ code: 'MIN_NOTICE', message: "Less than 2 hours' notice" });
        } else if (start >= after + 2 * 3600_000) expect(codes.get(key), key).not.toContain('MIN_NOTICE');
      }
    expect([...codes.values()].flat()).toContain('MIN_NOTICE');
  });
});
