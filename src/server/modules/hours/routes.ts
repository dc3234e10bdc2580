import type { FastifyInstance } from 'fastify';
import { businessHoursInputSchema } from '@shared/schemas/hours';
import { parseInput } from '../../http/validate';
import { createHoursRepository } from './repository';

export async function hoursRoutes(app: FastifyInstance): Promise<void> {
  const repo = createHoursRepository(app.db);

  app.get('/api/business-hours', async () => repo.list());

  app.post('/api/business-hours', async (request) => {
    const input = parseInput(businessHoursInputSchema, request.body);
    return repo.upsert(input);
  });
}
