import { describe, expect, it } from 'vitest';
import { OUTSIDE_SERVICE_AREA, SLOT_TAKEN } from '../../src/shared/messages';
import { addDaysToDate, nzToday } from '../../src/shared/time';
import { runJobsOnce } from '../../src/server/jobs';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, closedSunday, countBookings, openDay, outbox } from '../helpers/bookings';
import { expectRejected, expectUnchanged } from '../helpers/expect-rejected';

const t = useTestApp({ signedIn: true });

describe('POST /api/bookings', () => {
  it('creates a pending booking with the server’s own price and travel, and queues both e-mails', async () => {
    const res = await book(
      t,
      bookingRequest({ date: openDay(0), time: '09:00', price: 1, travelCost: 99999, distanceKm: 1 }),
    );
    expect(res.statusCode).toBe(201);
    const b = res.json();
    expect(b).toMatchObject({
      serviceLengthId: 1,
      serviceName: 'Swedish Massage',
      date: openDay(0),
      time: '09:00',
      duration: 60,
      price: 8000,
      travelCost: 0,
      status: 'pending',
      firstName: 'Ana',
      isOutsideServiceArea: false,
      travelUnresolved: false,
    });
    // At least 128 random bits, URL-safe.
    expect(b.cancelToken).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(b.cancelToken.length * 6).toBeGreaterThanOrEqual(128);
    // The client is told how long the request holds its slot.
    const expires = new Date(b.expiresAt).getTime();
    expect(expires).toBeGreaterThan(Date.now());
    expect(expires).toBeLessThanOrEqual(Date.now() + 48 * 3600_000 + 5000);
    const mails = await outbox(t, b.id);
    expect(mails.map((m) => m.kind).sort()).toEqual(['booking_received', 'practice_new_request']);
    expect(mails.find((m) => m.kind === 'booking_received')!.to_address).toBe('ana@example.nz');
    expect(mails.find((m) => m.kind === 'practice_new_request')!.to_address).toBe(t.config.mail.notifyTo);
  });

  it('takes duration and price from the chosen option of the service', async () => {
    const res = await book(t, bookingRequest({ date: openDay(0), time: '13:00', duration: 90, price: 8000 }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ duration: 90, price: 12000 });
  });

  it('refuses a duration the service does not offer, and an unknown service', async () => {
    const wrongDuration = await book(t, bookingRequest({ date: openDay(1), duration: 45 }));
    expect(wrongDuration.statusCode).toBe(400);
    expectRejected(
      await book(t, bookingRequest({ date: openDay(1), serviceLengthId: 999 })),
      400,
      'Please select a service',
    );
  });

  it('validates the form with the spec’s messages and stores nothing', async () => {
    const before = await countBookings(t);
    const res = await book(t, { hasInjuries: false });
    expect(res.statusCode).toBe(400);
    const messages = (res.json().errors as { message: string }[]).map((e) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Please select a service',
        'Please select a date',
        'Please select a time',
        'Please enter a valid address',
        'First name is required',
        'Last name is required',
        'Please enter a valid email',
        'Please enter a valid phone number',
      ]),
    );
    const short = await book(t, bookingRequest({ address: 'abc', phone: '021', email: 'nope' }));
    expect(
      (short.json().errors as { path: string; message: string }[]).map((e) => `${e.path}: ${e.message}`).sort(),
    ).toEqual([
      'address: Please enter a valid address',
      'email: Please enter a valid email',
      'phone: Please enter a valid phone number',
    ]);
    expect(await countBookings(t)).toBe(before);
  });

  it('keeps injury details only when the box is ticked', async () => {
    const without = await book(t, bookingRequest({ date: openDay(1), time: '09:00', injuryDetails: 'sore knee' }));
    expect(without.json().injuryDetails).toBeNull();
    const withInjury = await book(
      t,
      bookingRequest({ date: openDay(1), time: '11:00', hasInjuries: true, injuryDetails: ' sore knee ' }),
    );
    expect(withInjury.json()).toMatchObject({ hasInjuries: true, injuryDetails: 'sore knee' });
  });

  it.each([
    ['a time that is taken', () => ({ date: openDay(0), time: '09:00' })],
    ['a time inside another booking’s buffer', () => ({ date: openDay(0), time: '10:00' })],
    ['a time off the 30-minute grid', () => ({ date: openDay(2), time: '09:15' })],
    ['a time after closing', () => ({ date: openDay(2), time: '16:30' })],
    ['a closed day', () => ({ date: closedSunday(), time: '10:00' })],
    ['a past date', () => ({ date: addDaysToDate(nzToday(), -7), time: '10:00' })],
    ['a date beyond the booking horizon', () => ({ date: addDaysToDate(nzToday(), 90), time: '10:00' })],
  ])('refuses %s with 409', async (_name, slot) => {
    const res = await expectUnchanged(
      () => countBookings(t),
      () => book(t, bookingRequest(slot())),
    );
    expectRejected(res, 409, { message: SLOT_TAKEN });
  });

  it('allows back-to-back sessions (the next starts when the buffer ends)', async () => {
    // 09:00-10:00 plus a 30 min buffer: 10:30 is free.
    const res = await book(t, bookingRequest({ date: openDay(0), time: '10:30' }));
    expect(res.statusCode).toBe(201);
  });

  it('refuses an address beyond 50 km with the spec’s message', async () => {
    const auckland = bookingRequest({ date: openDay(2), address: '1 Queen Street, Auckland' });
    const res = await expectUnchanged(
      () => countBookings(t),
      () => book(t, auckland),
    );
    expectRejected(res, 400, OUTSIDE_SERVICE_AREA);
  });

  it('charges travel outside the local towns, and flags an address it cannot locate', async () => {
    const hamilton = await book(
      t,
      bookingRequest({ date: openDay(2), time: '10:00', address: '100 Victoria Street, Hamilton' }),
    );
    expect(hamilton.statusCode).toBe(201);
    expect(hamilton.json()).toMatchObject({ isOutsideServiceArea: true, travelCost: t.config.travel.extendedFeeCents });
    expect(hamilton.json().distanceKm).toBeGreaterThan(30);
    const nowhere = await book(
      t,
      bookingRequest({ date: openDay(2), time: '13:00', address: '1 Nowhere Lane, Atlantis' }),
    );
    expect(nowhere.statusCode).toBe(201);
    expect(nowhere.json()).toMatchObject({ travelUnresolved: true, travelCost: 0, distanceKm: null });
  });
});

