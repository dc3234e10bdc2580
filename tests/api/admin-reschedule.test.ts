/**
 * docs/product.md §4 "Changing a visit", her 'Change time…' and 'this and following': POST
 * /api/admin/bookings/{id}/reschedule moves any pending or confirmed visit that has not started (no change cut-off for
 * her) with the rules a new request meets; POST /api/admin/series/{id}/change moves a series' visits from a date on,
 * all or nothing. The client's calendar files are read back with ical.js (the single event's SEQUENCE; the series'
 * RECURRENCE-ID override).
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { OutboxAttachment } from '../../src/server/db/schema';
import { expandSeriesIcs } from '../../src/server/modules/mail/series-ics.fixture';
import { ROUTE_DOES_NOT_FIT, SLOT_TAKEN } from '../../src/shared/messages';
import type { AvailabilityResponse, Booking } from '../../src/shared/schemas/booking';
import type { Series, SeriesCreated } from '../../src/shared/schemas/series';
import { nzDateOf, nzInstant, nzTimeOf } from '../../src/shared/time';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, closedSunday, openDay } from '../helpers/bookings';
import { expectRejected, expectUnchanged } from '../helpers/expect-rejected';
import { confirmedBooking, mailsOfKind, sentForm } from '../helpers/series';

const t = useTestApp({ signedIn: true });

const RAGLAN = '12 Bow Street, Raglan';
const HAMILTON = '100 Victoria Street, Hamilton';
const move = (id: number, body: unknown) => t.admin.post(`/api/admin/bookings/${id}/reschedule`, body);
const changeSeries = (id: number, body: unknown) => t.admin.post(`/api/admin/series/${id}/change`, body);

let emails = 0;
async function request(date: string, time: string, over: Record<string, unknown> = {}): Promise<Booking> {
  const res = await book(t, bookingRequest({ date, time, email: `her-move${++emails}@example.nz`, ...over }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

async function offered(date: string): Promise<string[]> {
  const res = await t.get(`/api/availability/${date}?duration=60`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AvailabilityResponse>().timeSlots;
}

/** What a refusal must leave alone: every booking, series, occurrence and the outbox. */
const snapshot = () =>
  Promise.all([
    t.sql('SELECT id, status, date, time, starts_at, ics_sequence FROM bookings ORDER BY id'),
    t.sql('SELECT id, time, ics_sequence FROM series ORDER BY id'),
    t.sql('SELECT * FROM series_occurrences ORDER BY series_id, for_date'),
    t.sql<{ n: number }>('SELECT count(*)::int AS n FROM email_outbox'),
  ]);

async function mailsOf(bookingId: number) {
  return t.sql<{ kind: string; to_address: string; text_body: string; attachments: OutboxAttachment[] | string }>(
    'SELECT kind, to_address, text_body, attachments FROM email_outbox WHERE booking_id = $1 ORDER BY id',
    [bookingId],
  );
}

function eventOf(attachments: OutboxAttachment[] | string) {
  const list = typeof attachments === 'string' ? (JSON.parse(attachments) as OutboxAttachment[]) : attachments;
  const ics = list.find((a) => a.filename.endsWith('.ics'));
  const calendar = new ICAL.Component(ICAL.parse(String(ics!.content)) as unknown[]);
  return new ICAL.Event(calendar.getFirstSubcomponent('vevent')!);
}

/** Puts a booking `hours` from now, as if it had been made for then. */
async function startIn(id: number, hours: number): Promise<void> {
  const at = new Date(Math.ceil((Date.now() + hours * 3600_000) / 60_000) * 60_000);
  const date = nzDateOf(at);
  const time = nzTimeOf(at);
  await t.sql(
    `UPDATE bookings SET date = $2, time = $3, starts_at = $4::timestamptz,
       ends_at = $4::timestamptz + make_interval(mins => duration),
       buffer_ends_at = $4::timestamptz + make_interval(mins => duration + 15)
     WHERE id = $1`,
    [id, date, time, nzInstant(date, time).toISOString()],
  );
}

