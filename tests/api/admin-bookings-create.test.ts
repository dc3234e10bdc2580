// @both-databases: two admin bookings race for one slot (row locks)
/**
 * POST /api/admin/bookings ('Bookings she takes herself'; docs/product.md §4): the visitor's refusals, each
 * named by its cause, unless she confirms 'Book anyway'; never over another visit; her client linked or a new one; the
 * usual e-mail only when she asks; nothing changed by a refusal; one booking of two at once.
 * Base is Raglan, demo hours Monday to Saturday 09:00-17:00; Hamilton is about 45 km by road.
 */
import { describe, expect, it } from 'vitest';
import { HEALTH_CONSENT } from '../../src/shared/health-form';
import { OUTSIDE_SERVICE_AREA, SLOT_TAKEN } from '../../src/shared/messages';
import type { AdminBooking } from '../../src/shared/schemas/booking';
import type { Service } from '../../src/shared/schemas/service';
import { serviceOptions } from '../../src/shared/service-options';
import { addDaysToDate, nzInstant, nzToday } from '../../src/shared/time';
import { NO_SUCH_TIME, TIME_PASSED } from '../../src/server/modules/bookings/admin-create';
import { useTestApp, type ApiTestApp } from '../helpers/app';
import { book, bookingRequest, closedSunday, openDay, outbox } from '../helpers/bookings';
import { expectInvalid, expectRejected, expectUnchanged } from '../helpers/expect-rejected';
import { TEST_ADMIN } from '../helpers/fixtures';
import { QUIET_HEALTH_ANSWERS } from '../helpers/health-answers';

const t = useTestApp({ signedIn: true });

const RAGLAN = '12 Bow Street, Raglan';
const HAMILTON = '100 Victoria Street, Hamilton';
const AUCKLAND = '1 Queen Street, Auckland';
const REFUSED_PREFIX = 'A visitor could not book this time: ';

let phones = 0;
/** A booking she takes by phone, for a new person each time unless told otherwise. */
function body(over: Record<string, unknown> = {}) {
  phones++;
  return {
    firstName: 'Hine',
    lastName: 'Walker',
    email: `hine${phones}@example.nz`,
    phone: `021 7${String(phones).padStart(6, '0')}`,
    serviceLengthId: 1,
    duration: 60,
    date: openDay(0),
    time: '10:00',
    address: RAGLAN,
    status: 'confirmed',
    ...over,
  };
}

const create = (app: ApiTestApp, payload: unknown) => app.admin.post('/api/admin/bookings', payload);

async function created(payload: unknown): Promise<AdminBooking> {
  const res = await create(t, payload);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<AdminBooking>();
}

/** Everything a refused booking must leave as it was. */
async function state(app: ApiTestApp = t) {
  const [row] = await app.sql<Record<string, number>>(
    `SELECT (SELECT count(*)::int FROM bookings) AS bookings, (SELECT count(*)::int FROM clients) AS clients,
       (SELECT count(*)::int FROM client_contacts) AS contacts, (SELECT count(*)::int FROM email_outbox) AS emails,
       (SELECT count(*)::int FROM client_access_log) AS log`,
  );
  return row;
}

async function priceOf(serviceId: number, duration: number): Promise<number> {
  const services = await t.getJson<Service[]>('/api/services');
  const service = services.find((s) => s.id === serviceId)!;
  return serviceOptions(service).find((o) => o.duration === duration)!.price;
}

/** Her other calendar 'Family' with one busy time on the date. */
async function familyBusy(date: string, from: string, to: string) {
  const [calendar] = await t.sql<{ id: number }>(
    `INSERT INTO other_calendars (name, kind, url) VALUES ('Family', 'ics', 'https://example.test/family.ics') RETURNING id`,
  );
  await t.sql(
    'INSERT INTO calendar_busy (calendar_id, starts_at, ends_at, title, all_day) VALUES ($1, $2, $3, $4, false)',
    [calendar!.id, nzInstant(date, from).toISOString(), nzInstant(date, to).toISOString(), 'Dentist'],
  );
}

