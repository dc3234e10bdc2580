/**
 * docs/performance.md: availability and POST /api/bookings read the business hours, the blocked dates and the
 * catalogue from the public cache (only the bookings are queried per call). Every change to them
 * shows at once, whoever made it: an admin write, or a statement on the database.
 */
import { describe, expect, it } from 'vitest';
import { SLOT_TAKEN } from '../../src/shared/messages';
import type { Booking } from '../../src/shared/schemas/booking';
import type { Service } from '../../src/shared/schemas/service';
import { dayOfWeek } from '../../src/shared/time';
import { useTestApp } from '../helpers/app';
import { eventually } from '../helpers/eventually';
import { book, bookingRequest, openDay } from '../helpers/bookings';

const t = useTestApp({ signedIn: true });

const slotsOf = async (date: string) =>
  (await t.getJson<{ timeSlots: string[] }>(`/api/availability/${date}?duration=60`)).timeSlots;

describe('availability follows the hours and blocked dates at once', () => {
  it('hours changed by the admin, then by a statement', async () => {
    const date = openDay(5);
    expect(await slotsOf(date)).toContain('09:00');
    const saved = await t.admin.post('/api/business-hours', {
      dayOfWeek: dayOfWeek(date),
      isOpen: true,
      openTime: '10:00',
      closeTime: '17:00',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const later = await slotsOf(date);
    expect(later).not.toContain('09:00');
    expect(later[0]).toBe('10:00');

    await t.sql(`UPDATE business_hours SET is_open = false WHERE day_of_week = ${dayOfWeek(date)}`);
    expect(
      await eventually(
        () => slotsOf(date),
        (s) => s.length === 0,
      ),
    ).toEqual([]);
    // Booking the closed day is refused before and under the lock alike.
    const refused = await book(t, bookingRequest({ date, time: '10:00' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(SLOT_TAKEN);

    await t.sql(
      `UPDATE business_hours SET is_open = true, open_time = '09:00', close_time = '17:00' WHERE day_of_week = ${dayOfWeek(date)}`,
    );
    expect(
      await eventually(
        () => slotsOf(date),
        (s) => s.includes('09:00'),
      ),
    ).toContain('09:00');
  });

  it('blocked hours added by a statement, then removed by the admin', async () => {
    const date = openDay(6);
    expect(await slotsOf(date)).toContain('13:00');
    await t.sql(
      `INSERT INTO blocked_dates (date, is_full_day, start_time, end_time, reason) VALUES ('${date}', false, '12:00', '15:00', 'Cache test')`,
    );
    const blocked = await eventually(
      () => slotsOf(date),
      (s) => !s.includes('13:00'),
    );
    expect(blocked).not.toContain('13:00');
    expect(blocked).toContain('09:00');
    expect((await book(t, bookingRequest({ date, time: '13:00' }))).statusCode).toBe(409);

    const [row] = await t.sql<{ id: number }>(`SELECT id FROM blocked_dates WHERE date = '${date}'`);
    expect((await t.admin.del(`/api/blocked-dates/${row!.id}`)).statusCode).toBe(200);
    expect(await slotsOf(date)).toContain('13:00');
  });
});

describe('POST /api/bookings follows the catalogue at once', () => {
  it('takes the price the service has now', async () => {
    const input = (price: number) => ({
      name: 'Cache Priced',
      description: 'Firm work for sore shoulders.',
      duration: 60,
      price,
      durationOptions: [{ duration: 60, price }],
    });
    const created = await t.admin.post('/api/services', input(9000));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Service>().id;
    const first = await book(t, bookingRequest({ serviceLengthId: id, price: 9000, date: openDay(7), time: '09:00' }));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json<Booking>().price).toBe(9000);

    expect((await t.admin.put(`/api/services/${id}`, input(9900))).statusCode).toBe(200);
    const second = await book(t, bookingRequest({ serviceLengthId: id, price: 9900, date: openDay(7), time: '13:00' }));
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json<Booking>().price).toBe(9900);

    // Hold the catalogue's answer in memory first: read after the statement, an empty entry would load
    // the new price at once, before the notification has dropped the booking's lookup.
    const held = await t.getJson<Service[]>('/api/services');
    expect(held.find((s) => s.id === id)?.price).toBe(9900);
    await t.sql(
      `UPDATE services SET price = 10500, duration_options = '[{"duration":60,"price":10500}]' WHERE id = ${id}`,
    );
    // The same notification drops the catalogue's answer and the booking's lookup together.
    await eventually(
      () => t.getJson<Service[]>('/api/services'),
      (list) => list.some((s) => s.id === id && s.price === 10500),
    );
    const third = await book(t, bookingRequest({ serviceLengthId: id, price: 10500, date: openDay(8), time: '09:00' }));
    expect(third.statusCode, third.body).toBe(201);
    expect(third.json<Booking>().price).toBe(10500);
  });
});
