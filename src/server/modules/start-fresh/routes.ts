/** POST /api/admin/start-fresh (docs/product.md §2 Settings "Start fresh"). Admin only. */
import type { FastifyInstance } from 'fastify';
import { START_FRESH_MESSAGES, startFreshAnswerSchema, startFreshInputSchema } from '@shared/schemas/start-fresh';
import { forgetPlaces } from '../../cache/register';
import { apiError } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { startFresh } from './service';

export async function startFreshRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/start-fresh',
    access: 'admin',
    summary: 'Remove the demo content and start with one example service',
    description:
      'Removes every service, review, booking (with its notes, health forms, check-ins and e-mails), client, ' +
      'waitlist entry and series, and the e-mail and push outboxes, in one transaction; writes the example service. ' +
      'Keeps the account, sessions, settings, hours, blocked dates, calendars and the calendar feed. ' +
      "`confirm` must be exactly 'START FRESH' (400 otherwise, nothing changed); 409 when payments or receipts " +
      'are recorded (tax records), nothing changed.',
    body: startFreshInputSchema,
    response: { 200: startFreshAnswerSchema },
    returns: 'What was removed',
    errors: ['START_FRESH_MONEY_KEPT'],
    async handler(_input, request) {
      const result = await startFresh(app.db);
      if (result.outcome === 'money-kept') throw apiError('START_FRESH_MONEY_KEPT', START_FRESH_MESSAGES.moneyKept);
      // This process at once; the others through the change feed (the TRUNCATE's notifications, the forget signal).
      for (const table of ['services', 'reviews', 'bookings', 'waitlist_offers'] as const)
        app.publicCache.invalidate(table);
      forgetPlaces(app);
      // Her log line: who, and how many of each (never whose).
      request.log.info(
        { event: 'start_fresh', by: request.user?.username ?? null, removed: result.removed },
        'started fresh: demo content removed by the admin',
      );
      return { message: START_FRESH_MESSAGES.done, removed: result.removed };
    },
  });
}
