/**
 * Regulars: POST /api/admin/series and its follow-ups (docs/product.md §4 "Regulars"). Every date is
 * judged as a new booking is; a date that does not fit is a conflict with its reasons and the nearest times that
 * do, each of which really books; the client gets one e-mail whose calendar file expands to exactly the visits.
 */
import { describe, expect, it } from 'vitest';
import { runSeriesExtension } from '../../src/server/jobs';
import { expandSeriesIcs } from '../../src/server/modules/mail/series-ics.fixture';
import type { Series, SeriesCreated, SeriesOccurrence } from '../../src/shared/schemas/series';
import { addDaysToDate, nzInstant, nzToday } from '../../src/shared/time';
import { useTestApp } from '../helpers/app';
import { bookingRequest, openDay } from '../helpers/bookings';
import { expectRejected, expectUnchanged } from '../helpers/expect-rejected';
import { confirmedBooking, mailsOfKind, sentForm } from '../helpers/series';

const t = useTestApp({ signedIn: true });

const HAMILTON = '100 Victoria Street, Hamilton';
const makeSeries = (body: Record<string, unknown>) => t.admin.post('/api/admin/series', body);
const weeksAfter = (date: string, weeks: number) => addDaysToDate(date, 7 * weeks);

/** What a refusal must leave alone: bookings, series, occurrences and the outbox. */
const snapshot = () =>
  Promise.all([
    t.sql('SELECT id, status, date, time, series_id FROM bookings ORDER BY id'),
    t.sql('SELECT * FROM series ORDER BY id'),
    t.sql('SELECT * FROM series_occurrences ORDER BY series_id, for_date'),
    t.sql('SELECT id FROM email_outbox ORDER BY id'),
  ]);

/** Is the time offered to a visitor at this address right now (the wizard's own answer)? */
async function offered(date: string, time: string, address = '12 Bow Street, Raglan'): Promise<boolean> {
  const res = await t.get(`/api/availability/${date}?duration=60&address=${encodeURIComponent(address)}`);
  return res.json<{ timeSlots: string[] }>().timeSlots.includes(time);
}

