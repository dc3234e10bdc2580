/**
 * The calendar feed (docs/product.md §2): she creates a private link in the admin area and
 * subscribes her phone's calendar to it. The link is shown once; creating a new one kills the
 * old one at once; turning the feed off kills it too. The token never reaches a log line
 * (../../http/redact.ts).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  calendarFeedCreatedSchema,
  calendarFeedPath,
  calendarFeedStatusSchema,
  CALENDAR_FEED_FILENAME,
  type CalendarFeedStatus,
} from '@shared/schemas/calendar-feed';
import { notFound } from '../../http/errors';
import { feedIcs, feedWindowStart } from './feed-ics';
import { createCalendarFeedRepository, type FeedRow } from './repository';
import { hashFeedToken, isWellFormedFeedToken, newFeedToken } from './token';
import { defineRoute } from '../../http/route';

const status = (feed: FeedRow | null): CalendarFeedStatus => ({
  active: feed !== null,
  createdAt: feed?.createdAt.toISOString() ?? null,
});

export async function calendarFeedRoutes(app: FastifyInstance): Promise<void> {
  const repo = createCalendarFeedRepository(app.db);
  // Read at each request: she renames her practice in Settings (docs/product.md §19).
  const ctx = () => ({ practiceName: app.config.practice.name, publicUrl: app.config.publicUrl });

  // Admin only (`access: 'admin'`). Whether a link works; never the link itself (only its hash is kept).
  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/calendar-feed',
    access: 'admin',
    summary: 'Whether the calendar feed link is on (never the link itself)',
    response: { 200: calendarFeedStatusSchema },
    handler: async () => status(await repo.get()),
  });

  // Creates the link, or replaces it: the old token is dead from this answer on.
  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/calendar-feed',
    access: 'admin',
    summary: 'Create the calendar feed link, or replace it',
    description: 'The link is shown once; the old one stops working at once.',
    response: { 201: calendarFeedCreatedSchema },
    returns: 'The new link',
    async handler(_input, request, reply) {
      const token = newFeedToken();
      const feed = await repo.replace(hashFeedToken(token), new Date());
      request.log.info({ event: 'calendar_feed_created' }, 'calendar feed link created');
      reply.code(201);
      return { url: `${app.config.publicUrl}${calendarFeedPath(token)}`, createdAt: feed.createdAt.toISOString() };
    },
  });

  // Turning it off twice is fine.
  defineRoute(app, {
    method: 'DELETE',
    url: '/api/admin/calendar-feed',
    access: 'admin',
    summary: 'Turn the calendar feed off',
    response: { 200: calendarFeedStatusSchema },
    async handler(_input, request) {
      await repo.remove();
      request.log.info({ event: 'calendar_feed_turned_off' }, 'calendar feed turned off');
      return status(null);
    },
  });

  // Public: the token is the access. Unknown, replaced or turned off: the site's usual 404.
  defineRoute(app, {
    method: 'GET',
    url: '/api/calendar-feed/:token/appointments.ics',
    access: 'token',
    summary: "The therapist's appointments as an iCalendar feed",
    description: 'The secret token in the path is the access.',
    // Any text: a token of the wrong shape is the same 404 as an unknown one.
    params: z.object({ token: z.string() }),
    produces: 'text/calendar',
    async handler({ params: { token } }, _request, reply) {
      if (!isWellFormedFeedToken(token) || !(await repo.findByHash(hashFeedToken(token)))) throw notFound();
      const body = feedIcs(await repo.bookingsFrom(feedWindowStart(new Date())), ctx());
      return (
        reply
          .type('text/calendar; charset=utf-8')
          .header('content-disposition', `inline; filename="${CALENDAR_FEED_FILENAME}"`)
          // Clients' personal data: no shared cache keeps it, and apps fetch it fresh.
          .header('cache-control', 'private, no-store')
          .header('x-robots-tag', 'noindex, nofollow')
          .send(body)
      );
    },
  });
}
