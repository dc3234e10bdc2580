import type { FastifyInstance } from 'fastify';
import { dayRouteQuerySchema } from '@shared/schemas/day-route';
import { parseInput } from '../../http/validate';
import { createDayRouteReader } from './day-route';

/** Her drive for a day (issue 13). Admin only (route-access.ts). */
export async function schedulingRoutes(app: FastifyInstance): Promise<void> {
  const dayRoute = createDayRouteReader(app.db, app.config);
  app.get('/api/admin/bookings/day-route', async (request) => dayRoute(parseInput(dayRouteQuerySchema, request.query).date));
}
