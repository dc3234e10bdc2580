/**
 * Reading her other calendars (docs/product.md §11), raw text only: an ICS address from a stand-in for
 * Google/iCloud/Outlook (tests/helpers/calendar-server.ts), and CalDAV from a real Radicale
 * (tests/helpers/radicale.ts). Loopback only, through the guarded fetch with private addresses
 * allowed. No database: run in the api-pglite project only (src/ may not import tests/helpers).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { OutboundFailed, OutboundRefused, guardedFetcher } from '../../src/server/net/guarded-fetch';
import { fetchCalDav, type CalDavState } from '../../src/server/modules/calendars/caldav-source';
import { fetchIcs } from '../../src/server/modules/calendars/ics-source';
import { describeCalendarError } from '../../src/server/modules/calendars/calendar-errors';
import {
  CalendarAuthError,
  CalendarHttpStatusError,
  CalendarNotACalendar,
} from '../../src/server/modules/calendars/source-errors';
import { startCalendarServer, type CalendarServer } from '../helpers/calendar-server';
import { radicaleMissingReason, startRadicale, type Radicale } from '../helpers/radicale';

const onceOnly = process.env.TEST_DB === 'postgres';
const fetcher = guardedFetcher({ allowPrivate: true, timeoutMs: 1000 });

const vcalendar = (...events: string[]) =>
  ['BEGIN:VCALENDAR', 'VERSION:2.0', 'PRODID:-//Homevisit tests//EN', ...events, 'END:VCALENDAR', ''].join('\r\n');
const vevent = (uid: string, start: string, end: string, summary = 'Busy') =>
  [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    'DTSTAMP:20260101T000000Z',
    `DTSTART:${start}`,
    `DTEND:${end}`,
    `SUMMARY:${summary}`,
    'END:VEVENT',
  ].join('\r\n');

describe.skipIf(onceOnly)('fetchIcs', () => {
  let calendars: CalendarServer;
  const ics = vcalendar(vevent('a@test', '20261201T010000Z', '20261201T020000Z'));

  beforeAll(async () => {
    calendars = await startCalendarServer();
  });
  afterAll(() => calendars.close());
  beforeEach(() => {
    calendars.requests.length = 0;
  });

  it('reads the file with its ETag, then answers notModified to the same ETag (304)', async () => {
    calendars.setFile('/basic.ics', ics, { etag: '"v1"', lastModified: 'Tue, 01 Dec 2026 00:00:00 GMT' });
    const first = await fetchIcs(calendars.url('/basic.ics'), null, fetcher);
    expect(first).toEqual({
      notModified: false,
      text: ics,
      state: { etag: '"v1"', lastModified: 'Tue, 01 Dec 2026 00:00:00 GMT' },
    });
    if (first.notModified) throw new Error('unreachable');
    expect(await fetchIcs(calendars.url('/basic.ics'), first.state, fetcher)).toEqual({ notModified: true });
    expect(calendars.requests[1]?.headers['if-none-match']).toBe('"v1"');

    calendars.setFile('/basic.ics', `${ics}\r\n`, { etag: '"v2"' });
    const changed = await fetchIcs(calendars.url('/basic.ics'), first.state, fetcher);
    expect(changed).toMatchObject({ notModified: false, state: { etag: '"v2"', lastModified: null } });
  });

  it('uses If-Modified-Since when the server gives no ETag', async () => {
    const lastModified = 'Tue, 01 Dec 2026 00:00:00 GMT';
    calendars.setFile('/dated.ics', ics, { lastModified });
    const first = await fetchIcs(calendars.url('/dated.ics'), null, fetcher);
    if (first.notModified) throw new Error('expected the file');
    expect(await fetchIcs(calendars.url('/dated.ics'), first.state, fetcher)).toEqual({ notModified: true });
    expect(calendars.requests[1]?.headers['if-modified-since']).toBe(lastModified);
  });

  it('reads webcal:// as https://, and follows a redirect', async () => {
    calendars.setFile('/moved.ics', ics);
    calendars.setRedirect('/old.ics', '/moved.ics');
    expect(await fetchIcs(calendars.url('/old.ics'), null, fetcher)).toMatchObject({ text: ics });
    // https to a plain-http test server fails in TLS, which shows the scheme was mapped.
    const webcal = calendars.url('/moved.ics').replace('http:', 'webcal:');
    await expect(fetchIcs(webcal, null, fetcher)).rejects.toThrow(OutboundFailed);
  });

  it('refuses a web page: by its type, or by its first tag', async () => {
    calendars.setFile('/page', '<p>Sign in</p>', { contentType: 'text/html; charset=utf-8' });
    calendars.setFile('/page-as-text', '\n<!DOCTYPE html><html><body>Calendar</body></html>', {
      contentType: 'text/plain',
    });
    for (const path of ['/page', '/page-as-text']) {
      await expect(fetchIcs(calendars.url(path), null, fetcher)).rejects.toThrow(
        new CalendarNotACalendar(
          "The address answered with a web page (HTML), not a calendar: copy the calendar's iCal/ICS address, not the address of the page that shows it",
        ),
      );
    }
    calendars.setFile('/careless-type.ics', ics, { contentType: 'text/html' });
    expect(await fetchIcs(calendars.url('/careless-type.ics'), null, fetcher)).toMatchObject({ text: ics });
  });

  it('names the status: 401/403 is access, 404 not found, 500 a server problem', async () => {
    calendars.setDown('/private.ics', 401);
    calendars.setDown('/forbidden.ics', 403);
    calendars.setDown('/broken.ics', 500);
    await expect(fetchIcs(calendars.url('/private.ics'), null, fetcher)).rejects.toThrow(
      new CalendarAuthError('The calendar server refused access (401): check the address is the secret/public one'),
    );
    await expect(fetchIcs(calendars.url('/forbidden.ics'), null, fetcher)).rejects.toThrow(CalendarAuthError);
    const notFound = await fetchIcs(calendars.url('/gone.ics'), null, fetcher).catch((error: unknown) => error);
    expect(notFound).toBeInstanceOf(CalendarHttpStatusError);
    expect(notFound).toBeInstanceOf(OutboundFailed);
    expect((notFound as Error).message).toMatch(/^The address was not found \(404\)/);
    expect(describeCalendarError(notFound).code).toBe('CALENDAR_UNREACHABLE');
    await expect(fetchIcs(calendars.url('/broken.ics'), null, fetcher)).rejects.toThrow(/\(500\)/);
  });

  it('gives up on a server that never answers, and refuses loopback without the home-server setting', async () => {
    calendars.setHang('/slow.ics');
    const quick = guardedFetcher({ allowPrivate: true, timeoutMs: 200 });
    await expect(fetchIcs(calendars.url('/slow.ics'), null, quick)).rejects.toThrow(/did not answer within 0.2 s/);
    const guarded = guardedFetcher({ allowPrivate: false });
    const refused = await fetchIcs(calendars.url('/basic.ics'), null, guarded).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(OutboundRefused);
    expect(describeCalendarError(refused).code).toBe('CALENDAR_URL_REFUSED');
    expect(calendars.requests.map((request) => request.path)).toEqual(['/slow.ics']);
  });
});

const radicaleMissing = radicaleMissingReason();
if (radicaleMissing && !onceOnly) console.warn(`[caldav] SKIPPED: ${radicaleMissing}`);

describe.skipIf(onceOnly || radicaleMissing !== null)('fetchCalDav against Radicale', () => {
  let radicale: Radicale;
  const window = { from: new Date('2026-12-01T00:00:00Z'), to: new Date('2027-03-01T00:00:00Z') };

  beforeAll(async () => {
    radicale = await startRadicale();
    await radicale.putEvent(
      'in-window',
      vcalendar(vevent('in-window', '20261202T010000Z', '20261202T020000Z', 'Dentist')),
    );
    await radicale.putEvent('long-ago', vcalendar(vevent('long-ago', '20200101T010000Z', '20200101T020000Z', 'Old')));
  });
  afterAll(() => radicale?.close());

  const creds = (url = radicale.calendarUrl) => ({ url, username: radicale.username, password: radicale.password });

  it("reads the window's objects of one calendar, then notModified with the previous state, then the change", async () => {
    const first = await fetchCalDav(creds(), window, null, fetcher);
    if (first.notModified) throw new Error('expected objects');
    expect(first.objects).toHaveLength(1);
    expect(first.objects[0]).toContain('SUMMARY:Dentist');
    expect(first.calendarNames).toEqual(['Work']);
    expect(first.state.calendars).toEqual([
      { url: radicale.calendarUrl, ctag: expect.any(String), syncToken: expect.any(String) },
    ]);

    expect(await fetchCalDav(creds(), window, first.state, fetcher)).toEqual({ notModified: true });

    await radicale.putEvent('added', vcalendar(vevent('added', '20261203T010000Z', '20261203T020000Z', 'Lunch')));
    const changed = await fetchCalDav(creds(), window, first.state, fetcher);
    if (changed.notModified) throw new Error('expected the change');
    expect(changed.objects.map((text) => /SUMMARY:(\w+)/.exec(text)?.[1]).sort()).toEqual(['Dentist', 'Lunch']);
    expect(changed.state).not.toEqual(first.state);

    await radicale.deleteEvent('added');
    const removed = await fetchCalDav(creds(), window, changed.state, fetcher);
    expect(removed.notModified ? [] : removed.objects).toHaveLength(1);
  });

  it('reads again when the window reaches past the one read before, even if nothing changed', async () => {
    const first = await fetchCalDav(creds(), window, null, fetcher);
    if (first.notModified) throw new Error('expected objects');
    const later = { from: new Date('2026-12-02T00:00:00Z'), to: new Date('2027-03-02T00:00:00Z') };
    expect((await fetchCalDav(creds(), later, first.state, fetcher)).notModified).toBe(false);
    const state: CalDavState = { calendars: first.state.calendars }; // a state stored without its window
    expect((await fetchCalDav(creds(), window, state, fetcher)).notModified).toBe(false);
  });

  it("finds the account's calendars from the server's root", async () => {
    const result = await fetchCalDav(creds(radicale.url), window, null, fetcher);
    if (result.notModified) throw new Error('expected objects');
    expect(result.calendarNames).toEqual(['Work']);
    expect(result.state.calendars.map((calendar) => calendar.url)).toEqual([radicale.calendarUrl]);
    expect(result.objects).toHaveLength(1);
  });

  it('refuses a wrong app password, on a calendar URL and on the root', async () => {
    for (const url of [radicale.calendarUrl, radicale.url]) {
      const error = await fetchCalDav({ ...creds(url), password: 'wrong' }, window, null, fetcher).catch(
        (e: unknown) => e,
      );
      expect(error).toEqual(new CalendarAuthError('The calendar server refused the username or app password'));
      expect(describeCalendarError(error).code).toBe('CALENDAR_AUTH_FAILED');
    }
  });

  it('says so when the address is not a CalDAV server', async () => {
    const web = await startCalendarServer();
    try {
      web.setFile('/', '<!doctype html><html>Welcome</html>', { contentType: 'text/html' });
      const error = await fetchCalDav(creds(web.url('/')), window, null, fetcher).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CalendarNotACalendar);
      expect((error as Error).message).toMatch(/does not answer as a CalDAV server/);
    } finally {
      await web.close();
    }
  });
});
