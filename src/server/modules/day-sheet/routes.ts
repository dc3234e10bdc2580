import type { FastifyInstance } from 'fastify';
import { daySheetQuerySchema, daySheetSchema } from '@shared/schemas/day-sheet';
import { nzToday } from '@shared/time';
import { createClientsRepository } from '../clients/repository';
import { createHealthOf } from '../health-forms/health-of';
import { defineRoute } from '../../http/route';
import { createDaySheetReader } from './day-sheet';
import { adminManifest } from './manifest';

/** Her day sheet (admin only) and the admin app's manifest (public: it names the practice only). */
export async function daySheetRoutes(app: FastifyInstance): Promise<void> {
  const daySheet = createDaySheetReader(
    app.db,
    app.config,
    app.drives,
    createClientsRepository(app.db, app.secretBox).alertTextsOf,
    createHealthOf(app.db, app.secretBox, app.config.booking.healthFormMonths),
  );

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/day-sheet',
    access: 'admin',
    summary: 'Her confirmed visits of one day in route order, for the phone (kept offline)',
    query: daySheetQuerySchema,
    response: { 200: daySheetSchema },
    handler: async ({ query }) => daySheet(query.date ?? nzToday()),
  });

  // Not an /api route: the browser fetches it without cookies. Built at each request: she renames her practice and
  // uploads her logo in Settings (docs/product.md §19).
  app.get('/admin/manifest.webmanifest', async (_request, reply) =>
    reply
      .type('application/manifest+json; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(JSON.stringify(adminManifest(app.config.practice, app.config.logo.current))),
  );
}
