/** Regulars (docs/product.md §4 "Regulars"): her series of a client's visits. */
import type { FastifyInstance } from 'fastify';
import {
  cancelSeriesQuerySchema,
  changeSeriesSchema,
  pickOccurrenceSchema,
  seriesCreatedSchema,
  seriesListQuerySchema,
  seriesListSchema,
  seriesOccurrenceSchema,
  seriesRequestSchema,
  seriesSchema,
  skipOccurrenceSchema,
} from '@shared/schemas/series';
import { defineRoute, idParams } from '../../http/route';
import { cachedScheduleRules } from '../availability/cached-schedule-rules';
import { createSeriesService } from './service';

export async function seriesRoutes(app: FastifyInstance): Promise<void> {
  const series = createSeriesService({
    db: app.db,
    config: app.config,
    drives: app.drives,
    rules: cachedScheduleRules(app.publicCache, app.db),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/series',
    access: 'admin',
    summary: 'Repeat a confirmed booking as a series',
    description:
      'Every `everyWeeks` (1-4) weeks on the booking’s weekday and NZ time, for `count` visits (the booking included, 2-52) or until `until` (at most the booking horizon ahead); exactly one of the two. Each date inside the horizon is checked by every rule a new booking meets (hours, blocked dates, notice, other visits and pending requests, her other calendars, the route) in one transaction holding the days’ locks: a date that fits becomes a confirmed visit of the same client; one that does not is answered as `conflict` with its `reasons` and the nearest fitting `alternatives` (same day first, then up to 3 days either side). Dates beyond the horizon are booked by the extension job as the horizon reaches them. The client gets one e-mail listing the dates, with the series as one calendar file (RRULE, EXDATE).',
    body: seriesRequestSchema,
    response: { 201: seriesCreatedSchema },
    returns: 'The series and each date of it inside the horizon (the booking itself first)',
    errors: ['BOOKING_NOT_FOUND', 'SERIES_NEEDS_CONFIRMED', 'SERIES_EXISTS', 'BOOKING_CHANGED', 'SLOT_TAKEN'],
    async handler({ body }, request, reply) {
      const created = await series.create(body);
      request.log.info({ event: 'series_created', seriesId: created.id, bookingId: body.bookingId }, 'series created');
      reply.code(201);
      return created;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/series',
    access: 'admin',
    summary: 'The series of a client (`clientId`) or the one a booking belongs to (`bookingId`)',
    query: seriesListQuerySchema,
    response: { 200: seriesListSchema },
    handler: async ({ query }) => series.list(query),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/series/:id',
    access: 'admin',
    summary: 'A series with every decided date and the dates still beyond the horizon',
    params: idParams,
    response: { 200: seriesSchema },
    errors: ['SERIES_NOT_FOUND'],
    handler: async ({ params }) => series.get(params.id),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/series/:id/occurrences',
    access: 'admin',
    summary: 'Book a conflicting date of a series at another time',
    description:
      '`forDate` is the conflicting date of the pattern; `date` (at most 3 days from it) and `time` the time she picked, usually one of its `alternatives`. Checked again as a new booking is; the client is e-mailed the updated series.',
    params: idParams,
    body: pickOccurrenceSchema,
    response: { 201: seriesOccurrenceSchema },
    returns: 'The date, booked',
    errors: [
      'SERIES_NOT_FOUND',
      'SERIES_ENDED',
      'SERIES_DATE_NOT_FOUND',
      'SERIES_DATE_NOT_OPEN',
      'SLOT_TAKEN',
      'ROUTE_DOES_NOT_FIT',
    ],
    async handler({ params, body }, _request, reply) {
      const occurrence = await series.pick(params.id, body);
      reply.code(201);
      return occurrence;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/series/:id/skip',
    access: 'admin',
    summary: 'Skip a conflicting date of a series',
    params: idParams,
    body: skipOccurrenceSchema,
    response: { 200: seriesOccurrenceSchema },
    returns: 'The date, skipped',
    errors: ['SERIES_NOT_FOUND', 'SERIES_DATE_NOT_FOUND', 'SERIES_DATE_NOT_OPEN'],
    handler: async ({ params, body }) => series.skip(params.id, body.date),
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/admin/series/:id',
    access: 'admin',
    summary: "Cancel a series' visits from a date on ('this and following') and end it",
    description:
      'Every visit of the series whose pattern date is on or after `from` and that has not started is cancelled, conflicts still waiting are dropped, and the series ends (no more extension). The client gets one e-mail listing the cancelled dates, with the updated calendar file.',
    params: idParams,
    query: cancelSeriesQuerySchema,
    response: { 200: seriesSchema },
    returns: 'The series as it is now',
    errors: ['SERIES_NOT_FOUND'],
    async handler({ params, query }, request) {
      const answer = await series.cancelFrom(params.id, query.from);
      request.log.info({ event: 'series_cancelled', seriesId: params.id }, 'series cancelled from a date');
      return answer;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/series/:id/change',
    access: 'admin',
    summary: "Move a series' visits from a date on to a new time ('this and following')",
    description:
      'Every visit of the series whose pattern date is on or after `from` and that has not started moves to `time` on its own date, each checked as a single move is (every rule of a new request, its own old time left out), in one transaction under the days’ locks in date order. If any date does not fit, nothing changes: 409 `SERIES_CHANGE_DOES_NOT_FIT` lists each such date (`errors[].path`) with why. Otherwise the pattern’s time changes (later dates are booked at it) and the client gets one e-mail with the updated calendar file.',
    params: idParams,
    body: changeSeriesSchema,
    response: { 200: seriesSchema },
    returns: 'The series as it is now',
    errors: ['SERIES_NOT_FOUND', 'SERIES_ENDED', 'SERIES_CHANGE_DOES_NOT_FIT', 'SLOT_TAKEN'],
    async handler({ params, body }, request) {
      const answer = await series.changeFrom(params.id, body);
      request.log.info({ event: 'series_changed', seriesId: params.id }, 'series time changed from a date');
      return answer;
    },
  });
}
