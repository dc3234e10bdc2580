// Why reading one of her calendars failed, in words she can act on. Besides these, the fetch
// itself throws OutboundRefused (an address this server will not fetch) and OutboundFailed (DNS,
// connection, TLS, time, size) from src/server/net/guarded-fetch.ts.
import { OutboundFailed } from '../../net/guarded-fetch';

/** The server refused the credentials, or the address is not the secret/public one. */
export class CalendarAuthError extends Error {
  override name = 'CalendarAuthError';
}

/** The address answered, but not as a calendar (a web page, a server that is not CalDAV). */
export class CalendarNotACalendar extends Error {
  override name = 'CalendarNotACalendar';
}

/** The calendar server answered with an error status (404, 500, ...): a fetch that failed. */
export class CalendarHttpStatusError extends OutboundFailed {
  override name = 'CalendarHttpStatusError';
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
