/**
 * The therapist's calendar feed (docs/product.md §2): the link is created, shown once, rotated
 * and turned off; the feed is read by a real iCalendar parser (ical.js); SEQUENCE grows with
 * every change whoever writes the row (a database trigger), on PGlite and PostgreSQL alike;
 * daylight-saving days land on the right UTC instant; the token is never logged.
 * Access without a session (401) is covered by tests/api/admin-routes.test.ts.
 */
import { Writable } from 'node:stream';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../src/shared/schemas/booking';
import type { CalendarFeedCreated, CalendarFeedStatus } from '../../src/shared/schemas/calendar-feed';
import { addDaysToDate, dayOfWeek, HOUR_MS, nzInstant, nzToday } from '../../src/shared/time';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { FEED_PAST_DAYS } from '../../src/server/modules/calendar-feed/feed-ics';
import { hashFeedToken, newFeedToken } from '../../src/server/modules/calendar-feed/token';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { expectRejected } from '../helpers/expect-rejected';
import { TEST_ENV } from '../helpers/fixtures';
import { signIn } from '../helpers/session';
import { createTestDatabase } from '../helpers/test-database';

// A year ahead, so the next daylight-saving change days can be booked through the public form.
const t = useTestApp({ signedIn: true, env: { BOOKING_HORIZON_DAYS: '365' } });

const FEED = '/api/admin/calendar-feed';
const feedPath = (url: string) => new URL(url).pathname;

async function createFeed(): Promise<CalendarFeedCreated> {
  const res = await t.admin.post(FEED);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<CalendarFeedCreated>();
}

/** The feed as a calendar app reads it. */
async function readFeed(url: string) {
  const res = await t.get(feedPath(url));
  expect(res.statusCode, res.body).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(res.body) as unknown[]);
  const events = calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
  return { res, calendar, events };
}

/** The event of one booking (there must be exactly one). */
async function eventOf(url: string, bookingId: number) {
  const { events } = await readFeed(url);
  const matching = events.filter((e) => e.uid === `booking-${bookingId}@localhost`);
  expect(matching, `events of booking ${bookingId}`).toHaveLength(1);
  const event = matching[0]!;
  return {
    event,
    status: event.component.getFirstPropertyValue('status') as string,
    start: event.startDate.toJSDate().toISOString(),
    end: event.endDate.toJSDate().toISOString(),
  };
}

async function request(date: string, time: string): Promise<Booking> {
  const res = await book(t, bookingRequest({ date, time }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

async function setStatus(id: number, status: 'confirmed' | 'cancelled'): Promise<void> {
  const res = await t.admin.patch(`/api/bookings/${id}/status`, { status });
  expect(res.statusCode, res.body).toBe(200);
}

const sequenceOf = async (id: number) =>
  (await t.sql<{ s: number }>('SELECT ics_sequence AS s FROM bookings WHERE id = $1', [id]))[0]!.s;

/** yyyy-MM-dd of the Sunday in `month` (1-12) of `year`: the first one, or the last. */
function sundayOf(year: number, month: number, which: 'first' | 'last'): string {
  const mm = String(month).padStart(2, '0');
  let date =
    which === 'first'
      ? `${year}-${mm}-01`
      : addDaysToDate(`${year + (month === 12 ? 1 : 0)}-${String((month % 12) + 1).padStart(2, '0')}-01`, -1);
  while (dayOfWeek(date) !== 0) date = addDaysToDate(date, which === 'first' ? 1 : -1);
  return date;
}

/**
 * The next day New Zealand's clocks change, after tomorrow: daylight saving ends on the first
 * Sunday of April (03:00 NZDT -> 02:00 NZST) and starts on the last Sunday of September.
 */
function nextChangeDay(change: 'ends' | 'starts'): string {
  const after = addDaysToDate(nzToday(), 1);
  for (let year = Number(after.slice(0, 4)); ; year++) {
    const day = change === 'ends' ? sundayOf(year, 4, 'first') : sundayOf(year, 9, 'last');
    if (day > after) return day;
  }
}

/** 10:00 on an Auckland date at a known offset from UTC, worked out without the app's helpers. */
const tenAm = (date: string, offsetHours: number) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d, 10) - offsetHours * HOUR_MS).toISOString();
};

describe('the change days used below', () => {
  it('are the ones New Zealand uses (2027 as the example)', () => {
    expect(sundayOf(2027, 4, 'first')).toBe('2027-04-04');
    expect(sundayOf(2027, 9, 'last')).toBe('2027-09-26');
    expect(tenAm('2027-04-04', 12)).toBe('2027-04-03T22:00:00.000Z');
    expect(tenAm('2027-09-26', 13)).toBe('2027-09-25T21:00:00.000Z');
    // The app's helper agrees on those days.
    expect(nzInstant('2027-04-04', '10:00').toISOString()).toBe('2027-04-03T22:00:00.000Z');
    expect(nzInstant('2027-09-26', '10:00').toISOString()).toBe('2027-09-25T21:00:00.000Z');
  });
});

