import type { FastifyInstance } from 'fastify';
import { blockedDateInputSchema } from '@shared/schemas/blocked-date';
import { nzToday } from '@shared/time';
import { conflict, invalidField, notFound } from '../../http/errors';
import { isUniqueViolation } from '../../db/errors';
import { parseIdParam, parseInput } from '../../http/validate';
import { createBlockedDatesRepository } from './repository';

export const PAST_DATE_MESSAGE = 'Please select today or a later date';
export const ALREADY_BLOCKED_MESSAGE = 'This date is already blocked for the whole day';

export async function blockedDatesRoutes(app: FastifyInstance): Promise<void> {
  const repo = createBlockedDatesRepository(app.db);

  app.get('/api/blocked-dates', async () => repo.list());

  app.post('/api/blocked-dates', async (request, reply) => {
    const input = parseInput(blockedDateInputSchema, request.body);
    // The picker's minimum is today (in New Zealand, whatever the server's zone).
    if (input.date < nzToday()) throw invalidField('date', PAST_DATE_MESSAGE);
    if (await repo.hasFullDay(input.date)) throw conflict(ALREADY_BLOCKED_MESSAGE);
    try {
      const created = await repo.create(input);
      reply.code(201);
      return created;
    } catch (err) {
      // Two requests racing to block the same full day: the unique index decides.
      if (isUniqueViolation(err)) throw conflict(ALREADY_BLOCKED_MESSAGE);
      throw err;
    }
  });

  app.delete('/api/blocked-dates/:id', async (request) => {
    const id = parseIdParam(request.params);
    if (!(await repo.remove(id))) throw notFound('Blocked date not found');
    return { message: 'Blocked date removed', id };
  });
}