describe('Idempotency-Key', () => {
  it('answers a retried submit with the first booking instead of a second one', async () => {
    const body = bookingRequest({ date: openDay(3), time: '09:00' });
    const headers = { 'idempotency-key': 'retry-key-0001' };
    const first = await book(t, body, headers);
    const before = await countBookings(t);
    const second = await book(t, body, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await countBookings(t)).toBe(before);
    expect(await outbox(t, first.json().id)).toHaveLength(2);
  });

  it('answers 422 when the key comes back with a different request', async () => {
    const headers = { 'idempotency-key': 'retry-key-0002' };
    expect((await book(t, bookingRequest({ date: openDay(3), time: '11:00' }), headers)).statusCode).toBe(201);
    const other = await book(t, bookingRequest({ date: openDay(3), time: '13:00' }), headers);
    expect(other.statusCode).toBe(422);
  });

  it('refuses a key that is too short', async () => {
    expect((await book(t, bookingRequest(), { 'idempotency-key': 'abc' })).statusCode).toBe(400);
  });
});

describe('the private link', () => {
  it('shows the booking for its token and reveals nothing for a wrong one', async () => {
    const created = (await book(t, bookingRequest({ date: openDay(4), time: '09:00' }))).json();
    const res = await t.get(`/api/bookings/token/${created.cancelToken}`);
    expect(res.statusCode).toBe(200);
    // The private link adds where the client stands with the health form (docs/product.md §13).
    expect(res.json()).toEqual({ ...created, healthForm: 'missing' });
    expectRejected(await t.get(`/api/bookings/token/${created.cancelToken.slice(0, -2)}xx`), 404, {
      message: 'Booking not found',
    });
  });

  it('cancels pending and confirmed bookings once, tells client and practice, and frees the slot', async () => {
    const date = openDay(4);
    const created = (await book(t, bookingRequest({ date, time: '11:00' }))).json();
    const cancel = () => t.post(`/api/bookings/cancel/${created.cancelToken}`, { cancelToken: created.cancelToken });
    const res = await cancel();
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe('cancelled');
    const again = await cancel();
    expect(again.statusCode).toBe(404);
    const kinds = (await outbox(t, created.id)).map((m) => m.kind);
    expect(kinds).toEqual(expect.arrayContaining(['booking_cancelled_by_client', 'practice_client_cancelled']));
    // The cancelled slot can be booked again.
    expect((await book(t, bookingRequest({ date, time: '11:00', firstName: 'Bo' }))).statusCode).toBe(201);

    const confirmedOne = (await book(t, bookingRequest({ date, time: '14:00' }))).json();
    expect((await t.admin.patch(`/api/bookings/${confirmedOne.id}/status`, { status: 'confirmed' })).statusCode).toBe(
      200,
    );
    const cancelConfirmed = await t.post(`/api/bookings/cancel/${confirmedOne.cancelToken}`);
    expect(cancelConfirmed.json().status).toBe('cancelled');
  });

  it('answers 404 for an unknown token and 409 for a declined request', async () => {
    expect((await t.post('/api/bookings/cancel/not-a-real-token-000000')).statusCode).toBe(404);
    const created = (await book(t, bookingRequest({ date: openDay(5), time: '09:00' }))).json();
    await t.admin.patch(`/api/admin/bookings/${created.id}/status`, { status: 'rejected' });
    expect((await t.post(`/api/bookings/cancel/${created.cancelToken}`)).statusCode).toBe(409);
  });
});

