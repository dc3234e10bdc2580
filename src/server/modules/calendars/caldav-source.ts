// Reads her calendars from a CalDAV server (iCloud, Fastmail, Nextcloud, Radicale...) with a
// username and app password: the raw iCalendar objects of the window, fetched only when a
// calendar changed. Parsing is ics-parse's job.
import {
  createAccount,
  fetchCalendarObjects,
  fetchCalendars,
  getBasicAuthHeaders,
  propfind,
  type DAVCalendar,
  type DAVResponse,
} from 'tsdav';
import { OutboundFailed, OutboundRefused } from '../../net/guarded-fetch';
import { CalendarAuthError, CalendarHttpStatusError, CalendarNotACalendar } from './source-errors';

export interface CalDavCredentials {
  url: string;
  username: string;
  password: string;
}

export interface CalDavState {
  calendars: { url: string; ctag: string | null; syncToken: string | null }[];
  /** The window the objects were read for: an unchanged calendar still needs a read once the
   * window reaches past it (days pass, the booking horizon moves). Absent in older states. */
  window?: { from: string; to: string };
}

export type CalDavFetchResult =
  { notModified: true } | { notModified: false; objects: string[]; state: CalDavState; calendarNames: string[] };

type AuthHeaders = Record<string, string>;

const WRONG_PASSWORD = 'The calendar server refused the username or app password';

/**
 * The URL may be one calendar (only it is read) or the server/account (every calendar that holds
 * events is read). `fetcher` is guardedFetcher(...) in the app.
 */
export async function fetchCalDav(
  creds: CalDavCredentials,
  window: { from: Date; to: Date },
  previous: CalDavState | null,
  fetcher: typeof fetch,
): Promise<CalDavFetchResult> {
  const headers = getBasicAuthHeaders({ username: creds.username, password: creds.password }) as AuthHeaders;
  try {
    const calendars = await findCalendars(creds, headers, fetcher);
    const range = { from: window.from.toISOString(), to: window.to.toISOString() };
    const state: CalDavState = {
      calendars: calendars.map((calendar) => ({
        url: calendar.url,
        ctag: textOrNull(calendar.ctag),
        syncToken: textOrNull(calendar.syncToken),
      })),
      window: range,
    };
    if (previous && unchanged(previous, state)) return { notModified: true };

    const objects: string[] = [];
    for (const calendar of calendars) {
      const found = await fetchCalendarObjects({
        calendar,
        timeRange: { start: range.from, end: range.to },
        expand: false,
        // tsdav keeps only URLs ending in .ics by default; some servers name objects otherwise.
        urlFilter: (url) => url !== calendar.url,
        headers,
        fetch: fetcher,
      });
      for (const object of found) if (typeof object.data === 'string' && object.data) objects.push(object.data);
    }
    return { notModified: false, objects, state, calendarNames: calendars.map(calendarName) };
  } catch (error) {
    throw describeDavError(error);
  }
}

/** The calendar at the URL itself, or else every event calendar of the account. */
async function findCalendars(
  creds: CalDavCredentials,
  headers: AuthHeaders,
  fetcher: typeof fetch,
): Promise<DAVCalendar[]> {
  const [answer] = await propfind({
    url: creds.url,
    props: {
      'd:resourcetype': {},
      'd:displayname': {},
      'cs:getctag': {},
      'd:sync-token': {},
      'c:supported-calendar-component-set': {},
    },
    depth: '0',
    headers,
    fetch: fetcher,
  });
  if (answer?.status === 401) throw new CalendarAuthError(WRONG_PASSWORD);
  if (answer?.status === 404 && new URL(creds.url).pathname !== '/') {
    throw new CalendarHttpStatusError(404, 'The address was not found (404): check the CalDAV server address');
  }
  if (answer?.ok && isCalendar(answer)) return [calendarFromAnswer(creds.url, answer)];

  const account = await createAccount({
    account: {
      serverUrl: creds.url,
      accountType: 'caldav',
      credentials: { username: creds.username, password: creds.password },
    },
    headers,
    fetch: fetcher,
  });
  const calendars = (await fetchCalendars({ account, headers, fetch: fetcher })).filter(holdsEvents);
  if (calendars.length === 0) {
    throw new CalendarNotACalendar('The account has no calendars with events at this CalDAV address');
  }
  return calendars;
}

