/**
 * Her other calendars (docs/product.md §11): add one (it is read once before anything is stored), list,
 * rename, switch all-day blocking, sync now, remove; and her busy blocks for the calendar view.
 * Admin only (`access: 'admin'`). No answer ever carries a password.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  busyBlockSchema,
  busyRangeQuerySchema,
  calendarInputSchema,
  calendarPatchSchema,
  calendarSyncResultSchema,
  otherCalendarSchema,
} from '@shared/schemas/other-calendar';
import { messageWithIdSchema } from '@shared/schemas/message';
import { addDaysToDate, nzInstant } from '@shared/time';
import { checkDateRange } from '../../http/date-range';
import { apiError, HttpError, notFound } from '../../http/errors';
import { defineRoute, idParams } from '../../http/route';
import { listBusyBlocks } from './busy-repository';
import { describeCalendarError } from './calendar-errors';
import { createCalendarsRepository } from './repository';
import { readCalendar, syncCalendar, syncWindow, type SyncDeps } from './sync';

const CALENDAR_ERRORS = [
  'CALENDAR_URL_REFUSED',
  'CALENDAR_UNREACHABLE',
  'CALENDAR_UNREADABLE',
  'CALENDAR_AUTH_FAILED',
] as const;
const CALENDAR_NOT_FOUND = 'Calendar not found';

export async function calendarsRoutes(app: FastifyInstance): Promise<void> {
  const repo = createCalendarsRepository(app.db);
  const deps: SyncDeps = {
    db: app.db,
    box: app.secretBox,
    fetcher: app.calendarFetch,
    // Her Settings move the horizon while the server runs (docs/product.md §19).
    get horizonDays() {
      return app.config.booking.horizonDays;
    },
  };

  /** A reader's error as the API's answer; a bug is logged, never answered as a 5xx. */
  function refusal(error: unknown, log: FastifyInstance['log']): HttpError {
    const { code, message, unexpected } = describeCalendarError(error);
    if (unexpected) log.error({ err: error }, 'calendar read failed unexpectedly');
    // The address field is the one to fix: the form shows the message beside it.
    return code === 'CALENDAR_URL_REFUSED'
      ? new HttpError(code, message, [{ path: 'url', message }])
      : apiError(code, message);
  }

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/calendars',
    access: 'admin',
    summary: 'Her other calendars, with their last sync and last error',
    response: { 200: z.array(otherCalendarSchema) },
    handler: async () => repo.list(new Date()),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/calendars',
    access: 'admin',
    summary: 'Add a calendar by its iCalendar address or a CalDAV account',
    description:
      'With `username` and `password` a CalDAV account, else an iCalendar (ICS) address; `webcal://` is read as `https://`. The calendar is read once first: what it found comes back with it, or the answer says exactly why it could not be read, and nothing is stored.',
    body: calendarInputSchema,
    response: { 201: otherCalendarSchema },
    returns: 'The calendar after its first sync',
    errors: [...CALENDAR_ERRORS],
    async handler({ body }, request, reply) {
      const kind = body.username ? 'caldav' : 'ics';
      const source = { kind, url: body.url, username: body.username ?? null, password: body.password ?? null } as const;
      const now = new Date();
      let read;
      try {
        read = await readCalendar(source, null, syncWindow(now, deps.horizonDays), deps.fetcher);
      } catch (error) {
        throw refusal(error, request.log);
      }
      if (read.unchanged) throw new Error('A first read cannot be unchanged');
      const { outcome } = read;
      const created = await app.db.transaction((tx) =>
        createCalendarsRepository(tx).create(
          {
            name: body.name,
            kind,
            url: body.url,
            username: source.username,
            passwordEncrypted: body.password ? app.secretBox.seal(body.password) : null,
            allDayBlocks: body.allDayBlocks,
          },
          outcome,
          now,
        ),
      );
      request.log.info(
        { event: 'calendar_added', calendarId: created.id, kind, events: outcome.eventCount },
        'calendar added',
      );
      reply.code(201);
      return (await repo.answer(created.id, new Date()))!;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/calendars/:id/sync',
    access: 'admin',
    summary: 'Read a calendar now',
    description:
      'A full read (no conditional request). A failure keeps the busy times of the last good sync and is recorded as its `lastError`.',
    params: idParams,
    response: { 200: calendarSyncResultSchema },
    errors: ['CALENDAR_NOT_FOUND', 'CONFLICT', ...CALENDAR_ERRORS],
    async handler({ params: { id } }, request) {
      if (!(await repo.find(id))) throw notFound('CALENDAR_NOT_FOUND', CALENDAR_NOT_FOUND);
      const result = await syncCalendar(deps, id, { full: true });
      if (result.status === 'leased-elsewhere')
        throw apiError('CONFLICT', 'This calendar is being synced right now: try again in a moment');
      if (result.status === 'failed') throw refusal(result.error, request.log);
      return {
        eventCount: result.row.eventCount,
        busyCount: (await repo.answer(id, new Date()))?.busyCount ?? 0,
        lastSyncedAt: result.row.lastSyncedAt!.toISOString(),
      };
    },
  });

  defineRoute(app, {
    method: 'PATCH',
    url: '/api/admin/calendars/:id',
    access: 'admin',
    summary: "Rename a calendar or switch 'All-day events block the day'",
    params: idParams,
    body: calendarPatchSchema,
    response: { 200: otherCalendarSchema },
    errors: ['CALENDAR_NOT_FOUND'],
    async handler({ params: { id }, body }) {
      if (!(await repo.update(id, body))) throw notFound('CALENDAR_NOT_FOUND', CALENDAR_NOT_FOUND);
      return (await repo.answer(id, new Date()))!;
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/admin/calendars/:id',
    access: 'admin',
    summary: 'Remove a calendar and its busy times',
    params: idParams,
    response: { 200: messageWithIdSchema },
    returns: 'Removed',
    errors: ['CALENDAR_NOT_FOUND'],
    async handler({ params: { id } }, request) {
      if (!(await repo.remove(id))) throw notFound('CALENDAR_NOT_FOUND', CALENDAR_NOT_FOUND);
      request.log.info({ event: 'calendar_removed', calendarId: id }, 'calendar removed');
      return { message: 'Calendar removed', id };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/calendar-busy',
    access: 'admin',
    summary: 'Her busy blocks from her other calendars, NZ dates from..to',
    description: 'Titles and calendar names are hers only: the public availability answers carry neither.',
    query: busyRangeQuerySchema,
    response: { 200: z.array(busyBlockSchema) },
    errors: ['INVALID_DATE_RANGE'],
    async handler({ query }) {
      checkDateRange(query, { from: 'from', to: 'to' });
      return listBusyBlocks(app.db, nzInstant(query.from), nzInstant(addDaysToDate(query.to, 1)));
    },
  });
}
