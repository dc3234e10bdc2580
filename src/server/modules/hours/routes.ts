import type { FastifyInstance } from 'fastify';
import { businessHoursInputSchema } from '@shared/schemas/hours';
import { sendJsonText } from '../../http/json-text';
import { parseInput } from '../../http/validate';
import { createHoursRepository } from './repository';
import { docs } from '../../http/openapi/route-docs';

export async function hoursRoutes(app: FastifyInstance): Promise<void> {
  const repo = createHoursRepository(app.db);

  // Served from memory (issue 14); a write drops it, and so does the change feed.
  const listJson = () =>
    app.publicCache.get('business-hours', ['business_hours'], async () => JSON.stringify(await repo.list()));

  app.get(
    '/api/business-hours',
    { config: docs({ summary: 'Weekly business hours (NZ time), one row per weekday' }) },
    async (_request, reply) => sendJsonText(reply, await listJson()),
  );

  app.post(
    '/api/business-hours',
    { config: docs({ summary: 'Set the weekly business hours', body: businessHoursInputSchema }) },
    async (request) => {
      const input = parseInput(businessHoursInputSchema, request.body);
      const saved = await repo.upsert(input);
      app.publicCache.invalidate('business_hours');
      return saved;
    },
  );
}