describe('the admin’s calls', () => {
  it('approves with a trimmed note, rejects with an empty note sent as absent, and e-mails the client', async () => {
    const a = (await book(t, bookingRequest({ date: openDay(6), time: '09:00' }))).json();
    const b = (await book(t, bookingRequest({ date: openDay(6), time: '11:00' }))).json();
    const approve = await t.admin.patch(`/api/admin/bookings/${a.id}/status`, {
      status: 'confirmed',
      adminNote: '  Park on the street  ',
    });
    expect(approve.statusCode).toBe(200);
    expect(approve.json()).toMatchObject({ status: 'confirmed', adminNote: 'Park on the street', expiresAt: null });
    const reject = await t.admin.patch(`/api/admin/bookings/${b.id}/status`, { status: 'rejected', adminNote: '   ' });
    expect(reject.json()).toMatchObject({ status: 'rejected', adminNote: null });
    expect((await outbox(t, a.id)).map((m) => m.kind)).toContain('booking_confirmed');
    expect((await outbox(t, b.id)).map((m) => m.kind)).toContain('booking_rejected');
  });

  it.each([
    ['approve a declined request', 'rejected', '/api/admin/bookings/ID/status', { status: 'confirmed' }],
    ['reject a confirmed booking', 'confirmed', '/api/admin/bookings/ID/status', { status: 'rejected' }],
    ['approve a cancelled booking', 'cancelled', '/api/admin/bookings/ID/status', { status: 'confirmed' }],
    ['confirm a confirmed booking', 'confirmed', '/api/bookings/ID/status', { status: 'confirmed' }],
    ['cancel a cancelled booking', 'cancelled', '/api/bookings/ID/status', { status: 'cancelled' }],
    ['cancel a declined request', 'rejected', '/api/bookings/ID/status', { status: 'cancelled' }],
  ])('refuses to %s with 409 and changes nothing', async (_name, start, url, body) => {
    const created = (await book(t, bookingRequest({ date: openDay(7), time: '09:00' }))).json();
    await t.sql(`UPDATE bookings SET status = $1, expires_at = NULL WHERE id = $2`, [start, created.id]);
    const before = await outbox(t, created.id);
    const res = await t.admin.patch(url.replace('ID', String(created.id)), body);
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBeTruthy();
    const after = await t.get(`/api/bookings/token/${created.cancelToken}`);
    expect(after.json().status).toBe(start);
    expect(await outbox(t, created.id)).toEqual(before);
    await t.sql(`DELETE FROM bookings WHERE id = $1`, [created.id]);
  });

  it('refuses statuses outside each call’s set, and unknown ids', async () => {
    const created = (await book(t, bookingRequest({ date: openDay(8), time: '09:00' }))).json();
    expect((await t.admin.patch(`/api/admin/bookings/${created.id}/status`, { status: 'cancelled' })).statusCode).toBe(
      400,
    );
    expect((await t.admin.patch(`/api/bookings/${created.id}/status`, { status: 'rejected' })).statusCode).toBe(400);
    expect((await t.admin.patch(`/api/bookings/${created.id}/status`, { status: 'pending' })).statusCode).toBe(400);
    expect((await t.admin.patch('/api/bookings/999999/status', { status: 'confirmed' })).statusCode).toBe(404);
  });

  it('confirms and cancels from the calendar, with the spec’s e-mails', async () => {
    const created = (await book(t, bookingRequest({ date: openDay(8), time: '11:00' }))).json();
    expect((await t.admin.patch(`/api/bookings/${created.id}/status`, { status: 'confirmed' })).json().status).toBe(
      'confirmed',
    );
    expect((await t.admin.patch(`/api/bookings/${created.id}/status`, { status: 'cancelled' })).json().status).toBe(
      'cancelled',
    );
    const mails = await outbox(t, created.id);
    expect(mails.find((m) => m.kind === 'booking_confirmed')!.subject).toBe('Your appointment has been confirmed');
    expect(mails.find((m) => m.kind === 'booking_cancelled_by_admin')!.subject).toBe(
      'Your appointment has been cancelled',
    );
  });

  it('lists the calendar range without rejected bookings, the pending list, and all bookings', async () => {
    const date = openDay(9);
    const p = (await book(t, bookingRequest({ date, time: '09:00' }))).json();
    const r = (await book(t, bookingRequest({ date, time: '11:00' }))).json();
    const c = (await book(t, bookingRequest({ date, time: '13:00' }))).json();
    await t.admin.patch(`/api/admin/bookings/${r.id}/status`, { status: 'rejected' });
    await t.admin.patch(`/api/admin/bookings/${c.id}/status`, { status: 'confirmed' });

    const range = (await t.admin.get(`/api/bookings/range?startDate=${date}&endDate=${date}`)).json<{ id: number }[]>();
    expect(range.map((b) => b.id)).toEqual([p.id, c.id]);
    const pending = (await t.admin.get('/api/admin/bookings/pending')).json<{ id: number; status: string }[]>();
    expect(pending.every((b) => b.status === 'pending')).toBe(true);
    expect(pending.map((b) => b.id)).toContain(p.id);
    expect(pending.map((b) => b.id)).not.toContain(c.id);
    const all = (await t.admin.get('/api/admin/bookings')).json<{ id: number }[]>();
    expect(all.map((b) => b.id)).toEqual(expect.arrayContaining([p.id, r.id, c.id]));

    expect((await t.admin.get(`/api/bookings/range?startDate=${date}`)).statusCode).toBe(400);
    expect(
      (await t.admin.get(`/api/bookings/range?startDate=${date}&endDate=${addDaysToDate(date, 70)}`)).statusCode,
    ).toBe(400);
  });
});

