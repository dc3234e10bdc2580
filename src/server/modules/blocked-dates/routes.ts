import type { FastifyInstance } from 'fastify';
import { blockedDateInputSchema } from '@shared/schemas/blocked-date';
import { nzToday } from '@shared/time';
import { apiError, invalidField, notFound } from '../../http/errors';
import { isUniqueViolation } from '../../db/errors';
import { sendJsonText } from '../../http/json-text';
import { parseIdParam, parseInput } from '../../http/validate';
import { createBlockedDatesRepository } from './repository';
import { docs } from '../../http/openapi/route-docs';

export const PAST_DATE_MESSAGE = 'Please select today or a later date';
export const ALREADY_BLOCKED_MESSAGE = 'This date is already blocked for the whole day';

export async function blockedDatesRoutes(app: FastifyInstance): Promise<void> {
  const repo = createBlockedDatesRepository(app.db);

  // Served from memory (issue 14); a write drops it, and so does the change feed.
  const listJson = () =>
    app.publicCache.get('blocked-dates', ['blocked_dates'], async () => JSON.stringify(await repo.list()));
  const changed = () => app.publicCache.invalidate('blocked_dates');

  app.get(
    '/api/blocked-dates',
    { config: docs({ summary: 'Days off (NZ dates) with their reasons' }) },
    async (_request, reply) => sendJsonText(reply, await listJson()),
  );

  app.post(
    '/api/blocked-dates',
    {
      config: docs({
        summary: 'Block a date',
        body: blockedDateInputSchema,
        responses: { 201: 'The blocked date', 409: 'That date is already blocked' },
      }),
    },
    async (request, reply) => {
      const input = parseInput(blockedDateInputSchema, request.body);
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
  );

  app.delete('/api/blocked-dates/:id', { config: docs({ summary: 'Unblock a date' }) }, async (request) => {
    const id = parseIdParam(request.params);
    const removed = await repo.remove(id);
    changed();
    if (!removed) throw notFound('BLOCKED_DATE_NOT_FOUND', 'Blocked date not found');
    return { message: 'Blocked date removed', id };
  });
}
