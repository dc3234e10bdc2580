/**
 * The one rule for list queries over a date range (GET /api/availability?from=&to=,
 * GET /api/bookings/range): the end not before the start, and at most MAX_RANGE_DAYS
 * days, so one call stays cheap. Each endpoint keeps its own field names.
 */
import { MAX_RANGE_DAYS } from '@shared/constants';
import { addDaysToDate } from '@shared/time';
import { apiError } from './errors';

/** Checks the range named by `keys` (both yyyy-MM-dd) of a query its route has parsed. */
export function checkDateRange<F extends string, T extends string>(
  query: Record<F | T, string>,
  keys: { from: F; to: T },
): void {
  const { [keys.from]: from, [keys.to]: to } = query;
  if (to < from) throw apiError('INVALID_DATE_RANGE', `${keys.to} must not be before ${keys.from}`);
  if (to > addDaysToDate(from, MAX_RANGE_DAYS - 1))
    throw apiError('INVALID_DATE_RANGE', `At most ${MAX_RANGE_DAYS} days at once`);
}
