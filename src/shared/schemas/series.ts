/**
 * Regulars (docs/product.md §4 "Regulars"): a confirmed booking repeated every 1-4 weeks on the
 * same weekday and NZ time, for N visits or until a date. The inputs with their messages, and the answers.
 */
import { z } from 'zod';
import { TIME_RE } from '../clock-time';
import { isValidDateString } from '../time';

/** How often a series may repeat, in weeks. */
export const SERIES_EVERY_WEEKS = [1, 2, 3, 4] as const;
/** The most visits one series holds (the first included): a year of weekly visits. */
export const SERIES_MAX_COUNT = 52;
/** An occurrence that does not fit lists the nearest fitting times this many days either side of its date. */
export const SERIES_ALTERNATIVE_DAYS = 3;
/** And at most this many of them. */
export const SERIES_ALTERNATIVES_MAX = 6;
/** And at most this many from one day, so that more than one day is offered. */
export const SERIES_ALTERNATIVES_PER_DAY = 3;

export const SERIES_OCCURRENCE_STATUSES = ['booked', 'conflict', 'skipped', 'cancelled'] as const;
export type SeriesOccurrenceStatus = (typeof SERIES_OCCURRENCE_STATUSES)[number];

const dateField = (label: string) =>
  z.string({ error: `${label} is required` }).refine(isValidDateString, `${label} must be a date (yyyy-MM-dd)`);
const timeField = z.string({ error: 'Time is required' }).regex(TIME_RE, 'Time must be HH:mm');

/** POST /api/admin/series. */
export const seriesRequestSchema = z
  .object({
    bookingId: z
      .number({ error: 'bookingId is required' })
      .int('bookingId must be a whole number')
      .min(1, 'bookingId must be a positive number')
      .max(2_147_483_647, 'bookingId is too large'),
    everyWeeks: z
      .number({ error: 'Choose every 1, 2, 3 or 4 weeks' })
      .int('Choose every 1, 2, 3 or 4 weeks')
      .min(1, 'Choose every 1, 2, 3 or 4 weeks')
      .max(4, 'Choose every 1, 2, 3 or 4 weeks'),
    count: z
      .number({ error: 'Number of visits must be a number' })
      .int('Number of visits must be a whole number')
      .min(2, 'A series has at least 2 visits')
      .max(SERIES_MAX_COUNT, `A series has at most ${SERIES_MAX_COUNT} visits`)
      .optional(),
    until: dateField('End date').optional(),
  })
  .superRefine((v, ctx) => {
    if (v.count === undefined && v.until === undefined)
      ctx.addIssue({ code: 'custom', path: ['count'], message: 'Give the number of visits or an end date' });
    if (v.count !== undefined && v.until !== undefined)
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'Give the number of visits or an end date, not both' });
  });
export type SeriesRequest = z.output<typeof seriesRequestSchema>;

export const slotSchema = z.object({ date: z.string(), time: z.string() });
export type Slot = z.output<typeof slotSchema>;

/**
 * One date of the pattern. `forDate` is the date the pattern gives; `date` and `time` are when the visit is
 * (an alternative she picked may differ) or, for a conflict, the pattern's own time that did not fit.
 */
export const seriesOccurrenceSchema = z.object({
  forDate: z.string(),
  date: z.string(),
  time: z.string(),
  status: z.enum(SERIES_OCCURRENCE_STATUSES),
  bookingId: z.number().int().optional(),
  reasons: z.array(z.string()).optional(),
  alternatives: z.array(slotSchema).optional(),
});
export type SeriesOccurrence = z.output<typeof seriesOccurrenceSchema>;

/** 201 of POST /api/admin/series. */
export const seriesCreatedSchema = z.object({ id: z.number().int(), occurrences: z.array(seriesOccurrenceSchema) });
export type SeriesCreated = z.output<typeof seriesCreatedSchema>;

/** GET /api/admin/series/{id}: the series, every decided date, and the dates still beyond the horizon. */
export const seriesSchema = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  clientId: z.number().int().nullable(),
  clientName: z.string(),
  serviceName: z.string(),
  duration: z.number().int(),
  address: z.string(),
  everyWeeks: z.number().int(),
  weekday: z.number().int(),
  time: z.string(),
  firstDate: z.string(),
  count: z.number().int().nullable(),
  until: z.string().nullable(),
  endedFrom: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  occurrences: z.array(seriesOccurrenceSchema),
  /** Dates of the pattern not yet inside the booking horizon: the extension job books them as it reaches them. */
  laterDates: z.array(z.string()),
});
export type Series = z.output<typeof seriesSchema>;

/** POST /api/admin/series/{id}/occurrences: book a conflicting date at another time (an alternative). */
export const pickOccurrenceSchema = z.object({
  forDate: dateField('forDate'),
  date: dateField('Date'),
  time: timeField,
});
export type PickOccurrence = z.output<typeof pickOccurrenceSchema>;

/** POST /api/admin/series/{id}/skip. */
export const skipOccurrenceSchema = z.object({ date: dateField('Date') });

/** DELETE /api/admin/series/{id}?from=YYYY-MM-DD. */
export const cancelSeriesQuerySchema = z.object({ from: dateField('from') });

/**
 * POST /api/admin/series/{id}/change: 'this and following' at a new NZ time (docs/product.md §4 "Regulars").
 * `from` is a date of the pattern (or any date: the visits of pattern dates on or after it move).
 */
export const changeSeriesSchema = z.object({ from: dateField('from'), time: timeField });
export type ChangeSeries = z.output<typeof changeSeriesSchema>;

/** GET /api/admin/series?clientId= or ?bookingId=: the series of a client, or the one a booking belongs to. */
export const seriesListQuerySchema = z.object({
  clientId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  bookingId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
});
export const seriesListSchema = z.array(seriesSchema);