describe('the feed link', () => {
  it('is off at first', async () => {
    expect(await t.admin.getJson<CalendarFeedStatus>(FEED)).toEqual({ active: false, createdAt: null });
  });

  it('is created with a 256-bit token, answered once; only its SHA-256 is stored', async () => {
    const before = Date.now();
    const created = await createFeed();
    const match = /^http:\/\/localhost:3000\/api\/calendar-feed\/([A-Za-z0-9_-]{43})\/appointments\.ics$/.exec(
      created.url,
    );
    expect(match, created.url).not.toBeNull();
    const token = match![1]!;
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(Date.parse(created.createdAt)).toBeGreaterThanOrEqual(before - 1000);

    const rows = await t.sql<{ token_hash: string }>('SELECT token_hash FROM calendar_feeds');
    expect(rows).toEqual([{ token_hash: hashFeedToken(token) }]);
    const status = await t.admin.get(FEED);
    expect(status.json()).toEqual({ active: true, createdAt: created.createdAt });
    expect(status.body).not.toContain(token);
  });

  it('serves text/calendar, never cached or indexed', async () => {
    const { url } = await createFeed();
    const { res, calendar } = await readFeed(url);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(res.headers['content-disposition']).toBe('inline; filename="appointments.ics"');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(calendar.getFirstPropertyValue('x-wr-calname')).toBe(`${t.config.practice.name} appointments`);
    expect(calendar.getFirstPropertyValue('x-wr-timezone')).toBe('Pacific/Auckland');
    expect((await t.app.inject({ method: 'HEAD', url: feedPath(url) })).statusCode).toBe(200);
  });

  it('rotates: the old link answers 404 at once, the new one works', async () => {
    const first = await createFeed();
    await readFeed(first.url);
    const second = await createFeed();
    expect(second.url).not.toBe(first.url);
    expectRejected(await t.get(feedPath(first.url)), 404, { message: 'Not found' });
    await readFeed(second.url);
    expect(await t.sql('SELECT id FROM calendar_feeds')).toHaveLength(1);
  });

  it('turns off: the link answers 404; turning it off again is fine', async () => {
    const { url } = await createFeed();
    for (let i = 0; i < 2; i++) {
      const res = await t.admin.del(FEED);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ active: false, createdAt: null });
    }
    expectRejected(await t.get(feedPath(url)), 404, { message: 'Not found' });
    expect(await t.admin.getJson<CalendarFeedStatus>(FEED)).toEqual({ active: false, createdAt: null });
  });

  it('answers 404 (never 400 or 500) to made-up and malformed tokens', async () => {
    await createFeed();
    for (const token of [newFeedToken(), 'abc', 'x'.repeat(99), '%00', 'a'.repeat(42) + '%2F', '..']) {
      expectRejected(await t.get(`/api/calendar-feed/${token}/appointments.ics`), 404, { message: 'Not found' });
    }
  });
});