describe('POST /api/admin/bookings', () => {
  it('is hers alone: 401 without a session, and nothing stored', async () => {
    const res = await expectUnchanged(state, () => t.post('/api/admin/bookings', body()));
    expectRejected(res, 401);
  });

  it('confirms at once: the server prices it, links a new client, e-mails the client only, with the health form', async () => {
    const payload = body({ date: openDay(0), time: '10:00', duration: 90 });
    const b = await created(payload);
    expect(b).toMatchObject({
      status: 'confirmed',
      date: payload.date,
      time: '10:00',
      duration: 90,
      price: await priceOf(1, 90),
      travelCost: 0,
      address: RAGLAN,
      firstName: 'Hine',
      email: payload.email,
      expiresAt: null,
      bookedBy: TEST_ADMIN.username,
      healthForm: 'missing',
      depositCents: 0,
      clientMatch: null,
    });
    expect(b.overrideReason).toBeUndefined();
    expect(b.clientId).toEqual(expect.any(Number));
    const [client] = await t.sql<{ first_name: string; email: string }>('SELECT * FROM clients WHERE id = $1', [
      b.clientId,
    ]);
    expect(client).toMatchObject({ first_name: 'Hine', email: payload.email });
    // The confirmation to the client; nothing to her (she made it), no push.
    const mails = await outbox(t, b.id);
    expect(mails.map((m) => [m.kind, m.to_address])).toEqual([['booking_confirmed', payload.email]]);
    const [text] = await t.sql<{ text_body: string }>('SELECT text_body FROM email_outbox WHERE booking_id = $1', [
      b.id,
    ]);
    expect(text!.text_body).toContain('Please fill in a short health form before your visit.');
    expect(text!.text_body).toContain(`/booking/health/${b.cancelToken}`);
    const pushes = await t.sql('SELECT 1 FROM push_outbox');
    expect(pushes).toEqual([]);
    // The client's access log says who booked it.
    const log = await t.sql<{ actor: string; action: string; detail: string }>(
      'SELECT actor, action, detail FROM client_access_log WHERE client_id = $1',
      [b.clientId],
    );
    expect(log).toEqual([{ actor: TEST_ADMIN.username, action: 'book', detail: expect.stringMatching(/^Booked /) }]);
    // It is in her calendar as any booking.
    const range = await t.admin.getJson<AdminBooking[]>(
      `/api/bookings/range?startDate=${payload.date}&endDate=${payload.date}`,
    );
    expect(range.map((r) => r.id)).toContain(b.id);
  });

  it('holds a pending one until she confirms it or it starts, with the request e-mail to the client alone', async () => {
    const payload = body({ date: openDay(1), time: '11:00', status: 'pending' });
    const b = await created(payload);
    expect(b.status).toBe('pending');
    expect(b.expiresAt).toBe(nzInstant(payload.date, '11:00').toISOString());
    expect((await outbox(t, b.id)).map((m) => m.kind)).toEqual(['booking_received']);
    const res = await t.admin.patch(`/api/admin/bookings/${b.id}/status`, { status: 'confirmed' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('sends nothing without notifyClient, and no automatic reminder later', async () => {
    const b = await created(body({ date: openDay(2), time: '09:00', notifyClient: false }));
    expect(await outbox(t, b.id)).toEqual([]);
    const [row] = await t.sql<{ reminder_queued_at: Date | null }>(
      'SELECT reminder_queued_at FROM bookings WHERE id = $1',
      [b.id],
    );
    expect(row!.reminder_queued_at).not.toBeNull();
  });

  it('links the client she picks, whose details stay as they are; no health link when their form is up to date', async () => {
    const first = await created(body({ date: openDay(3), time: '09:00', notifyClient: false }));
    const [before] = await t.sql('SELECT first_name, last_name, email, phone FROM clients WHERE id = $1', [
      first.clientId,
    ]);
    const filled = await t.post(`/api/bookings/token/${first.cancelToken}/health-form`, {
      answers: QUIET_HEALTH_ANSWERS,
      consent: { version: HEALTH_CONSENT.version, fullName: 'Hine Walker' },
    });
    expect(filled.statusCode, filled.body).toBe(201);
    // Booked again for the same person, typed with a new phone: the booking is theirs, the phone joins them.
    const again = await created(
      body({ clientId: first.clientId, firstName: 'Hine', date: openDay(3), time: '14:00', phone: '027 555 1234' }),
    );
    expect(again.clientId).toBe(first.clientId);
    expect(again.clientMatch).toBeNull();
    expect(again.healthForm).toBe('current');
    const [after] = await t.sql('SELECT first_name, last_name, email, phone FROM clients WHERE id = $1', [
      first.clientId,
    ]);
    expect(after).toEqual(before);
    const phones = await t.sql<{ value: string }>(
      "SELECT value FROM client_contacts WHERE client_id = $1 AND kind = 'phone' ORDER BY id",
      [first.clientId],
    );
    expect(phones.map((p) => p.value)).toContain('+64275551234');
    const [mail] = await t.sql<{ text_body: string }>(
      "SELECT text_body FROM email_outbox WHERE booking_id = $1 AND kind = 'booking_confirmed'",
      [again.id],
    );
    expect(mail!.text_body).not.toContain('health form');
  });

  it('without clientId, an e-mail she already knows makes a new client flagged as a possible match', async () => {
    const first = await created(body({ date: openDay(4), time: '09:00', notifyClient: false }));
    const [known] = await t.sql<{ email: string }>('SELECT email FROM clients WHERE id = $1', [first.clientId]);
    const second = await created(
      body({ date: openDay(4), time: '13:00', firstName: 'Someone', email: known!.email, notifyClient: false }),
    );
    expect(second.clientId).not.toBe(first.clientId);
    expect(second.clientMatch).toMatchObject({ clientId: first.clientId });
  });

  it('refuses an unknown or erased client with 404, and changes nothing', async () => {
    const res = await expectUnchanged(state, () => create(t, body({ clientId: 999_999, date: openDay(5) })));
    expectRejected(res, 404, { code: 'CLIENT_NOT_FOUND', message: 'Client not found' });
  });

  it('answers 400 naming each bad field, with the booking form’s messages', async () => {
    const res = await expectUnchanged(state, () =>
      create(t, { ...body(), firstName: ' ', email: 'nope', status: 'maybe', time: '25:00' }),
    );
    expectInvalid(res, [
      { path: 'firstName', message: 'First name is required' },
      { path: 'email', message: 'Please enter a valid email' },
      { path: 'time', message: 'Please select a time' },
      { path: 'status', message: 'Status must be confirmed or pending' },
    ]);
    expectRejected(
      await create(t, body({ duration: 45 })),
      400,
      'Please choose one of the durations this service offers',
    );
    expectRejected(await create(t, body({ serviceLengthId: 9999 })), 400, 'Please select a service');
  });

  it('refuses a time already past and one the clocks skip, even with override', async () => {
    const yesterday = addDaysToDate(nzToday(), -1);
    const past = await expectUnchanged(state, () => create(t, body({ date: yesterday, override: true })));
    expectInvalid(past, [{ path: 'time', message: TIME_PASSED }]);
    // 2:30 AM on the last Sunday of September does not exist in New Zealand.
    let dstStart = `${Number(nzToday().slice(0, 4)) + 1}-09-30`;
    while (new Date(`${dstStart}T00:00:00Z`).getUTCDay() !== 0) dstStart = addDaysToDate(dstStart, -1);
    const skipped = await create(t, body({ date: dstStart, time: '02:30', override: true }));
    expectInvalid(skipped, [{ path: 'time', message: NO_SUCH_TIME }]);
  });

  describe("each visitor's refusal names its cause, changes nothing, and 'Book anyway' takes it, recorded", () => {
    async function refusedThenOverridden(payload: Record<string, unknown>, status: number, code: string) {
      const refused = await expectUnchanged(state, () => create(t, payload));
      const error = expectRejected(refused, status);
      expect(error.code).toBe(code);
      const b = await created({ ...payload, override: true });
      expect(b.bookedBy).toBe(TEST_ADMIN.username);
      const [log] = await t.sql<{ detail: string }>(
        "SELECT detail FROM client_access_log WHERE client_id = $1 AND action = 'book'",
        [b.clientId],
      );
      expect(log!.detail).toContain(`overriding: ${b.overrideReason}`);
      return { message: error.message, booking: b };
    }

    it('a closed day', async () => {
      const { message, booking } = await refusedThenOverridden(body({ date: closedSunday() }), 409, 'SLOT_TAKEN');
      expect(message).toBe(`${REFUSED_PREFIX}Closed on Sundays.`);
      expect(booking.overrideReason).toBe('Closed on Sundays');
    });

    it('before opening', async () => {
      const { message } = await refusedThenOverridden(body({ date: openDay(6), time: '07:45' }), 409, 'SLOT_TAKEN');
      expect(message).toBe(`${REFUSED_PREFIX}Before opening at 9:00 AM.`);
    });

    it('a blocked date', async () => {
      const date = openDay(7);
      const blocked = await t.admin.post('/api/blocked-dates', { date, isFullDay: true, reason: 'Course' });
      expect(blocked.statusCode, blocked.body).toBe(201);
      const { message } = await refusedThenOverridden(body({ date }), 409, 'SLOT_TAKEN');
      expect(message).toBe(`${REFUSED_PREFIX}Blocked all day: Course.`);
    });

    it('her other calendars', async () => {
      const date = openDay(8);
      await familyBusy(date, '10:30', '11:00');
      const { message } = await refusedThenOverridden(body({ date, time: '10:00' }), 409, 'SLOT_TAKEN');
      expect(message).toBe(`${REFUSED_PREFIX}Busy in Family, 10:30-11:00 AM.`);
      // The event's title is hers alone: never in the answer.
      expect(message).not.toContain('Dentist');
    });

    it('the booking window', async () => {
      const date = addDaysToDate(nzToday(), t.config.booking.horizonDays + 3);
      const payload = body({ date, time: '10:00' });
      // Whatever the weekday, the window is named among the reasons.
      const refused = expectRejected(await create(t, payload), 409);
      expect(refused.message).toContain(`Beyond the ${t.config.booking.horizonDays}-day booking window`);
      expect((await created({ ...payload, override: true })).overrideReason).toContain('booking window');
    });

    it('the drive (the route rule)', async () => {
      // From base at opening she cannot reach Hamilton by 9:00.
      const { message, booking } = await refusedThenOverridden(
        body({ date: openDay(9), time: '09:00', address: HAMILTON, status: 'pending' }),
        409,
        'ROUTE_DOES_NOT_FIT',
      );
      expect(message.startsWith(REFUSED_PREFIX)).toBe(true);
      expect(booking.travelCost).toBeGreaterThan(0);
      // Her confirmation of the hold stands: the route was overridden knowingly.
      const res = await t.admin.patch(`/api/admin/bookings/${booking.id}/status`, { status: 'confirmed' });
      expect(res.statusCode, res.body).toBe(200);
    });

    it('beyond the service area: 400 on the address, then the extended fee', async () => {
      const payload = body({ date: openDay(10), address: AUCKLAND });
      const refused = await expectUnchanged(state, () => create(t, payload));
      expectInvalid(refused, [{ path: 'address', message: OUTSIDE_SERVICE_AREA }]);
      expect(refused.json()).toMatchObject({ code: 'OUTSIDE_SERVICE_AREA' });
      const b = await created({ ...payload, override: true });
      expect(b).toMatchObject({ isOutsideServiceArea: true, travelCost: t.config.travel.extendedFeeCents });
      expect(b.overrideReason).toContain(OUTSIDE_SERVICE_AREA);
    });
  });

  it('never overlaps another visit, gap included, even with override: 409 naming it, nothing changed', async () => {
    const date = openDay(11);
    const visitor = await book(t, bookingRequest({ date, time: '10:00', firstName: 'Ana', lastName: 'Smith' }));
    expect(visitor.statusCode, visitor.body).toBe(201);
    const gap = t.config.booking.bufferMinutes;
    for (const time of ['10:30', '09:30', '11:00']) {
      const res = await expectUnchanged(state, () => create(t, body({ date, time, override: true })));
      expectRejected(res, 409, {
        code: 'BOOKING_OVERLAP',
        message: `This time overlaps Ana Smith's visit 10:00-11:00 AM (+${gap} min gap). Move or cancel that one first: two visits can never overlap, even with 'Book anyway'.`,
      });
    }
    // Right after the gap: the route rule may still refuse, but never as an overlap.
    const after = await create(t, body({ date, time: `11:${String(gap).padStart(2, '0')}`, override: true }));
    expect(after.statusCode, after.body).toBe(201);
  });

  it('of two bookings for one slot at once, one is taken and the other refused', async () => {
    const date = openDay(12);
    for (const override of [false, true]) {
      const time = override ? '14:00' : '10:00';
      const answers = await Promise.all([
        create(t, body({ date, time, override })),
        create(t, body({ date, time, override })),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
      expect(answers.find((a) => a.statusCode === 409)!.json()).toMatchObject({ code: 'BOOKING_OVERLAP' });
    }
    const [row] = await t.sql<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings a JOIN bookings b ON a.id < b.id AND a.occupied && b.occupied
       WHERE a.status IN ('pending','confirmed') AND b.status IN ('pending','confirmed')`,
    );
    expect(row!.n).toBe(0);
  });
});

describe('short notice', () => {
  // A visitor needs 14 days' notice here; she does not.
  const n = useTestApp({ signedIn: true, env: { BOOKING_MIN_NOTICE_HOURS: String(24 * 14) } });

  it('is a visitor’s rule, not hers: she books inside it without override', async () => {
    const date = openDay(0);
    const visitor = await book(n, bookingRequest({ date, time: '10:00' }));
    expectRejected(visitor, 409, SLOT_TAKEN);
    const res = await create(n, body({ date, time: '10:00' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<AdminBooking>().overrideReason).toBeUndefined();
  });
});
