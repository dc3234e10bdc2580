import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { blockedDateInputSchema, blockedDateSchema } from '@shared/schemas/blocked-date';
import { messageWithIdSchema } from '@shared/schemas/message';
import { nzToday } from '@shared/time';
import { apiError, invalidField, notFound } from '../../http/errors';
import { isUniqueViolation } from '../../db/errors';
import { jsonText } from '../../http/json-text';
import { createBlockedDatesRepository } from './repository';
import { defineRoute, idParams } from '../../http/route';

export const PAST_DATE_MESSAGE = 'Please select today or a later date';
export const ALREADY_BLOCKED_MESSAGE = 'This date is already blocked for the whole day';

export async function blockedDatesRoutes(app: FastifyInstance): Promise<void> {
  const repo = createBlockedDatesRepository(app.db);

  // Served from memory (docs/performance.md); a write drops it, and so does the change feed.
  const listJson = () =>
    app.publicCache.get('blocked-dates', ['blocked_dates'], async () => jsonText(await repo.list()));
  const changed = () => app.publicCache.invalidate('blocked_dates');

  defineRoute(app, {
    method: 'GET',
    url: '/api/blocked-dates',
    access: 'public',
    summary: 'Days off (NZ dates) with their reasons',
    response: { 200: z.array(blockedDateSchema) },
    handler: listJson,
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/blocked-dates',
    access: 'admin',
    summary: 'Block a date',
    body: blockedDateInputSchema,
    response: { 201: blockedDateSchema },
    returns: 'The blocked date',
    errors: ['DATE_ALREADY_BLOCKED'],
    async handler({ body: input }, _request, reply) {
      // The picker's minimum is today (in New Zealand, whatever the server's zone).
      if (input.date < nzToday()) throw invalidField('date', PAST_DATE_MESSAGE);
      if (await repo.hasFullDay(input.date)) throw apiError('DATE_ALREADY_BLOCKED', ALREADY_BLOCKED_MESSAGE);
      try {
        const created = await repo.create(input);
        changed();
        reply.code(201);
        return created;
      } catch (err) {
        // Two requests racing to block the same full day: the unique index decides.
        if (isUniqueViolation(err)) throw apiError('DATE_ALREADY_BLOCKED', ALREADY_BLOCKED_MESSAGE);
        throw err;
      }
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/blocked-dates/:id',
    access: 'admin',
    summary: 'Unblock a date',
    params: idParams,
    response: { 200: messageWithIdSchema },
    errors: ['BLOCKED_DATE_NOT_FOUND'],
    async handler({ params: { id } }) {
      const removed = await repo.remove(id);
      changed();
      if (!removed) throw notFound('BLOCKED_DATE_NOT_FOUND', 'Blocked date not found');
      return { message: 'Blocked date removed', id };
    },
  });
}
