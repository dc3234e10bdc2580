import type { FastifyInstance } from 'fastify';
import { businessHoursInputSchema } from '@shared/schemas/hours';
import { sendJsonText } from '../../http/json-text';
import { parseInput } from '../../http/validate';
import { createHoursRepository } from './repository';

export async function hoursRoutes(app: FastifyInstance): Promise<void> {
  const repo = createHoursRepository(app.db);

  // Served from memory (issue 14); a write drops it, and so does the change feed.
  const listJson = () => app.publicCache.get('business-hours', ['business_hours'], async () => JSON.stringify(await repo.list()));

  app.get('/api/business-hours', async (_request, reply) => sendJsonText(reply, await listJson()));

  app.post('/api/business-hours', async (request) => {
    const input = parseInput(businessHoursInputSchema, request.body);
    const saved = await repo.upsert(input);
    app.publicCache.invalidate('business_hours');
    return saved;
  });
}
