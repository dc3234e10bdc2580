/**
 * The one rule for list queries over a date range (GET /api/availability?from=&to=,
 * GET /api/bookings/range): the end not before the start, and at most MAX_RANGE_DAYS
 * days, so one call stays cheap. Each endpoint keeps its own field names.
 */
import type { z } from 'zod';
import { MAX_RANGE_DAYS } from '@shared/constants';
import { addDaysToDate } from '@shared/time';
import { apiError } from './errors';
import { parseInput } from './validate';

/** Parses the query with `schema`, then checks the range named by `keys` (both yyyy-MM-dd). */
export function parseDateRange<F extends string, T extends string, S extends z.ZodType<Record<F | T, string>>>(
  schema: S,
  query: unknown,
  keys: { from: F; to: T },
): z.output<S> {
  const parsed = parseInput(schema, query);
  const { [keys.from]: from, [keys.to]: to } = parsed as Record<F | T, string>;
  if (to < from) throw apiError('INVALID_DATE_RANGE', `${keys.to} must not be before ${keys.from}`);
  if (to > addDaysToDate(from, MAX_RANGE_DAYS - 1))
    throw apiError('INVALID_DATE_RANGE', `At most ${MAX_RANGE_DAYS} days at once`);
  return parsed;
}
