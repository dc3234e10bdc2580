/**
 * The server side of the admin dashboard's Appointments and Pending tabs (docs/product.md §2 "Admin dashboard"): the
 * side column's summary, the 'Send reminder' call, and how approving answers a request
 * that expired or was cancelled meanwhile, and what a note with HTML becomes in the e-mail.
 * The api project runs with TZ=UTC, so "today" here is checked against the Auckland date.
 */
import { and, asc, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { UPCOMING_LIST_SIZE } from '../../src/shared/constants';
import type { AdminBookingSummary, Booking } from '../../src/shared/schemas/booking';
import { addDaysToDate, nzInstant, nzToday } from '../../src/shared/time';
import { emailOutbox } from '../../src/server/db/schema';
import { runJobsOnce } from '../../src/server/jobs';
import { REQUEST_EXPIRED } from '../../src/server/modules/bookings/booking-service';
import { REMINDER_NOT_CONFIRMED, REMINDER_TOO_LATE } from '../../src/server/modules/bookings/reminder';
import { bookingSummary } from '../../src/server/modules/bookings/summary';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay, outbox } from '../helpers/bookings';
import { expectRejected, expectUnchanged } from '../helpers/expect-rejected';

const t = useTestApp({ signedIn: true });

/** A pending request made through the public form. */
async function request(date: string, time: string, over: Record<string, unknown> = {}): Promise<Booking> {
  const res = await book(t, bookingRequest({ date, time, ...over }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

/** The calendar's status call (confirm or cancel), which must succeed. */
async function setStatus(b: Booking, status: 'confirmed' | 'cancelled'): Promise<Booking> {
  const res = await t.admin.patch(`/api/bookings/${b.id}/status`, { status });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Booking>();
}

const confirmedAt = async (date: string, time: string) => setStatus(await request(date, time), 'confirmed');

/**
 * Moves a booking to an Auckland date and time the public form would refuse (today, the
 * past), keeping its instants consistent with its date and time as the service writes them.
 */
async function moveTo(b: Booking, date: string, time: string): Promise<Booking> {
  const startsAt = nzInstant(date, time);
  const endsAt = new Date(startsAt.getTime() + b.duration * 60_000);
  const bufferEndsAt = new Date(endsAt.getTime() + t.config.booking.bufferMinutes * 60_000);
  await t.sql(
    'UPDATE bookings SET date = $1, time = $2, starts_at = $3, ends_at = $4, buffer_ends_at = $5 WHERE id = $6',
    [date, time, startsAt.toISOString(), endsAt.toISOString(), bufferEndsAt.toISOString(), b.id],
  );
  return { ...b, date, time };
}

const summary = () => t.admin.getJson<AdminBookingSummary>('/api/admin/bookings/summary');
const ids = (list: { id: number }[]) => list.map((b) => b.id);

/** The stored e-mail of one kind for a booking: what the worker will send, as stored. */
async function storedMail(bookingId: number, kind: string) {
  const rows = await t.database.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.bookingId, bookingId), eq(emailOutbox.kind, kind)))
    .orderBy(asc(emailOutbox.id));
  expect(rows, `${kind} e-mails of booking ${bookingId}`).toHaveLength(1);
  return rows[0]!;
}