function isCalendar(answer: DAVResponse): boolean {
  const types = answer.props?.resourcetype as Record<string, unknown> | undefined;
  return Boolean(types && 'calendar' in types);
}

function calendarFromAnswer(url: string, answer: DAVResponse): DAVCalendar {
  const props = answer.props ?? {};
  const displayName = props.displayname as DAVCalendar['displayName'];
  return {
    url: new URL(answer.href ?? url, url).href,
    ctag: textOrNull(props.getctag) ?? undefined,
    syncToken: textOrNull(props.syncToken) ?? undefined,
    displayName,
    components: componentNames(props.supportedCalendarComponentSet),
  };
}

function componentNames(set: unknown): string[] {
  const comp = (set as { comp?: unknown } | undefined)?.comp;
  const list = Array.isArray(comp) ? comp : comp ? [comp] : [];
  return list
    .map((c) => (c as { _attributes?: { name?: unknown } })._attributes?.name)
    .filter((name): name is string => typeof name === 'string');
}

/** A calendar that says nothing about its components may hold events too. */
function holdsEvents(calendar: DAVCalendar): boolean {
  return !calendar.components?.length || calendar.components.includes('VEVENT');
}

/** Unchanged when the same calendars each carry the same sync token (or ctag), and the objects
 * were read for a window that covers this one. Without a token we cannot tell: read again. */
function unchanged(previous: CalDavState, next: CalDavState): boolean {
  const covered =
    previous.window !== undefined &&
    next.window !== undefined &&
    previous.window.from <= next.window.from &&
    previous.window.to >= next.window.to;
  if (!covered || previous.calendars.length !== next.calendars.length) return false;
  return next.calendars.every((calendar) => {
    const before = previous.calendars.find((c) => c.url === calendar.url);
    if (!before) return false;
    if (calendar.syncToken !== null) return calendar.syncToken === before.syncToken;
    return calendar.ctag !== null && calendar.ctag === before.ctag;
  });
}

function calendarName(calendar: DAVCalendar): string {
  const name = calendar.displayName;
  if (typeof name === 'string' && name.trim()) return name.trim();
  const lastSegment = new URL(calendar.url).pathname.split('/').filter(Boolean).pop();
  return lastSegment ? decodeURIComponent(lastSegment) : calendar.url;
}

/** tsdav's values pass through an XML-to-JS step that may turn text into a number. */
function textOrNull(value: unknown): string | null {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : null;
}

/** tsdav throws plain Errors with its own wording: say what they mean for her. */
function describeDavError(error: unknown): unknown {
  if (
    error instanceof OutboundRefused ||
    error instanceof OutboundFailed ||
    error instanceof CalendarAuthError ||
    error instanceof CalendarNotACalendar ||
    !(error instanceof Error)
  ) {
    return error;
  }
  if (/\b401\b|Invalid credentials/.test(error.message)) return new CalendarAuthError(WRONG_PASSWORD);
  if (/cannot find (principalUrl|homeUrl)/.test(error.message)) {
    return new CalendarNotACalendar(
      'The address does not answer as a CalDAV server: check the server address (for iCloud, https://caldav.icloud.com)',
    );
  }
  const status = /failed: (\d{3})/.exec(error.message)?.[1];
  if (status) {
    return new CalendarHttpStatusError(Number(status), `The calendar server answered with status ${status}`);
  }
  const detail = error.message.length > 200 ? `${error.message.slice(0, 200)}…` : error.message;
  return new CalendarNotACalendar(`The calendar server's answer could not be read (${detail})`);
}
