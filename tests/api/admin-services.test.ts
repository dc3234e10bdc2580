/**
 * The Services tab's promise (docs/product.md §2 "Admin dashboard"): editing or deleting a service never breaks, hides
 * or reprices a booking that used it. Bookings keep their own copy of the service's name, duration
 * and price; deleting the service only clears the booking's service id.
 */
import { describe, expect, it } from 'vitest';
import type { Booking } from '../../src/shared/schemas/booking';
import type { Service } from '../../src/shared/schemas/service';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';

const t = useTestApp({ signedIn: true });

async function createService(name: string): Promise<Service> {
  const res = await t.admin.post('/api/services', {
    name,
    description: 'Slow, deep work for tired shoulders.',
    duration: 90,
    price: 13500,
    durationOptions: [
      { duration: 90, price: 13500 },
      { duration: 120, price: 18000 },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Service>();
}

async function bookService(service: Service, day: number): Promise<Booking> {
  const res = await book(
    t,
    bookingRequest({ serviceLengthId: service.id, duration: 90, price: 13500, date: openDay(day), time: '11:00' }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

const byToken = async (token: string) => {
  const res = await t.get(`/api/bookings/token/${token}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Booking>();
};
const adminList = async () => {
  const res = await t.admin.get('/api/admin/bookings');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Booking[]>();
};

describe('a booked service changes or goes away', () => {
  it('keeps the booking, its service name, duration and price after an edit and a delete', async () => {
    const service = await createService('Deep Tissue Massage');
    const booking = await bookService(service, 3);
    expect(booking).toMatchObject({
      serviceLengthId: service.id,
      serviceName: 'Deep Tissue Massage',
      duration: 90,
      price: 13500,
    });

    const edited = await t.admin.put(`/api/services/${service.id}`, {
      id: service.id,
      name: 'Deep Tissue Massage (new)',
      description: 'New words.',
      duration: 90,
      price: 15000,
      durationOptions: [{ duration: 90, price: 15000 }],
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const afterEdit = await byToken(booking.cancelToken);
    expect(afterEdit).toMatchObject({
      id: booking.id,
      serviceName: 'Deep Tissue Massage',
      duration: 90,
      price: 13500,
      status: 'pending',
    });

    const removed = await t.admin.del(`/api/services/${service.id}`);
    expect(removed.statusCode, removed.body).toBe(200);

    const afterDelete = await byToken(booking.cancelToken);
    expect(afterDelete).toMatchObject({
      id: booking.id,
      serviceName: 'Deep Tissue Massage',
      duration: 90,
      price: 13500,
      status: 'pending',
    });
    expect(afterDelete.serviceLengthId).toBeNull();

    const listed = (await adminList()).find((b) => b.id === booking.id);
    expect(listed).toMatchObject({ serviceName: 'Deep Tissue Massage', duration: 90, price: 13500, status: 'pending' });
    const pending = await t.admin.get('/api/admin/bookings/pending');
    expect(pending.json<Booking[]>().some((b) => b.id === booking.id)).toBe(true);
  });

  it('lets the therapist still decide a request whose service was deleted', async () => {
    const service = await createService('Hot Stone Massage');
    const booking = await bookService(service, 4);
    expect((await t.admin.del(`/api/services/${service.id}`)).statusCode).toBe(200);

    const res = await t.admin.patch(`/api/admin/bookings/${booking.id}/status`, { status: 'confirmed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Booking>()).toMatchObject({ status: 'confirmed', serviceName: 'Hot Stone Massage', price: 13500 });
    expect(await byToken(booking.cancelToken)).toMatchObject({
      status: 'confirmed',
      serviceName: 'Hot Stone Massage',
      price: 13500,
    });
  });

  it('no longer takes new bookings for a deleted service', async () => {
    const service = await createService('Gone Massage');
    expect((await t.admin.del(`/api/services/${service.id}`)).statusCode).toBe(200);
    const res = await book(
      t,
      bookingRequest({ serviceLengthId: service.id, duration: 90, price: 13500, date: openDay(5), time: '11:00' }),
    );
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });
});