describe('GET /api/admin/bookings/summary', () => {
  // Each test counts from an empty table (the outbox keeps its rows: booking_id is set null).
  beforeEach(async () => {
    await t.sql('DELETE FROM bookings');
  });

  it('answers zeros and an empty list when there is nothing', async () => {
    expect(await summary()).toEqual({ today: 0, upcoming: 0, next: [] });
  });

  it('counts confirmed bookings dated today in Auckland, and from today on; nothing else counts', async () => {
    const today = nzToday();
    const day = openDay(0);
    // Confirmed, today at midnight: counts today and upcoming, but has started, so is not "next".
    const startedToday = await moveTo(await confirmedAt(day, '09:00'), today, '00:00');
    // Confirmed, yesterday in Auckland (in the UTC morning that is "today" in UTC): counts nowhere.
    await moveTo(await confirmedAt(day, '11:00'), addDaysToDate(today, -1), '10:00');
    // Pending today: only confirmed bookings count (docs/product.md §4).
    await moveTo(await request(day, '13:00'), today, '01:30');
    // Confirmed, ahead: upcoming and next.
    const ahead = await confirmedAt(openDay(1), '09:00');
    // Cancelled and declined ones ahead: neither.
    await setStatus(await confirmedAt(openDay(1), '11:00'), 'cancelled');
    const declined = await request(openDay(1), '13:00');
    expect((await t.admin.patch(`/api/admin/bookings/${declined.id}/status`, { status: 'rejected' })).statusCode).toBe(
      200,
    );

    const s = await summary();
    expect({ today: s.today, upcoming: s.upcoming }).toEqual({ today: 1, upcoming: 2 });
    expect(ids(s.next)).toEqual([ahead.id]);
    expect(ids(s.next)).not.toContain(startedToday.id);
    // Whole bookings, as every other list answers them, with their client and its alerts (docs/product.md §12).
    expect(s.next[0]).toEqual({
      ...ahead,
      clientId: expect.any(Number),
      clientAlerts: [],
      // Every request here is Ana Smith's: after the first, each has a client of its own that may be hers, until
      // she decides (docs/decisions/034).
      clientMatch: {
        clientId: expect.any(Number),
        name: 'Ana Smith',
        same: ['e-mail', 'name', 'phone'],
        different: [],
      },
      outcome: null,
      lateCancellation: false,
      hasNote: false,
      healthFlags: [],
      healthForm: 'missing',
      balance: {
        totalCents: ahead.price + ahead.travelCost,
        receivedCents: 0,
        owedCents: ahead.price + ahead.travelCost,
        status: 'unpaid',
      },
      // docs/product.md §18.2: her screens carry the deposit's fields, not the client's payment instructions.
      deposit: undefined,
      depositCents: 0,
      depositReference: null,
      depositStatus: null,
      depositDueCents: 0,
      // docs/product.md §19: her screens say when a distance is the offline estimate (no maps provider in the tests).
      travelSource: 'estimate',
    });
  });

  it(`lists the next ${UPCOMING_LIST_SIZE} confirmed bookings that have not started, by date and time`, async () => {
    // Made out of order, on two days; a pending one among the earliest is left out.
    const d2 = openDay(2);
    const d3 = openDay(3);
    const made = {
      d3at13: await confirmedAt(d3, '13:00'),
      d2at15: await confirmedAt(d2, '15:00'),
      d3at09: await confirmedAt(d3, '09:00'),
      d2at09: await confirmedAt(d2, '09:00'),
      d3at11: await confirmedAt(d3, '11:00'),
      d2at13: await confirmedAt(d2, '13:00'),
    };
    await request(d2, '11:00');
    await moveTo(await confirmedAt(openDay(4), '09:00'), nzToday(), '00:00'); // started

    const s = await summary();
    expect(s.upcoming).toBe(7);
    expect(s.next).toHaveLength(UPCOMING_LIST_SIZE);
    expect(s.next.every((b) => b.status === 'confirmed')).toBe(true);
    expect(ids(s.next)).toEqual(ids([made.d2at09, made.d2at13, made.d2at15, made.d3at09, made.d3at11]));
  });

  it('takes "today" from the Auckland clock, not the server’s zone (fixed instant)', async () => {
    // 08:00 in Auckland is the evening before in UTC (19:00 or 20:00), so a server that took
    // its own date for "today" would count the day before instead.
    const day = openDay(20);
    const now = nzInstant(day, '08:00');
    expect(now.toISOString().slice(0, 10)).toBe(addDaysToDate(day, -1));

    const dayBefore = await moveTo(await confirmedAt(openDay(5), '09:00'), addDaysToDate(day, -1), '16:00');
    const early = await moveTo(await confirmedAt(openDay(5), '11:00'), day, '07:00'); // started at 08:00
    const nine = await moveTo(await confirmedAt(openDay(5), '13:00'), day, '09:00');
    const tomorrow = await moveTo(await confirmedAt(openDay(5), '15:00'), addDaysToDate(day, 1), '09:00');

    const s = await bookingSummary(t.database.db, t.app.secretBox, now);
    expect({ today: s.today, upcoming: s.upcoming }).toEqual({ today: 2, upcoming: 3 });
    expect(ids(s.next)).toEqual([nine.id, tomorrow.id]);
    expect(ids(s.next)).not.toContain(early.id);
    expect(ids(s.next)).not.toContain(dayBefore.id);
  });

  it('requires a session', async () => {
    expectRejected(await t.get('/api/admin/bookings/summary'), 401, 'Authentication required');
  });
});