describe('POST /api/admin/bookings/{id}/reschedule', () => {
  it('moves a confirmed visit in place: same id, link and status, SEQUENCE raised, the client told it was hers', async () => {
    const b = await confirmedBooking(t, { date: openDay(0), time: '09:00' });
    const before = eventOf((await mailsOf(b.id)).find((m) => m.kind === 'booking_confirmed')!.attachments);
    const res = await move(b.id, { date: openDay(1), time: '11:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Booking>()).toMatchObject({
      id: b.id,
      cancelToken: b.cancelToken,
      status: 'confirmed',
      date: openDay(1),
      time: '11:00',
    });
    expect(await offered(openDay(0))).toContain('09:00');
    expect(await offered(openDay(1))).not.toContain('11:00');
    const moved = (await mailsOf(b.id)).filter((m) => m.kind === 'booking_rescheduled');
    expect(moved).toHaveLength(1);
    expect(moved[0]!.to_address).toBe(b.email);
    expect(moved[0]!.text_body).toContain(`by ${t.config.practice.therapistName}`);
    expect(moved[0]!.text_body).not.toContain('as you asked');
    const after = eventOf(moved[0]!.attachments);
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBeGreaterThan(before.sequence);
    expect(after.startDate.toJSDate().toISOString()).toBe(nzInstant(openDay(1), '11:00').toISOString());
    // She made the move: no 'moved by client' message to her.
    expect((await mailsOf(b.id)).some((m) => m.kind === 'practice_booking_rescheduled')).toBe(false);
  });

  it('moves a pending request (still pending) and a visit inside the client’s change cut-off', async () => {
    const pending = await request(openDay(2), '10:00');
    const res = await move(pending.id, { date: openDay(2), time: '10:30' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Booking>()).toMatchObject({ status: 'pending', time: '10:30' });

    const soon = await confirmedBooking(t, { date: openDay(3), time: '10:00' });
    await startIn(soon.id, 20);
    const link = await t.post(`/api/bookings/token/${soon.cancelToken}/reschedule`, {
      date: openDay(3),
      time: '14:00',
    });
    expect(link.statusCode).toBe(403);
    const hers = await move(soon.id, { date: openDay(3), time: '14:00' });
    expect(hers.statusCode, hers.body).toBe(200);
  });

  it('409 SLOT_TAKEN / ROUTE_DOES_NOT_FIT as a new request would be refused, and nothing changes', async () => {
    await request(openDay(4), '13:00');
    await request(openDay(5), '10:00', { address: RAGLAN });
    const b = await confirmedBooking(t, { date: openDay(6), time: '10:00', address: HAMILTON });
    for (const [body, code, message] of [
      [{ date: openDay(4), time: '13:30' }, 'SLOT_TAKEN', SLOT_TAKEN],
      [{ date: closedSunday(), time: '10:00' }, 'SLOT_TAKEN', SLOT_TAKEN],
      [{ date: '2099-01-05', time: '10:00' }, 'SLOT_TAKEN', SLOT_TAKEN],
      [{ date: openDay(5), time: '11:30' }, 'ROUTE_DOES_NOT_FIT', ROUTE_DOES_NOT_FIT['gap-before']],
    ] as const) {
      await expectUnchanged(snapshot, async () => expectRejected(await move(b.id, body), 409, { code, message }));
    }
  });

  it('409 for a cancelled or started visit, 404 for an unknown one; nothing changes', async () => {
    const body = { date: openDay(7), time: '15:00' };
    const cancelled = await request(openDay(7), '09:00');
    expect((await t.post(`/api/bookings/cancel/${cancelled.cancelToken}`)).statusCode).toBe(200);
    const started = await confirmedBooking(t, { date: openDay(7), time: '12:00' });
    await startIn(started.id, -0.5);
    await expectUnchanged(snapshot, async () => {
      expectRejected(await move(cancelled.id, body), 409, {
        code: 'BOOKING_NOT_CHANGEABLE',
        message: 'This booking has been cancelled, so it can no longer be changed.',
      });
      expectRejected(await move(started.id, body), 409, {
        code: 'ALREADY_STARTED',
        message: 'This visit has already started, so it can no longer be moved.',
      });
      expectRejected(await move(999_999, body), 404, { code: 'BOOKING_NOT_FOUND', message: 'Booking not found' });
    });
    expect(await offered(openDay(7))).toContain('15:00');
  });

  it('GET /api/admin/bookings/{id}/availability offers the visit’s own time as free for itself', async () => {
    const b = await confirmedBooking(t, { date: openDay(8), time: '10:00' });
    const res = await t.admin.get(`/api/admin/bookings/${b.id}/availability?date=${openDay(8)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AvailabilityResponse>().timeSlots).toEqual(expect.arrayContaining(['10:00', '10:30']));
    expect(await offered(openDay(8))).not.toContain('10:00');
  });
});

describe('a visit of a series', () => {
  async function series(date: string, count: number): Promise<{ origin: Booking; created: SeriesCreated }> {
    const origin = await confirmedBooking(t, { date, time: '09:00' });
    const res = await t.admin.post('/api/admin/series', { bookingId: origin.id, everyWeeks: 1, count });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<SeriesCreated>();
    expect(created.occurrences.every((o) => o.status === 'booked')).toBe(true);
    return { origin, created };
  }
  const seriesSequence = async (id: number) =>
    (await t.sql<{ s: number }>('SELECT ics_sequence AS s FROM series WHERE id = $1', [id]))[0]!.s;

  it("'this visit': the series' file shows it as an override at its new time, SEQUENCE raised, one e-mail", async () => {
    const { origin, created } = await series(openDay(9), 3);
    const second = created.occurrences[1]!;
    const before = await seriesSequence(created.id);
    const updatesBefore = (await mailsOfKind(t, 'series_updated')).filter((m) => m.to_address === origin.email).length;
    const res = await move(second.bookingId!, { date: second.date, time: '14:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await seriesSequence(created.id)).toBeGreaterThan(before);
    // No single-visit file (it would be a second event in the client's calendar): the series' file instead.
    expect((await mailsOf(second.bookingId!)).some((m) => m.kind === 'booking_rescheduled')).toBe(false);
    const updates = (await mailsOfKind(t, 'series_updated')).filter((m) => m.to_address === origin.email);
    expect(updates.length).toBe(updatesBefore + 1);
    const { text, ics } = await sentForm(updates.at(-1)!);
    expect(text).toContain('2:00 PM');
    expect(ics).toContain('RECURRENCE-ID');
    const expanded = expandSeriesIcs(ics);
    expect(expanded.visits.map((v) => v.start)).toEqual([
      nzInstant(second.date, '14:00').toISOString(),
      nzInstant(created.occurrences[2]!.date, '09:00').toISOString(),
    ]);
    const read = (await t.admin.get(`/api/admin/series/${created.id}`)).json<Series>();
    expect(read.occurrences[1]).toMatchObject({ forDate: second.forDate, time: '14:00', status: 'booked' });
  });

  it("'this and following': every visit from the date moves to the new time, the pattern too, one e-mail", async () => {
    const { origin, created } = await series(openDay(10), 4);
    const dates = created.occurrences.map((o) => o.date);
    const res = await changeSeries(created.id, { from: dates[2], time: '14:00' });
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<Series>();
    expect(answer.time).toBe('14:00');
    expect(answer.occurrences.map((o) => o.time)).toEqual(['09:00', '09:00', '14:00', '14:00']);
    const ids = created.occurrences.map((o) => o.bookingId!);
    const rows = await t.sql<{ id: number; time: string; status: string }>(
      'SELECT id, time, status FROM bookings WHERE id = ANY($1::int[]) ORDER BY date',
      [ids],
    );
    expect(rows.map((r) => [r.id, r.time, r.status])).toEqual([
      [ids[0], '09:00', 'confirmed'],
      [ids[1], '09:00', 'confirmed'],
      [ids[2], '14:00', 'confirmed'],
      [ids[3], '14:00', 'confirmed'],
    ]);
    const updates = (await mailsOfKind(t, 'series_updated')).filter((m) => m.to_address === origin.email);
    expect(updates).toHaveLength(1);
    const { text, ics } = await sentForm(updates[0]!);
    expect(text).toContain('2:00 PM');
    expect(expandSeriesIcs(ics).visits.map((v) => v.start)).toEqual([
      nzInstant(dates[1]!, '09:00').toISOString(),
      nzInstant(dates[2]!, '14:00').toISOString(),
      nzInstant(dates[3]!, '14:00').toISOString(),
    ]);
    expect(await offered(dates[3]!)).toContain('09:00');
  });

  it("the client's link moving a series visit: the series' file for them, 'moved by client' for her", async () => {
    const { origin, created } = await series(openDay(13), 3);
    const second = created.occurrences[1]!;
    const [row] = await t.sql<{ token: string }>('SELECT cancel_token AS token FROM bookings WHERE id = $1', [
      second.bookingId,
    ]);
    const before = (await mailsOfKind(t, 'series_updated')).filter((m) => m.to_address === origin.email).length;
    const res = await t.post(`/api/bookings/token/${row!.token}/reschedule`, { date: second.date, time: '15:00' });
    expect(res.statusCode, res.body).toBe(200);
    const kinds = (await mailsOf(second.bookingId!)).map((m) => m.kind);
    expect(kinds).not.toContain('booking_rescheduled');
    expect(kinds).toContain('practice_booking_rescheduled');
    const updates = (await mailsOfKind(t, 'series_updated')).filter((m) => m.to_address === origin.email);
    expect(updates.length).toBe(before + 1);
    const { ics } = await sentForm(updates.at(-1)!);
    expect(expandSeriesIcs(ics).visits[0]!.start).toBe(nzInstant(second.date, '15:00').toISOString());
  });

  it("'this and following' from the first visit moves it too, and tells it in its own e-mail", async () => {
    const { origin, created } = await series(openDay(14), 2);
    const res = await changeSeries(created.id, { from: origin.date, time: '13:00' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Series>().occurrences.map((o) => o.time)).toEqual(['13:00', '13:00']);
    const own = (await mailsOf(origin.id)).filter((m) => m.kind === 'booking_rescheduled');
    expect(own).toHaveLength(1);
    expect(eventOf(own[0]!.attachments).startDate.toJSDate().toISOString()).toBe(
      nzInstant(origin.date, '13:00').toISOString(),
    );
  });

  it("'this and following' refuses the whole change when a date does not fit, naming it; nothing changes", async () => {
    const { created } = await series(openDay(11), 3);
    const last = created.occurrences[2]!.date;
    await request(last, '14:00');
    const body = await expectUnchanged(snapshot, async () =>
      expectRejected(await changeSeries(created.id, { from: created.occurrences[1]!.date, time: '14:00' }), 409),
    );
    expect(body.code).toBe('SERIES_CHANGE_DOES_NOT_FIT');
    expect(body.errors?.map((e) => e.path)).toEqual([last]);
    expect(body.message).toContain('Nothing was changed');
    expectRejected(await changeSeries(999_999, { from: last, time: '14:00' }), 404);
    expect((await changeSeries(created.id, { from: last, time: '9am' })).statusCode).toBe(400);
  });

  it("'this and following' on a cancelled series: 409 SERIES_ENDED", async () => {
    const { created } = await series(openDay(12), 2);
    expect((await t.admin.del(`/api/admin/series/${created.id}?from=${created.occurrences[0]!.date}`)).statusCode).toBe(
      200,
    );
    expectRejected(await changeSeries(created.id, { from: created.occurrences[0]!.date, time: '14:00' }), 409, {
      code: 'SERIES_ENDED',
      message: 'This series has been cancelled',
    });
  });
});