describe('POST /api/admin/series', () => {
  it('books N visits (the first included) every n weeks at the same time, confirmed, with one e-mail', async () => {
    const origin = await confirmedBooking(t, { date: openDay(0), time: '09:00' });
    const before = (await mailsOfKind(t, 'booking_confirmed')).length;
    const res = await makeSeries({ bookingId: origin.id, everyWeeks: 1, count: 4 });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<SeriesCreated>();
    const dates = [0, 1, 2, 3].map((w) => weeksAfter(origin.date, w));
    expect(created.occurrences.map((o) => [o.date, o.time, o.status])).toEqual(
      dates.map((d) => [d, '09:00', 'booked']),
    );
    expect(created.occurrences[0]!.bookingId).toBe(origin.id);

    const rows = await t.sql<{ id: number; status: string; time: string; client_id: number; date: string }>(
      "SELECT id, status, time, client_id, to_char(date, 'YYYY-MM-DD') AS date FROM bookings WHERE series_id = $1 ORDER BY date",
      [created.id],
    );
    expect(rows.map((r) => r.date)).toEqual(dates);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(['confirmed']));
    expect(new Set(rows.map((r) => r.client_id)).size).toBe(1);

    // One e-mail for the series; no per-visit 'received' or 'confirmed' messages.
    expect((await mailsOfKind(t, 'booking_confirmed')).length).toBe(before);
    const newVisitIds = rows.filter((r) => r.id !== origin.id).map((r) => r.id);
    const perVisit = await t.sql('SELECT id FROM email_outbox WHERE booking_id = ANY($1::int[])', [newVisitIds]);
    expect(perVisit).toEqual([]);
    const mails = (await mailsOfKind(t, 'series_booked')).filter((m) => m.to_address === origin.email);
    expect(mails).toHaveLength(1);
    const { text, ics, filename } = await sentForm(mails[0]!);
    expect(filename).toBe('regular-visits.ics');
    expect(text).toContain('9:00 AM (NZ time)');
    expect(text).toMatch(/every week/);
    // The file expands (ical.js) to exactly the three new visits, at 09:00 NZ.
    const expanded = expandSeriesIcs(ics);
    expect(expanded.visits.map((v) => v.start)).toEqual(dates.slice(1).map((d) => nzInstant(d, '09:00').toISOString()));
  });

  it('with until: every date up to it, the horizon the limit', async () => {
    const origin = await confirmedBooking(t, { date: openDay(1), time: '09:00' });
    const until = weeksAfter(origin.date, 4);
    const created = (await makeSeries({ bookingId: origin.id, everyWeeks: 2, until })).json<SeriesCreated>();
    expect(created.occurrences.map((o) => o.date)).toEqual([0, 2, 4].map((w) => weeksAfter(origin.date, w)));
    expect(created.occurrences.every((o) => o.status === 'booked')).toBe(true);
    const series = (await t.admin.get(`/api/admin/series/${created.id}`)).json<Series>();
    expect(series).toMatchObject({ everyWeeks: 2, until, count: null, time: '09:00', laterDates: [] });
    // Found from any of its visits, and from its client; another booking has none.
    const visit = created.occurrences[1]!.bookingId!;
    expect((await t.admin.get(`/api/admin/series?bookingId=${visit}`)).json<Series[]>().map((s) => s.id)).toEqual([
      created.id,
    ]);
    const lone = await confirmedBooking(t, { date: openDay(1), time: '15:00' });
    expect((await t.admin.get(`/api/admin/series?bookingId=${lone.id}`)).json()).toEqual([]);
    expect(
      (await t.admin.get(`/api/admin/series?clientId=${series.clientId}`)).json<Series[]>().map((s) => s.id),
    ).toEqual([created.id]);
  });

  it('lists a blocked date, the hours, another visit, a calendar busy time and an infeasible drive as conflicts whose alternatives really fit', async () => {
    const origin = await confirmedBooking(t, { date: openDay(2), time: '11:00' });
    const [blocked, late, taken, busy, drive] = [1, 2, 3, 4, 5].map((w) => weeksAfter(origin.date, w)) as [
      string,
      string,
      string,
      string,
      string,
    ];
    // 1. The whole day blocked.
    expect(
      (await t.admin.post('/api/blocked-dates', { date: blocked, isFullDay: true, reason: 'Away' })).statusCode,
    ).toBe(201);
    // 2. Closed from 11:00 that day: her hours for the weekday cannot change per date, so a part block stands in.
    expect(
      (await t.admin.post('/api/blocked-dates', { date: late, isFullDay: false, startTime: '10:30', endTime: '12:00' }))
        .statusCode,
    ).toBe(201);
    // 3. Another visitor's request at 11:30.
    expect(
      (await t.post('/api/bookings', bookingRequest({ date: taken, time: '11:30', email: 'other@example.nz' })))
        .statusCode,
    ).toBe(201);
    // 4. Her family calendar busy 10:30-11:30.
    const [calendar] = await t.sql<{ id: number }>(
      `INSERT INTO other_calendars (name, kind, url) VALUES ('Family', 'ics', 'https://example.test/f.ics') RETURNING id`,
    );
    await t.sql(
      'INSERT INTO calendar_busy (calendar_id, starts_at, ends_at, title, all_day) VALUES ($1, $2, $3, $4, false)',
      [calendar!.id, nzInstant(busy, '10:30').toISOString(), nzInstant(busy, '11:30').toISOString(), 'School run'],
    );
    // 5. A Hamilton visit at 12:30: free by the slot rules, but 12:00 to 12:30 is no time to drive there from Raglan.
    expect(
      (
        await t.post(
          '/api/bookings',
          bookingRequest({ date: drive, time: '12:30', address: HAMILTON, email: 'ham@example.nz' }),
        )
      ).statusCode,
    ).toBe(201);

    const res = await makeSeries({ bookingId: origin.id, everyWeeks: 1, count: 7 });
    expect(res.statusCode, res.body).toBe(201);
    const occ = res.json<SeriesCreated>().occurrences;
    const byDate = new Map(occ.map((o) => [o.forDate, o]));
    expect(byDate.get(weeksAfter(origin.date, 6))!.status).toBe('booked');
    const reasonsOf = (d: string) => byDate.get(d)!.reasons!.join(' | ');
    for (const d of [blocked, late, taken, busy, drive]) expect(byDate.get(d)!.status, d).toBe('conflict');
    expect(reasonsOf(blocked)).toMatch(/^Blocked all day: Away/);
    expect(reasonsOf(late)).toMatch(/Blocked 10:30/);
    expect(reasonsOf(taken)).toMatch(/Another visit 11:30/);
    expect(reasonsOf(busy)).toMatch(/Busy in Family/);
    expect(reasonsOf(busy)).not.toContain('School run');
    expect(reasonsOf(drive)).toMatch(/Drive to the 12:30 PM visit/);

    for (const d of [late, taken, busy, drive]) {
      const alternatives = byDate.get(d)!.alternatives!;
      expect(alternatives.length, d).toBeGreaterThan(0);
      // Same day first, closest first.
      expect(alternatives[0]!.date).toBe(d);
      for (const a of alternatives) expect(await offered(a.date, a.time), `${a.date} ${a.time}`).toBe(true);
    }
    // A blocked day offers nothing on it: its alternatives are the neighbouring days.
    const aroundBlocked = byDate.get(blocked)!.alternatives!;
    expect(aroundBlocked.length).toBeGreaterThan(0);
    expect(aroundBlocked.every((a) => a.date !== blocked)).toBe(true);
    expect(Math.abs(Date.parse(aroundBlocked[0]!.date) - Date.parse(blocked))).toBe(86_400_000);
  });

  it('picks an alternative (booked, the client told with the moved visit in the file) and skips another', async () => {
    const origin = await confirmedBooking(t, { date: openDay(3), time: '14:00' });
    const blocked = weeksAfter(origin.date, 1);
    const other = weeksAfter(origin.date, 2);
    await t.admin.post('/api/blocked-dates', { date: blocked, isFullDay: true });
    await t.admin.post('/api/blocked-dates', { date: other, isFullDay: true });
    const created = (await makeSeries({ bookingId: origin.id, everyWeeks: 1, count: 3 })).json<SeriesCreated>();
    const conflict = created.occurrences.find((o) => o.forDate === blocked)!;
    const pick = conflict.alternatives![0]!;

    const picked = await t.admin.post(`/api/admin/series/${created.id}/occurrences`, { forDate: blocked, ...pick });
    expect(picked.statusCode, picked.body).toBe(201);
    expect(picked.json<SeriesOccurrence>()).toMatchObject({ forDate: blocked, ...pick, status: 'booked' });
    const [visit] = await t.sql<{ status: string; series_id: number }>(
      'SELECT status, series_id FROM bookings WHERE id = $1',
      [picked.json<SeriesOccurrence>().bookingId],
    );
    expect(visit).toEqual({ status: 'confirmed', series_id: created.id });
    // Picked again: the date is booked now.
    expectRejected(
      await t.admin.post(`/api/admin/series/${created.id}/occurrences`, { forDate: blocked, ...pick }),
      409,
    );

    const updated = (await mailsOfKind(t, 'series_updated')).filter((m) => m.to_address === origin.email);
    expect(updated).toHaveLength(1);
    const { ics } = await sentForm(updated[0]!);
    expect(expandSeriesIcs(ics).visits.map((v) => v.start)).toEqual([nzInstant(pick.date, pick.time).toISOString()]);

    const lone = await confirmedBooking(t, { date: openDay(4), time: '09:00', phone: '021 555 0999' });
    expect((await t.admin.get(`/api/admin/series?bookingId=${lone.id}`)).json()).toEqual([]);

    const skipped = await t.admin.post(`/api/admin/series/${created.id}/skip`, { date: other });
    expect(skipped.statusCode, skipped.body).toBe(200);
    expect(skipped.json<SeriesOccurrence>()).toMatchObject({ forDate: other, status: 'skipped' });
    expectRejected(await t.admin.post(`/api/admin/series/${created.id}/skip`, { date: other }), 409);
    const series = (await t.admin.get(`/api/admin/series/${created.id}`)).json<Series>();
    expect(series.occurrences.map((o) => o.status)).toEqual(['booked', 'booked', 'skipped']);
  });

  it('refuses a picked time that does not fit, and one more than 3 days away, changing nothing', async () => {
    const origin = await confirmedBooking(t, { date: openDay(4), time: '15:00' });
    const blocked = weeksAfter(origin.date, 1);
    await t.admin.post('/api/blocked-dates', { date: blocked, isFullDay: true });
    const created = (await makeSeries({ bookingId: origin.id, everyWeeks: 1, count: 2 })).json<SeriesCreated>();
    const url = `/api/admin/series/${created.id}/occurrences`;
    await expectUnchanged(snapshot, async () => {
      expectRejected(await t.admin.post(url, { forDate: blocked, date: blocked, time: '10:00' }), 409);
      expectRejected(
        await t.admin.post(url, { forDate: blocked, date: addDaysToDate(blocked, 4), time: '10:00' }),
        400,
      );
      // Not one of the series' dates (on its weekday, open, so the day itself is not what refuses it).
      const notInSeries = weeksAfter(origin.date, 3);
      expectRejected(await t.admin.post(url, { forDate: notInSeries, date: notInSeries, time: '10:00' }), 404);
    });
  });

  it('DELETE from a date cancels that visit and the following, once e-mailed, and ends the series', async () => {
    const origin = await confirmedBooking(t, { date: openDay(5), time: '16:00' });
    const created = (await makeSeries({ bookingId: origin.id, everyWeeks: 1, count: 4 })).json<SeriesCreated>();
    const from = weeksAfter(origin.date, 2);
    const res = await t.admin.del(`/api/admin/series/${created.id}?from=${from}`);
    expect(res.statusCode, res.body).toBe(200);
    const series = res.json<Series>();
    expect(series.occurrences.map((o) => o.status)).toEqual(['booked', 'booked', 'cancelled', 'cancelled']);
    expect(series.cancelledAt).not.toBeNull();
    expect(series.laterDates).toEqual([]);
    const statuses = await t.sql<{ status: string }>('SELECT status FROM bookings WHERE series_id = $1 ORDER BY date', [
      created.id,
    ]);
    expect(statuses.map((s) => s.status)).toEqual(['confirmed', 'confirmed', 'cancelled', 'cancelled']);
    const mails = (await mailsOfKind(t, 'series_cancelled')).filter((m) => m.to_address === origin.email);
    expect(mails).toHaveLength(1);
    expect((await t.sql("SELECT id FROM email_outbox WHERE kind = 'booking_cancelled_by_admin'")).length).toBe(0);
    const { ics, text } = await sentForm(mails[0]!);
    expect(text).toContain('Cancelled');
    expect(expandSeriesIcs(ics).visits.map((v) => v.start)).toEqual([
      nzInstant(weeksAfter(origin.date, 1), '16:00').toISOString(),
    ]);
  });

  it('refuses bad input with a 4xx and changes nothing', async () => {
    const pending = (
      await t.post('/api/bookings', bookingRequest({ date: openDay(6), time: '11:30', email: 'p@example.nz' }))
    ).json<{ id: number }>();
    const origin = await confirmedBooking(t, { date: openDay(6), time: '14:30' });
    const horizonEnd = addDaysToDate(nzToday(), t.config.booking.horizonDays);
    await expectUnchanged(snapshot, async () => {
      expectRejected(
        await makeSeries({ bookingId: pending.id, everyWeeks: 1, count: 3 }),
        409,
        'Only a confirmed booking can be repeated',
      );
      expectRejected(await makeSeries({ bookingId: 999_999, everyWeeks: 1, count: 3 }), 404);
      expectRejected(await makeSeries({ bookingId: origin.id, everyWeeks: 5, count: 3 }), 400);
      expectRejected(await makeSeries({ bookingId: origin.id, everyWeeks: 0, count: 3 }), 400);
      expectRejected(
        await makeSeries({ bookingId: origin.id, everyWeeks: 1 }),
        400,
        'Give the number of visits or an end date',
      );
      expectRejected(
        await makeSeries({ bookingId: origin.id, everyWeeks: 1, count: 3, until: weeksAfter(origin.date, 2) }),
        400,
        'Give the number of visits or an end date, not both',
      );
      expectRejected(
        await makeSeries({ bookingId: origin.id, everyWeeks: 1, until: addDaysToDate(horizonEnd, 1) }),
        400,
      );
      expectRejected(await makeSeries({ bookingId: origin.id, everyWeeks: 1, until: origin.date }), 400);
      expectRejected(await makeSeries({ bookingId: origin.id, everyWeeks: 1, count: 53 }), 400);
      expectRejected(await makeSeries({ bookingId: origin.id, everyWeeks: 1, count: 1 }), 400);
      expectRejected(await t.admin.get('/api/admin/series/999999'), 404);
      expectRejected(await t.admin.del('/api/admin/series/999999?from=2030-01-01'), 404);
    });
    // A booking already in a series is not made into a second one.
    expect((await makeSeries({ bookingId: origin.id, everyWeeks: 2, count: 2 })).statusCode).toBe(201);
    await expectUnchanged(snapshot, async () => {
      expectRejected(
        await makeSeries({ bookingId: origin.id, everyWeeks: 1, count: 2 }),
        409,
        'This booking is already part of a series',
      );
    });
  });

  it('answers 401 without a session', async () => {
    await expectUnchanged(snapshot, async () => {
      expectRejected(await t.post('/api/admin/series', { bookingId: 1, everyWeeks: 1, count: 2 }), 401);
      expectRejected(await t.get('/api/admin/series/1'), 401);
      expectRejected(await t.del('/api/admin/series/1?from=2030-01-01'), 401);
    });
  });
});