describe('POST /api/admin/bookings/{id}/reminder', () => {
  const remind = (id: number | string) => t.admin.post(`/api/admin/bookings/${id}/reminder`);

  it('queues the Appointment Reminder for a confirmed booking through the outbox and answers its id', async () => {
    const b = await confirmedAt(openDay(6), '09:00');
    const res = await remind(b.id);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<{ message: string; id: number }>();
    expect(body).toEqual({ message: 'Reminder queued', id: expect.any(Number) });

    const row = await storedMail(b.id, 'booking_reminder');
    expect(row).toMatchObject({
      id: body.id,
      toAddress: b.email,
      subject: 'Appointment Reminder',
      status: 'pending',
      attempts: 0,
    });
    expect(row.textBody).toContain('This is a friendly reminder about your upcoming appointment');
    // The automatic reminder's own mark is not set: the job still sends its one (docs/product.md §4 E-mails).
    const [stored] = await t.sql<{ reminder_queued_at: Date | null }>(
      'SELECT reminder_queued_at FROM bookings WHERE id = $1',
      [b.id],
    );
    expect(stored!.reminder_queued_at).toBeNull();
  });

  it.each([
    ['pending', (b: Booking) => Promise.resolve(b)],
    ['cancelled', (b: Booking) => setStatus(b, 'cancelled')],
    [
      'declined',
      async (b: Booking) => {
        await t.admin.patch(`/api/admin/bookings/${b.id}/status`, { status: 'rejected' });
        return b;
      },
    ],
  ])('refuses a %s booking with 409 and queues nothing', async (_name, prepare) => {
    const b = await prepare(await request(openDay(7), '09:00'));
    const res = await expectUnchanged(
      () => outbox(t, b.id),
      () => remind(b.id),
    );
    expectRejected(res, 409, REMINDER_NOT_CONFIRMED);
    await t.sql('DELETE FROM bookings WHERE id = $1', [b.id]);
  });

  it('refuses an appointment that has already started with 409 and queues nothing', async () => {
    const b = await moveTo(await confirmedAt(openDay(7), '11:00'), nzToday(), '00:00');
    const res = await expectUnchanged(
      () => outbox(t, b.id),
      () => remind(b.id),
    );
    expectRejected(res, 409, REMINDER_TOO_LATE);
  });

  it('answers 404 for an unknown booking and 400 for a malformed id', async () => {
    expectRejected(await remind(999_999), 404, 'Booking not found');
    expectRejected(await remind('abc'), 400, 'Invalid id');
  });

  it('requires a session', async () => {
    const b = await confirmedAt(openDay(7), '13:00');
    const res = await expectUnchanged(
      () => outbox(t, b.id),
      () => t.post(`/api/admin/bookings/${b.id}/reminder`),
    );
    expectRejected(res, 401, 'Authentication required');
  });
});

describe('approving or rejecting a request that changed meanwhile', () => {
  const decide = (b: Booking, status: 'confirmed' | 'rejected') =>
    t.admin.patch(`/api/admin/bookings/${b.id}/status`, { status });
  const mailKinds = async (b: Booking) => (await outbox(t, b.id)).map((m) => m.kind);

  it('answers 409 "expired" for a request past its time, before and after the expiry job closed it', async () => {
    const b = await request(openDay(8), '09:00');
    await t.sql(`UPDATE bookings SET expires_at = now() - interval '1 minute' WHERE id = $1`, [b.id]);
    for (const status of ['confirmed', 'rejected'] as const)
      expectRejected(await decide(b, status), 409, REQUEST_EXPIRED);
    expectRejected(await t.admin.patch(`/api/bookings/${b.id}/status`, { status: 'confirmed' }), 409, REQUEST_EXPIRED);

    await runJobsOnce(t.database.db, t.config);
    // Closed by the job (stored as rejected): still "expired", not "declined".
    expectRejected(await decide(b, 'confirmed'), 409, REQUEST_EXPIRED);
    expectRejected(await decide(b, 'rejected'), 409, REQUEST_EXPIRED);
    expect(await mailKinds(b)).toEqual(['booking_received', 'practice_new_request', 'booking_expired']);
  });

  it('answers 409 for a request the client cancelled meanwhile, and e-mails nothing more', async () => {
    const b = await request(openDay(8), '11:00');
    expect((await t.post(`/api/bookings/cancel/${b.cancelToken}`)).statusCode).toBe(200);
    const before = await mailKinds(b);
    for (const status of ['confirmed', 'rejected'] as const)
      expectRejected(await decide(b, status), 409, 'This booking has been cancelled');
    expect(await mailKinds(b)).toEqual(before);
    expect((await t.get(`/api/bookings/token/${b.cancelToken}`)).json<Booking>().status).toBe('cancelled');
  });
});

describe('a note with HTML in it', () => {
  const NOTE = '<b>bring towels</b> & "oil"';
  const ESCAPED = '&lt;b&gt;bring towels&lt;/b&gt; &amp; &quot;oil&quot;';

  it.each([
    ['approving', 'confirmed', 'booking_confirmed'],
    ['rejecting', 'rejected', 'booking_rejected'],
  ])('%s: reaches the client escaped in the HTML part and as typed in the text part', async (_name, status, kind) => {
    const b = await request(openDay(9), status === 'confirmed' ? '09:00' : '11:00');
    const res = await t.admin.patch(`/api/admin/bookings/${b.id}/status`, { status, adminNote: `  ${NOTE}  ` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Booking>().adminNote).toBe(NOTE);

    const row = await storedMail(b.id, kind);
    expect(row.toAddress).toBe(b.email);
    expect(row.htmlBody).toContain(ESCAPED);
    expect(row.htmlBody).not.toContain('<b>bring towels</b>');
    expect(row.textBody).toContain(NOTE);
    expect(row.textBody).not.toContain('&lt;');
  });
});
