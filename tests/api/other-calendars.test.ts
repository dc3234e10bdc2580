// @both-databases: two syncs race for one calendar's lease
/**
 * docs/product.md §11: her other calendars block bookings (docs/product.md §11). A local server serves the
 * calendar files as Google writes them; the guard's refusals run on an app without
 * CALENDAR_ALLOW_PRIVATE_URLS (the test servers are on loopback, which it refuses).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OtherCalendar } from '../../src/shared/schemas/other-calendar';
import type { AvailabilityResponse, PendingBooking } from '../../src/shared/schemas/booking';
import { addDaysToDate, nzInstant, nzToday } from '../../src/shared/time';
import { syncCalendar, syncDueCalendars } from '../../src/server/modules/calendars/sync';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest } from '../helpers/bookings';
import { startCalendarServer, type CalendarServer } from '../helpers/calendar-server';
import { expectRejected } from '../helpers/expect-rejected';
import { radicaleMissingReason, startRadicale, type Radicale } from '../helpers/radicale';
import { familyCalendar, googleCalendar, nextWeekday, singleEvent } from '../helpers/ics-samples';

const t = useTestApp({ signedIn: true });
let server: CalendarServer;
beforeAll(async () => {
  server = await startCalendarServer();
});
afterAll(async () => {
  await server.close();
});

const family = familyCalendar();
/** A Tuesday a week or more ahead (clear of the minimum notice). */
const tuesday = nextWeekday(addDaysToDate(nzToday(), 7), 2);