describe('the appointments in the feed', () => {
  let url: string;
  beforeAll(async () => {
    // Sundays open, so the change days (always Sundays) can be booked.
    const res = await t.admin.post('/api/business-hours', {
      dayOfWeek: 0,
      isOpen: true,
      openTime: '09:00',
      closeTime: '17:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    url = (await createFeed()).url;
  });

  it.each([
    ['ends', 12],
    ['starts', 13],
  ] as const)(
    'puts a confirmed 10:00 booking on the day daylight saving %s at the right UTC instant',
    async (change, offset) => {
      const date = nextChangeDay(change);
      const b = await request(date, '10:00');
      await setStatus(b.id, 'confirmed');
      const { status, start, end, event } = await eventOf(url, b.id);
      expect(status).toBe('CONFIRMED');
      expect(start).toBe(tenAm(date, offset));
      // The appointment itself (60 minutes), without the turnaround buffer.
      expect(Date.parse(end) - Date.parse(start)).toBe(b.duration * 60_000);
      expect(event.summary).toBe(`${b.serviceName} – Ana Smith`);
      expect(event.location).toBe(b.address);
    },
  );

  it('shows a pending request as TENTATIVE', async () => {
    const b = await request(openDay(1), '10:00');
    const { status, event } = await eventOf(url, b.id);
    expect(status).toBe('TENTATIVE');
    expect(event.summary).toMatch(/^Pending: /);
    expect(event.description).toContain('Phone: 021 123 4567');
    expect(event.description).toContain('http://localhost:3000/admin/appointments');
  });

  it('keeps a cancelled booking as STATUS:CANCELLED with the same UID and a higher SEQUENCE', async () => {
    const b = await request(openDay(2), '11:00');
    const pending = (await eventOf(url, b.id)).event.sequence;
    await setStatus(b.id, 'confirmed');
    const confirmed = await eventOf(url, b.id);
    expect(confirmed.status).toBe('CONFIRMED');
    expect(confirmed.event.sequence).toBeGreaterThan(pending);
    await setStatus(b.id, 'cancelled');
    const cancelled = await eventOf(url, b.id);
    expect(cancelled.status).toBe('CANCELLED');
    expect(cancelled.event.sequence).toBeGreaterThan(confirmed.event.sequence);
    expect(cancelled.event.uid).toBe(confirmed.event.uid);
    expect(cancelled.start).toBe(confirmed.start);
  });

  it('keeps a declined request as STATUS:CANCELLED', async () => {
    const b = await request(openDay(3), '12:00');
    const res = await t.admin.patch(`/api/admin/bookings/${b.id}/status`, { status: 'rejected' });
    expect(res.statusCode, res.body).toBe(200);
    const { status, event } = await eventOf(url, b.id);
    expect(status).toBe('CANCELLED');
    expect(event.summary).toMatch(/^Declined: /);
  });

  it(`holds bookings that started up to ${FEED_PAST_DAYS} days ago, not older ones`, async () => {
    const recent = await request(openDay(4), '10:00');
    const old = await request(openDay(4), '13:00');
    const at = (days: number) => new Date(Date.now() - days * 24 * HOUR_MS);
    const move = (id: number, startsAt: Date) =>
      t.sql(
        "UPDATE bookings SET starts_at = $1, ends_at = $1::timestamptz + interval '1 hour', buffer_ends_at = $1::timestamptz + interval '90 minutes' WHERE id = $2",
        [startsAt.toISOString(), id],
      );
    await move(recent.id, at(FEED_PAST_DAYS - 1));
    await move(old.id, at(FEED_PAST_DAYS + 1));
    const uids = (await readFeed(url)).events.map((e) => e.uid);
    expect(uids).toContain(`booking-${recent.id}@localhost`);
    expect(uids).not.toContain(`booking-${old.id}@localhost`);
  });
});

describe('the SEQUENCE trigger', () => {
  it('bumps on any change a calendar shows, whoever writes it, and keeps updated_at honest', async () => {
    const b = await request(openDay(5), '10:00');
    const s0 = await sequenceOf(b.id);
    const [before] = await t.sql<{ updated_at: Date }>('SELECT updated_at FROM bookings WHERE id = $1', [b.id]);
    // A writer that forgets both: the trigger still bumps the sequence and updated_at.
    await t.sql("UPDATE bookings SET address = '5 Wallis Street, Raglan' WHERE id = $1", [b.id]);
    expect(await sequenceOf(b.id)).toBe(s0 + 1);
    const [after] = await t.sql<{ updated_at: Date }>('SELECT updated_at FROM bookings WHERE id = $1', [b.id]);
    expect(new Date(after!.updated_at).getTime()).toBeGreaterThan(new Date(before!.updated_at).getTime());
    await t.sql("UPDATE bookings SET notes = 'Side door' WHERE id = $1", [b.id]);
    expect(await sequenceOf(b.id)).toBe(s0 + 2);
  });

  it('does not bump when nothing a calendar shows changed, nor when a writer tries to set it', async () => {
    const b = await request(openDay(5), '13:00');
    const s0 = await sequenceOf(b.id);
    await t.sql('UPDATE bookings SET reminder_queued_at = now(), admin_note = $2 WHERE id = $1', [b.id, 'internal']);
    await t.sql('UPDATE bookings SET ics_sequence = 0, address = address WHERE id = $1', [b.id]);
    expect(await sequenceOf(b.id)).toBe(s0);
  });
});

describe('the logs', () => {
  it('never carry the feed token, whatever the answer', async () => {
    const { database, drop } = await createTestDatabase();
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString().split('\n').filter(Boolean));
        done();
      },
    });
    const app = await buildApp({ ...loadConfig({ ...TEST_ENV, LOG_LEVEL: 'info' }), clientDir: null }, database, {
      logger: { level: 'info', stream },
    });
    try {
      await app.ready();
      const cookie = await signIn(app);
      const created = await app.inject({ method: 'POST', url: FEED, headers: { cookie } });
      expect(created.statusCode).toBe(201);
      const { url } = created.json<CalendarFeedCreated>();
      const token = /calendar-feed\/([^/]+)\//.exec(url)![1]!;
      const path = feedPath(url);
      expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
      expect((await app.inject({ method: 'GET', url: `${path}?refresh=1` })).statusCode).toBe(200);
      expect((await app.inject({ method: 'HEAD', url: path })).statusCode).toBe(200);
      // Wrongly written, ending in a 404: still redacted.
      expect((await app.inject({ method: 'GET', url: `/api/calendar-feed/${token}` })).statusCode).toBe(404);
      expect(
        (await app.inject({ method: 'GET', url: `/api/calendar-feed//${token}/appointments.ics` })).statusCode,
      ).toBe(404);
      expect(
        (await app.inject({ method: 'GET', url: `/API/Calendar-Feed/${token}/appointments.ics` })).statusCode,
      ).toBe(404);
      await app.inject({ method: 'POST', url: FEED, headers: { cookie } });
      expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(404);

      const requestLines = lines
        .map((l) => JSON.parse(l) as { msg: string; url?: string })
        .filter((l) => l.msg === 'request');
      expect(
        requestLines.filter((l) => /\/(?:calendar-feed\/:token|\[redacted\])(?:\/|$)/i.test(l.url ?? '')).length,
      ).toBeGreaterThanOrEqual(7);
      expect(lines.join('\n')).not.toContain(token);
    } finally {
      await app.close();
      await database.close();
      await drop();
    }
  });
});
