import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { businessHoursInputSchema, businessHoursSchema } from '@shared/schemas/hours';
import { jsonText } from '../../http/json-text';
import { createHoursRepository } from './repository';
import { defineRoute } from '../../http/route';

export async function hoursRoutes(app: FastifyInstance): Promise<void> {
  const repo = createHoursRepository(app.db);

  // Served from memory (docs/performance.md); a write drops it, and so does the change feed.
  const listJson = () =>
    app.publicCache.get('business-hours', ['business_hours'], async () => jsonText(await repo.list()));

  defineRoute(app, {
    method: 'GET',
    url: '/api/business-hours',
    access: 'public',
    summary: 'Weekly business hours (NZ time), one row per weekday',
    response: { 200: z.array(businessHoursSchema) },
    handler: listJson,
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/business-hours',
    access: 'admin',
    summary: 'Set the weekly business hours',
    body: businessHoursInputSchema,
    response: { 200: businessHoursSchema },
    async handler({ body }) {
      const saved = await repo.upsert(body);
      app.publicCache.invalidate('business_hours');
      return saved;
    },
  });
}
