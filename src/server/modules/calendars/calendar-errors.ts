/**
 * Why a calendar could not be read, as the API's codes and a message she can act on. The
 * messages come from the readers (they know what went wrong); anything else is a bug, logged
 * by the caller, and still answered as a clear 422 so a calendar can never break her page.
 */
import type { ErrorCode } from '@shared/error-codes';
import { OutboundFailed, OutboundRefused } from '../../net/guarded-fetch';
import { CalendarFormatError } from './ics-busy';
import { CalendarAuthError, CalendarNotACalendar } from './source-errors';

export type CalendarErrorCode = Extract<
  ErrorCode,
  'CALENDAR_URL_REFUSED' | 'CALENDAR_UNREACHABLE' | 'CALENDAR_UNREADABLE' | 'CALENDAR_AUTH_FAILED'
>;

export interface CalendarErrorDescription {
  code: CalendarErrorCode;
  message: string;
  /** Not one of the readers' own errors: a bug to log. */
  unexpected: boolean;
}

export const UNEXPECTED_CALENDAR_ERROR = 'The calendar could not be read (an unexpected error; it has been logged).';

export function describeCalendarError(error: unknown): CalendarErrorDescription {
  const known = (code: CalendarErrorCode) => ({ code, message: (error as Error).message, unexpected: false });
  if (error instanceof OutboundRefused) return known('CALENDAR_URL_REFUSED');
  if (error instanceof OutboundFailed) return known('CALENDAR_UNREACHABLE');
  if (error instanceof CalendarAuthError) return known('CALENDAR_AUTH_FAILED');
  if (error instanceof CalendarNotACalendar || error instanceof CalendarFormatError)
    return known('CALENDAR_UNREADABLE');
  return { code: 'CALENDAR_UNREADABLE', message: UNEXPECTED_CALENDAR_ERROR, unexpected: true };
}