async function times(date: string, duration = 60, address?: string): Promise<string[]> {
  const query = new URLSearchParams({ duration: String(duration), ...(address ? { address } : {}) });
  const res = await t.get(`/api/availability/${date}?${query.toString()}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AvailabilityResponse>().timeSlots;
}

async function addCalendar(body: Record<string, unknown>): Promise<OtherCalendar> {
  const res = await t.admin.post('/api/admin/calendars', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<OtherCalendar>();
}

const syncDeps = () => ({
  db: t.app.db,
  box: t.app.secretBox,
  fetcher: t.app.calendarFetch,
  horizonDays: t.config.booking.horizonDays,
});

describe('an ICS address (Google secret address)', () => {
  let calendar: OtherCalendar;

  it('is read once when added and says what it found', async () => {
    server.setFile('/family.ics', family.text, { etag: '"v1"' });
    const before = await times(tuesday, 30);
    expect(before).toEqual(expect.arrayContaining(['14:00', '15:00', '16:00']));

    calendar = await addCalendar({ name: 'Family', url: server.url('/family.ics') });
    expect(calendar).toMatchObject({ name: 'Family', kind: 'ics', allDayBlocks: true, lastError: null });
    expect(calendar.eventCount).toBe(3);
    expect(calendar.skipped).toMatchObject({ 'free (transparent)': 1 });
    expect(calendar.lastSyncedAt).not.toBeNull();
    expect(calendar.nextBusyAt).not.toBeNull();
    expect(calendar).not.toHaveProperty('password');
  });

  it('takes Tuesday 3-4 PM (and the gap each side) out of the visitor times', async () => {
    const after = await times(tuesday, 30);
    expect(after).toContain('14:00'); // 14:00-14:30, then the 15-minute gap before 15:00
    for (const time of ['14:30', '15:00', '15:30', '16:00']) expect(after).not.toContain(time);
    expect(after).toContain('16:30'); // 16:00 + the gap = 16:15
  });

  it('takes the whole family weekend away, and the free event blocks nothing', async () => {
    expect(await times(family.saturday)).toEqual([]);
    const wednesday = addDaysToDate(family.saturday, -3);
    expect(await times(wednesday)).toEqual(expect.arrayContaining(['10:00', '10:30']));
  });

  it('never shows a visitor a title or a calendar name', async () => {
    const res = await t.get(`/api/availability?from=${tuesday}&to=${addDaysToDate(tuesday, 6)}&duration=60`);
    expect(res.body).not.toMatch(/School run|Family/);
  });

  it('shows her the busy blocks with their titles', async () => {
    const res = await t.admin.get(`/api/admin/calendar-busy?from=${tuesday}&to=${tuesday}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      {
        calendarId: calendar.id,
        calendarName: 'Family',
        title: 'School run',
        start: nzInstant(tuesday, '15:00').toISOString(),
        end: nzInstant(tuesday, '16:00').toISOString(),
        allDay: false,
      },
    ]);
  });

  it('asks again with the ETag and keeps everything when nothing changed', async () => {
    const asked = server.requests.length;
    const result = await syncCalendar(syncDeps(), calendar.id);
    expect(result.status).toBe('unchanged');
    const request = server.requests.slice(asked).find((r) => r.path === '/family.ics');
    expect(request?.headers['if-none-match']).toBe('"v1"');
    expect(await times(family.saturday)).toEqual([]);
  });

  it('keeps blocking what it blocked while its server is down, and shows the error', async () => {
    server.setDown('/family.ics', 503);
    const res = await t.admin.post(`/api/admin/calendars/${calendar.id}/sync`);
    expectRejected(res, 422);
    expect(res.json<{ code: string }>().code).toBe('CALENDAR_UNREACHABLE');
    const [listed] = (await t.admin.get('/api/admin/calendars')).json<OtherCalendar[]>();
    expect(listed!.lastError).toMatch(/503/);
    expect(listed!.busyCount).toBeGreaterThan(0);
    expect(await times(family.saturday)).toEqual([]);
    expect(await times(tuesday, 30)).not.toContain('15:00');
  });

  it('keeps them too when the file stops parsing', async () => {
    server.setFile('/family.ics', 'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:garbage\r\n', { etag: '"broken"' });
    const res = await t.admin.post(`/api/admin/calendars/${calendar.id}/sync`);
    expectRejected(res, 422);
    expect(res.json<{ code: string }>().code).toBe('CALENDAR_UNREADABLE');
    expect(await times(family.saturday)).toEqual([]);
  });

  it('syncs again when the server is back, and clears the error', async () => {
    server.setFile('/family.ics', family.text, { etag: '"v2"' });
    const res = await t.admin.post(`/api/admin/calendars/${calendar.id}/sync`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ eventCount: 3 });
    const [listed] = (await t.admin.get('/api/admin/calendars')).json<OtherCalendar[]>();
    expect(listed!.lastError).toBeNull();
  });

  it("'All-day events block the day' off gives the weekend back at once", async () => {
    const res = await t.admin.patch(`/api/admin/calendars/${calendar.id}`, { allDayBlocks: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OtherCalendar>().allDayBlocks).toBe(false);
    expect(await times(family.saturday)).toContain('10:00');
    await t.admin.patch(`/api/admin/calendars/${calendar.id}`, { allDayBlocks: true });
    expect(await times(family.saturday)).toEqual([]);
  });

  it('refuses a booking over a busy time inside its transaction', async () => {
    const res = await book(t, bookingRequest({ date: tuesday, time: '15:00', duration: 60 }));
    expectRejected(res, 409);
  });

  it('removing it removes its busy times', async () => {
    const res = await t.admin.del(`/api/admin/calendars/${calendar.id}`);
    expect(res.statusCode).toBe(200);
    expect(await t.sql('SELECT id FROM calendar_busy WHERE calendar_id = $1', [calendar.id])).toEqual([]);
    expect(await times(tuesday, 30)).toContain('15:00');
    expectRejected(await t.admin.del(`/api/admin/calendars/${calendar.id}`), 404);
  });
});

describe('a weekly event across the daylight-saving change', () => {
  const longHorizon = useTestApp({ signedIn: true, env: { BOOKING_HORIZON_DAYS: '365' } });

  /** The next day the NZ clocks change (first Sunday of April, last Sunday of September), a week or more ahead. */
  function nextClockChange(): string {
    for (let d = addDaysToDate(nzToday(), 7); ; d = addDaysToDate(d, 1)) {
      const [, month, day] = d.split('-').map(Number) as [number, number, number];
      const sunday = nextWeekday(d, 0) === d;
      if (sunday && ((month === 4 && day <= 7) || (month === 9 && day > 30 - 7))) return d;
    }
  }

  it('blocks 3-4 PM wall-clock on the change day and the Sundays either side', async () => {
    const change = nextClockChange();
    const open = await longHorizon.admin.post('/api/business-hours', {
      dayOfWeek: 0,
      isOpen: true,
      openTime: '09:00',
      closeTime: '17:00',
    });
    expect(open.statusCode, open.body).toBe(200);
    const firstSunday = addDaysToDate(change, -21);
    server.setFile(
      '/sundays.ics',
      googleCalendar('Sundays', [
        { uid: 'lunch', summary: 'Lunch with Mum', date: firstSunday, start: '15:00', end: '16:00', weekly: true },
      ]),
    );
    const res = await longHorizon.admin.post('/api/admin/calendars', {
      name: 'Sundays',
      url: server.url('/sundays.ics'),
    });
    expect(res.statusCode, res.body).toBe(201);
    for (const sunday of [addDaysToDate(change, -7), change, addDaysToDate(change, 7)]) {
      const answer = await longHorizon.get(`/api/availability/${sunday}?duration=30`);
      const slots = answer.json<AvailabilityResponse>().timeSlots;
      expect(slots, sunday).toContain('14:00');
      for (const time of ['14:30', '15:00', '15:30', '16:00']) expect(slots, `${sunday} ${time}`).not.toContain(time);
      expect(slots, sunday).toContain('16:30');
    }
  });
});