describe('pending requests that nobody answers', () => {
  it('expire: the slot is freed, the client is told, and they can no longer be approved', async () => {
    const date = openDay(10);
    const created = (await book(t, bookingRequest({ date, time: '09:00' }))).json();
    await t.sql(`UPDATE bookings SET expires_at = now() - interval '1 minute' WHERE id = $1`, [created.id]);

    // Before the job has run, approving is already refused and the slot is already offered.
    const approve = await t.admin.patch(`/api/admin/bookings/${created.id}/status`, { status: 'confirmed' });
    expectRejected(approve, 409, 'This booking request expired before it was answered');
    const slots = (await t.get(`/api/availability/${date}`)).json().timeSlots as string[];
    expect(slots).toContain('09:00');

    const result = await runJobsOnce(t.database.db, t.config);
    expect(result.expired).toBeGreaterThanOrEqual(1);
    const after = (await t.get(`/api/bookings/token/${created.cancelToken}`)).json();
    expect(after.status).toBe('rejected');
    expect((await outbox(t, created.id)).map((m) => m.kind)).toContain('booking_expired');
    expect((await book(t, bookingRequest({ date, time: '09:00', firstName: 'Next' }))).statusCode).toBe(201);
  });

  it('a new booking frees an expired request’s slot itself, without waiting for the job', async () => {
    const date = openDay(10);
    const created = (await book(t, bookingRequest({ date, time: '13:00' }))).json();
    await t.sql(`UPDATE bookings SET expires_at = now() - interval '1 minute' WHERE id = $1`, [created.id]);
    expect((await book(t, bookingRequest({ date, time: '13:00', firstName: 'Next' }))).statusCode).toBe(201);
  });
});

describe('automatic reminders', () => {
  it('queue one reminder for a confirmed appointment inside the reminder window', async () => {
    const created = (await book(t, bookingRequest({ date: openDay(11), time: '09:00' }))).json();
    await t.admin.patch(`/api/bookings/${created.id}/status`, { status: 'confirmed' });
    // Move it to start in 20 hours, confirmed two days ago.
    await t.sql(
      `UPDATE bookings SET starts_at = now() + interval '20 hours', ends_at = now() + interval '21 hours',
              buffer_ends_at = now() + interval '21 hours 30 minutes', status_changed_at = now() - interval '2 days' WHERE id = $1`,
      [created.id],
    );
    const first = await runJobsOnce(t.database.db, t.config);
    const second = await runJobsOnce(t.database.db, t.config);
    expect(first.reminders).toBe(1);
    expect(second.reminders).toBe(0);
    const reminders = (await outbox(t, created.id)).filter((m) => m.kind === 'booking_reminder');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]!.subject).toBe('Appointment Reminder');
  });
});
