// Reads one ICS address (Google's secret iCal address, an iCloud public link, Outlook's published
// calendar): the raw text, fetched only when it changed. Parsing is ics-parse's job.
import { CalendarAuthError, CalendarHttpStatusError, CalendarNotACalendar } from './source-errors';

/** What the server said about the version we hold, for the next conditional GET. */
export interface IcsFetchState {
  etag: string | null;
  lastModified: string | null;
}

export type IcsFetchResult = { notModified: true } | { notModified: false; text: string; state: IcsFetchState };

/** `fetcher` is guardedFetcher(...) in the app: the address is hers, so it is checked like any she types. */
export async function fetchIcs(
  url: string,
  previous: IcsFetchState | null,
  fetcher: typeof fetch,
): Promise<IcsFetchResult> {
  const headers: Record<string, string> = { accept: 'text/calendar, text/plain;q=0.9, */*;q=0.5' };
  if (previous?.etag) headers['if-none-match'] = previous.etag;
  if (previous?.lastModified) headers['if-modified-since'] = previous.lastModified;
  const response = await fetcher(url, { headers });

  if (response.status === 304 && previous) return { notModified: true };
  if (!response.ok) throw statusError(response.status);
  const text = await response.text();
  if (looksLikeHtml(response.headers.get('content-type'), text)) {
    throw new CalendarNotACalendar(
      "The address answered with a web page (HTML), not a calendar: copy the calendar's iCal/ICS address, not the address of the page that shows it",
    );
  }
  const state = { etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') };
  return { notModified: false, text, state };
}

function statusError(status: number): Error {
  if (status === 401 || status === 403) {
    return new CalendarAuthError(
      `The calendar server refused access (${status}): check the address is the secret/public one`,
    );
  }
  if (status === 404 || status === 410) {
    return new CalendarHttpStatusError(
      status,
      `The address was not found (${status}): the calendar may have been unshared, or its secret address reset`,
    );
  }
  if (status >= 500) {
    return new CalendarHttpStatusError(
      status,
      `The calendar server had a problem (${status}); the next sync tries again`,
    );
  }
  return new CalendarHttpStatusError(status, `The calendar server answered with status ${status}`);
}

/** A web page, by its type or its first tag; a body that is visibly a calendar passes whatever
 * type a careless server gives it. */
function looksLikeHtml(contentType: string | null, text: string): boolean {
  const start = text.slice(0, 512).trimStart();
  if (/^BEGIN:VCALENDAR/i.test(start)) return false;
  return Boolean(contentType?.toLowerCase().includes('text/html')) || /^(<!doctype html|<html)/i.test(start);
}