describe('adding a calendar that cannot be read stores nothing', () => {
  const count = async () => (await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM other_calendars'))[0]!.n;

  it.each([
    [
      'a login page',
      '/login',
      '<!DOCTYPE html><html><body><form>Sign in</form></body></html>',
      'text/html',
      'CALENDAR_UNREADABLE',
    ],
    [
      'malformed text',
      '/broken.ics',
      'BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nDTSTART:nonsense\r\n',
      'text/calendar',
      'CALENDAR_UNREADABLE',
    ],
  ])('%s', async (_what, path, body, contentType, code) => {
    server.setFile(path, body, { contentType });
    const before = await count();
    const res = await t.admin.post('/api/admin/calendars', { name: 'Bad', url: server.url(path) });
    expect(res.json<{ code: string }>().code, res.body).toBe(code);
    expectRejected(res, 422);
    expect(await count()).toBe(before);
  });

  it('a server that is not there', async () => {
    const res = await t.admin.post('/api/admin/calendars', { name: 'Gone', url: 'http://127.0.0.1:9/cal.ics' });
    expectRejected(res, 422);
    expect(res.json<{ code: string }>().code).toBe('CALENDAR_UNREACHABLE');
  });

  it('a missing name or an ftp address', async () => {
    expectRejected(await t.admin.post('/api/admin/calendars', { name: '', url: server.url('/x.ics') }), 400);
    expectRejected(await t.admin.post('/api/admin/calendars', { name: 'X', url: 'ftp://example.com/x.ics' }), 400);
  });
});

describe('a pending request that a newly synced event overlaps', () => {
  it('is flagged, and approving it asks her to confirm', async () => {
    const date = nextWeekday(addDaysToDate(nzToday(), 9), 4);
    const created = await book(t, bookingRequest({ date, time: '11:00', duration: 60 }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: number }>().id;

    server.setFile('/later.ics', singleEvent('dentist', 'Dentist', date, '11:30', '12:30'));
    const calendar = await addCalendar({ name: 'Personal', url: server.url('/later.ics') });

    const pending = (await t.admin.get('/api/admin/bookings/pending')).json<PendingBooking[]>();
    const request = pending.find((b) => b.id === id)!;
    expect(request.clashes).toEqual([
      {
        calendarName: 'Personal',
        title: 'Dentist',
        start: nzInstant(date, '11:30').toISOString(),
        end: nzInstant(date, '12:30').toISOString(),
        allDay: false,
      },
    ]);

    const refused = await t.admin.patch(`/api/admin/bookings/${id}/status`, { status: 'confirmed' });
    expectRejected(
      refused,
      409,
      'This visit clashes with your calendar: Dentist (Personal), 11:30 AM-12:30 PM. Approve anyway?',
    );
    expect((await t.sql<{ status: string }>('SELECT status FROM bookings WHERE id = $1', [id]))[0]!.status).toBe(
      'pending',
    );

    const approved = await t.admin.patch(`/api/admin/bookings/${id}/status`, {
      status: 'confirmed',
      confirmClash: true,
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<{ status: string }>().status).toBe('confirmed');
    await t.admin.del(`/api/admin/calendars/${calendar.id}`);
  });
});

describe('the sync job', () => {
  it('syncs each due calendar once, and one process at a time', async () => {
    server.setFile('/job.ics', singleEvent('gym', 'Gym', tuesday, '09:00', '10:00'), { etag: '"j1"' });
    const calendar = await addCalendar({ name: 'Gym', url: server.url('/job.ics') });
    const later = new Date(Date.now() + 10 * 60_000);
    // A slow host, so the first sync still holds its lease when the second asks (a quick one could finish, and
    // give the lease back, before the other had even asked: two honest syncs one after the other).
    server.setFile('/job.ics', singleEvent('gym', 'Gym', tuesday, '09:00', '10:00'), { etag: '"j1"', delayMs: 300 });
    // Two processes at once: the lease lets one read it.
    const [a, b] = await Promise.all([
      syncCalendar(syncDeps(), calendar.id, { now: later }),
      syncCalendar(syncDeps(), calendar.id, { now: later }),
    ]);
    expect([a.status, b.status].sort()).toEqual(['leased-elsewhere', 'unchanged']);
    // Nothing is due right after a sync.
    expect(await syncDueCalendars(syncDeps(), 5 * 60_000)).toEqual([]);
    await t.admin.del(`/api/admin/calendars/${calendar.id}`);
  });
});

const radicaleMissing = radicaleMissingReason();
if (radicaleMissing) console.warn(`[other-calendars] CalDAV tests SKIPPED: ${radicaleMissing}`);

describe.skipIf(radicaleMissing !== null)('a CalDAV account (a real Radicale)', () => {
  let radicale: Radicale;
  beforeAll(async () => {
    radicale = await startRadicale();
  });
  afterAll(async () => {
    await radicale.close();
  });

  it('is added with its app password stored encrypted and never answered', async () => {
    const calendar = await addCalendar({
      name: 'Work',
      url: radicale.url,
      username: radicale.username,
      password: radicale.password,
    });
    expect(calendar).toMatchObject({ kind: 'caldav', username: radicale.username, eventCount: 0, lastError: null });
    const listed = await t.admin.get('/api/admin/calendars');
    expect(listed.body).not.toContain(radicale.password);
    const [row] = await t.sql<{ password_encrypted: string }>(
      'SELECT password_encrypted FROM other_calendars WHERE id = $1',
      [calendar.id],
    );
    expect(row!.password_encrypted).not.toContain(radicale.password);
    expect(t.app.secretBox.open(row!.password_encrypted)).toBe(radicale.password);

    // An event created there blocks its time within a sync.
    const date = nextWeekday(addDaysToDate(nzToday(), 7), 3);
    expect(await times(date, 60)).toContain('10:00');
    await radicale.putEvent('physio', singleEvent('physio', 'Physio', date, '10:00', '11:00'));
    const synced = await syncCalendar(syncDeps(), calendar.id, { now: new Date(Date.now() + 6 * 60_000) });
    expect(synced.status).toBe('synced');
    const after = await times(date, 60);
    for (const time of ['09:00', '09:30', '10:00', '10:30', '11:00']) expect(after).not.toContain(time);
    expect(after).toContain('11:30');
    await t.admin.del(`/api/admin/calendars/${calendar.id}`);
  });

  it('a wrong app password: 422 CALENDAR_AUTH_FAILED and nothing stored', async () => {
    const res = await t.admin.post('/api/admin/calendars', {
      name: 'Work',
      url: radicale.url,
      username: radicale.username,
      password: 'not-the-password',
    });
    expectRejected(res, 422);
    expect(res.json<{ code: string }>().code).toBe('CALENDAR_AUTH_FAILED');
    expect(await t.sql("SELECT id FROM other_calendars WHERE kind = 'caldav'")).toEqual([]);
  });
});

describe('the address guard (CALENDAR_ALLOW_PRIVATE_URLS off)', () => {
  const guarded = useTestApp({ signedIn: true, env: { CALENDAR_ALLOW_PRIVATE_URLS: 'false' } });

  it.each([
    'http://127.0.0.1:8080/cal.ics',
    'http://localhost/cal.ics',
    'http://[::1]/cal.ics',
    'webcal://127.1/cal.ics',
  ])('refuses %s under the address field, before any request', async (url) => {
    const res = await guarded.admin.post('/api/admin/calendars', { name: 'Local', url });
    const body = expectRejected(res, 400);
    expect(body.code).toBe('CALENDAR_URL_REFUSED');
    expect(body.errors?.[0]?.path).toBe('url');
  });
});
