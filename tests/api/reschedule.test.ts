/**
 * docs/product.md §4 "Changing a visit", 'Change time': POST /api/bookings/token/{token}/reschedule moves a visit
 * through its private link. The same rules as a new request, one transaction (the old time freed as the new one is
 * taken), the status kept, e-mails with the updated calendar file (same UID, higher SEQUENCE, read with ical.js), the
 * cut-off near the start (also for the link's cancel), and the clear refusals that change nothing.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { changeCutoffMessage, ROUTE_DOES_NOT_FIT, SLOT_TAKEN } from '../../src/shared/messages';
import type { AvailabilityResponse, Booking } from '../../src/shared/schemas/booking';
import { nzDateOf, nzInstant, nzTimeOf } from '../../src/shared/time';
import type { OutboxAttachment } from '../../src/server/db/schema';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, closedSunday, openDay } from '../helpers/bookings';
import { expectRejected, expectUnchanged } from '../helpers/expect-rejected';

const t = useTestApp({ signedIn: true });

const RAGLAN = '12 Bow Street, Raglan';
const HAMILTON = '100 Victoria Street, Hamilton';

const reschedule = (token: string, body: unknown) => t.post(`/api/bookings/token/${token}/reschedule`, body);

let emails = 0;
/** A new pending request (each with its own client). */
async function request(date: string, time: string, over: Record<string, unknown> = {}): Promise<Booking> {
  const res = await book(t, bookingRequest({ date, time, email: `move${++emails}@example.nz`, ...over }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

async function confirmed(date: string, time: string, over: Record<string, unknown> = {}): Promise<Booking> {
  const b = await request(date, time, over);
  const res = await t.admin.patch(`/api/admin/bookings/${b.id}/status`, { status: 'confirmed' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Booking>();
}

async function offered(date: string, address?: string): Promise<string[]> {
  const query = new URLSearchParams({ duration: '60', ...(address ? { address } : {}) });
  const res = await t.get(`/api/availability/${date}?${query.toString()}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AvailabilityResponse>().timeSlots;
}

interface MailRow {
  kind: string;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string;
  attachments: OutboxAttachment[] | string;
}

async function mails(bookingId: number, kind?: string): Promise<MailRow[]> {
  const rows = await t.sql<MailRow>(
    'SELECT kind, to_address, subject, text_body, html_body, attachments FROM email_outbox WHERE booking_id = $1 ORDER BY id',
    [bookingId],
  );
  return kind ? rows.filter((r) => r.kind === kind) : rows;
}

/** The one event of an e-mail's calendar file, as a calendar app reads it. */
function eventOfMail(mail: MailRow) {
  const attachments = typeof mail.attachments === 'string' ? JSON.parse(mail.attachments) : mail.attachments;
  const ics = (attachments as OutboxAttachment[]).find((a) => a.filename.endsWith('.ics'));
  expect(ics, `a calendar file in ${mail.kind}`).toBeDefined();
  const calendar = new ICAL.Component(ICAL.parse(String(ics!.content)) as unknown[]);
  const [event] = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  return event!;
}

/** What a refused move must leave as it was: the row and the outbox. */
async function snapshot(id: number) {
  const [row] = await t.sql(
    'SELECT date, time, status, starts_at, expires_at, ics_sequence FROM bookings WHERE id = $1',
    [id],
  );
  const [count] = await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM email_outbox');
  return { row, mails: count!.n };
}

/** Puts a booking `hours` from now (rounded to a minute), as if it had been made for then. */
async function startIn(id: number, hours: number): Promise<{ date: string; time: string }> {
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
  return { date, time };
}

describe('moving a visit', () => {
  it('moves a pending request to another day: same booking, still pending, the old time free and the new taken', async () => {
    const from = openDay(0);
    const to = openDay(1);
    const b = await request(from, '10:00', { hasInjuries: true, injuryDetails: 'Sore left knee' });
    expect(await offered(from)).not.toContain('10:00');
    expect(await offered(to)).toContain('14:00');

    const res = await reschedule(b.cancelToken, { date: to, time: '14:00' });
    expect(res.statusCode, res.body).toBe(200);
    const moved = res.json<Booking>();
    expect(moved).toMatchObject({
      id: b.id,
      cancelToken: b.cancelToken,
      status: 'pending',
      date: to,
      time: '14:00',
      duration: b.duration,
      address: b.address,
      serviceLengthId: b.serviceLengthId,
      price: b.price,
    });
    // A move never buys a request more time to be answered.
    expect(moved.expiresAt).toBe(b.expiresAt);
    expect(await offered(from)).toContain('10:00');
    expect(await offered(to)).not.toContain('14:00');
    expect(await offered(from, RAGLAN)).toContain('10:00');
    expect(await offered(to, RAGLAN)).not.toContain('14:00');

    // The client gets the new time and the calendar file; she is told. No health details anywhere.
    const toClient = await mails(b.id, 'booking_rescheduled');
    const toHer = await mails(b.id, 'practice_booking_rescheduled');
    expect(toClient).toHaveLength(1);
    expect(toHer).toHaveLength(1);
    expect(toClient[0]!.to_address).toBe(b.email);
    expect(toHer[0]!.to_address).toBe(t.config.mail.notifyTo);
    for (const mail of [...toClient, ...toHer]) {
      expect(mail.text_body).not.toContain('Sore left knee');
      expect(mail.html_body).not.toContain('Sore left knee');
      expect(mail.text_body).toMatch(/2:00 PM/);
    }
    const event = eventOfMail(toClient[0]!);
    expect(event.uid).toBe(`booking-${b.id}@localhost`);
    expect(event.sequence).toBeGreaterThan(0);
    expect(event.startDate.toJSDate().toISOString()).toBe(nzInstant(to, '14:00').toISOString());
    // The file the confirmation page serves says the same.
    const served = await t.get(`/api/bookings/token/${b.cancelToken}/calendar.ics`);
    expect(served.body).toContain(`SEQUENCE:${event.sequence}`);
  });

  it('keeps a confirmed visit confirmed, with a higher SEQUENCE than the confirmation’s calendar file', async () => {
    const b = await confirmed(openDay(2), '09:00');
    const before = eventOfMail((await mails(b.id, 'booking_confirmed'))[0]!);
    const res = await reschedule(b.cancelToken, { date: openDay(3), time: '11:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Booking>()).toMatchObject({ id: b.id, status: 'confirmed', date: openDay(3), time: '11:00' });
    const after = eventOfMail((await mails(b.id, 'booking_rescheduled'))[0]!);
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(await offered(openDay(2))).toContain('09:00');
    expect(await offered(openDay(3))).not.toContain('11:00');
  });

  it('moves within its own day over its own old time (the old time does not stand in its way)', async () => {
    const b = await request(openDay(4), '10:00');
    const res = await reschedule(b.cancelToken, { date: openDay(4), time: '10:30' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await t.sql<{ n: number }>(
      "SELECT count(*)::int AS n FROM bookings WHERE date = $1 AND status IN ('pending','confirmed')",
      [openDay(4)],
    );
    expect(row!.n).toBe(1);
  });

  it('asked for the time it has, changes nothing and sends nothing', async () => {
    const b = await request(openDay(5), '10:00');
    await expectUnchanged(
      () => snapshot(b.id),
      async () => expect((await reschedule(b.cancelToken, { date: openDay(5), time: '10:00' })).statusCode).toBe(200),
    );
  });
});

describe('a new time that a new request could not have', () => {
  it('409 SLOT_TAKEN for another visit’s time, and nothing changes', async () => {
    const other = await request(openDay(6), '13:00');
    const b = await request(openDay(7), '10:00');
    await expectUnchanged(
      () => snapshot(b.id),
      async () =>
        expectRejected(await reschedule(b.cancelToken, { date: openDay(6), time: '13:30' }), 409, {
          code: 'SLOT_TAKEN',
          message: SLOT_TAKEN,
        }),
    );
    expect((await snapshot(other.id)).row).toMatchObject({ status: 'pending', time: '13:00' });
  });

  it('409 SLOT_TAKEN for a closed day, outside the hours and beyond the horizon', async () => {
    const b = await request(openDay(8), '10:00');
    for (const body of [
      { date: closedSunday(), time: '10:00' },
      { date: openDay(8), time: '06:00' },
      { date: '2099-01-05', time: '10:00' },
    ]) {
      await expectUnchanged(
        () => snapshot(b.id),
        async () =>
          expectRejected(await reschedule(b.cancelToken, body), 409, { code: 'SLOT_TAKEN', message: SLOT_TAKEN }),
      );
    }
  });

  it('409 ROUTE_DOES_NOT_FIT when she could not drive there from her other visit that day', async () => {
    const date = openDay(9);
    await request(date, '10:00', { address: RAGLAN });
    const b = await request(openDay(10), '10:00', { address: HAMILTON });
    // 11:30 keeps the minimum gap after the Raglan visit, but not the drive to Hamilton.
    await expectUnchanged(
      () => snapshot(b.id),
      async () =>
        expectRejected(await reschedule(b.cancelToken, { date, time: '11:30' }), 409, {
          code: 'ROUTE_DOES_NOT_FIT',
          message: ROUTE_DOES_NOT_FIT['gap-before'],
        }),
    );
  });
});

describe('the cut-off and closed bookings', () => {
  const cutoff = () => changeCutoffMessage(t.config.booking.changeCutoffHours, t.config.practice);

  it('403 inside CHANGE_CUTOFF_HOURS, with her phone and e-mail; the link cannot cancel a confirmed visit either', async () => {
    expect(t.config.booking.changeCutoffHours).toBe(24);
    expect(cutoff()).toContain(t.config.practice.phone);
    expect(cutoff()).toContain(t.config.practice.email);
    const b = await confirmed(openDay(11), '10:00');
    await startIn(b.id, 20);
    await expectUnchanged(
      () => snapshot(b.id),
      async () => {
        expectRejected(await reschedule(b.cancelToken, { date: openDay(11), time: '14:00' }), 403, {
          code: 'CHANGE_CUTOFF_PASSED',
          message: cutoff(),
        });
        expectRejected(await t.post(`/api/bookings/cancel/${b.cancelToken}`), 403, {
          code: 'CHANGE_CUTOFF_PASSED',
          message: cutoff(),
        });
      },
    );
  });

  it('lets a pending request inside the cut-off be withdrawn, but not moved', async () => {
    const b = await request(openDay(12), '10:00');
    await startIn(b.id, 22);
    expectRejected(await reschedule(b.cancelToken, { date: openDay(12), time: '14:00' }), 403, cutoff());
    const res = await t.post(`/api/bookings/cancel/${b.cancelToken}`);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('moves a visit just outside the cut-off', async () => {
    const b = await confirmed(openDay(13), '10:00');
    await startIn(b.id, 25);
    const res = await reschedule(b.cancelToken, { date: openDay(13), time: '14:00' });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('409 for a cancelled, declined, expired or started booking, 404 for an unknown link; nothing changes', async () => {
    const body = { date: openDay(14), time: '15:00' };
    const cancelled = await request(openDay(14), '09:00');
    expect((await t.post(`/api/bookings/cancel/${cancelled.cancelToken}`)).statusCode).toBe(200);
    const declined = await request(openDay(14), '10:30');
    expect((await t.admin.patch(`/api/admin/bookings/${declined.id}/status`, { status: 'rejected' })).statusCode).toBe(
      200,
    );
    const expired = await request(openDay(14), '12:00');
    await t.sql("UPDATE bookings SET expires_at = now() - interval '1 second' WHERE id = $1", [expired.id]);
    const started = await confirmed(openDay(14), '13:30');
    await startIn(started.id, -0.5);

    const cases = [
      {
        b: cancelled,
        code: 'BOOKING_NOT_CHANGEABLE',
        message: 'This booking has been cancelled, so it can no longer be changed.',
      },
      {
        b: declined,
        code: 'BOOKING_NOT_CHANGEABLE',
        message: 'This booking request was declined, so it can no longer be changed.',
      },
      { b: expired, code: 'REQUEST_EXPIRED', message: 'This booking request expired before it was answered' },
      {
        b: started,
        code: 'ALREADY_STARTED',
        message: 'This appointment has already started. Please contact us directly.',
      },
    ] as const;
    for (const { b, code, message } of cases) {
      await expectUnchanged(
        () => snapshot(b.id),
        async () => expectRejected(await reschedule(b.cancelToken, body), 409, { code, message }),
      );
    }
    expectRejected(await reschedule('no-such-token', body), 404, {
      code: 'BOOKING_NOT_FOUND',
      message: 'Booking not found',
    });
    // The time none of them could take is still free.
    expect(await offered(openDay(14))).toContain('15:00');
  });
});

describe('bad bodies', () => {
  it('400 with the wizard’s messages, and nothing changes', async () => {
    const b = await request(openDay(15), '10:00');
    await expectUnchanged(
      () => snapshot(b.id),
      async () => {
        const empty = expectRejected(await reschedule(b.cancelToken, {}), 400);
        expect(empty.code).toBe('VALIDATION_FAILED');
        expect(empty.errors?.map((e) => e.message)).toEqual(['Please select a date', 'Please select a time']);
        const wrong = expectRejected(await reschedule(b.cancelToken, { date: '2025-02-30', time: '25:00' }), 400);
        expect(wrong.errors?.map((e) => `${e.path}: ${e.message}`)).toEqual([
          'date: Please select a date',
          'time: Please select a time',
        ]);
        expectRejected(await reschedule(b.cancelToken, { date: 20250101, time: null }), 400);
      },
    );
  });
});