describe('extension as the horizon moves', () => {
  it('books the dates the horizon reaches later, keeps a conflict for her, and e-mails both', async () => {
    const origin = await confirmedBooking(t, { date: openDay(7), time: '10:00' });
    const created = (await makeSeries({ bookingId: origin.id, everyWeeks: 4, count: 4 })).json<SeriesCreated>();
    const horizonEnd = addDaysToDate(nzToday(), t.config.booking.horizonDays);
    const dates = [0, 4, 8, 12].map((w) => weeksAfter(origin.date, w));
    expect(created.occurrences.map((o) => o.forDate)).toEqual(dates.filter((d) => d <= horizonEnd));
    const before = (await t.admin.get(`/api/admin/series/${created.id}`)).json<Series>();
    expect(before.laterDates).toEqual(dates.filter((d) => d > horizonEnd));
    expect(before.laterDates.length).toBeGreaterThan(0);

    // Four weeks on (no later date blocked): one more date reachable... block the last one to see a conflict.
    const last = dates[3]!;
    await t.admin.post('/api/blocked-dates', { date: last, isFullDay: true, reason: 'Conference' });
    const later = new Date(Date.now() + 50 * 86_400_000);
    const deps = { db: t.database.db, config: t.config, drives: t.app.drives, now: () => later };
    const result = await runSeriesExtension(deps);
    expect(result.booked + result.conflicts).toBe(before.laterDates.length);
    // A second run (or another process) finds nothing left to do.
    expect(await runSeriesExtension(deps)).toEqual({ booked: 0, conflicts: 0 });

    const after = (await t.admin.get(`/api/admin/series/${created.id}`)).json<Series>();
    expect(after.occurrences.map((o) => o.forDate)).toEqual(dates);
    expect(after.occurrences.find((o) => o.forDate === last)).toMatchObject({
      status: 'conflict',
      reasons: ['Blocked all day: Conference'],
    });
    const toHer = await mailsOfKind(t, 'practice_series_conflicts');
    expect(toHer.length).toBeGreaterThan(0);
    expect(toHer.at(-1)!.text_body).toContain('Conference');
  });
});
