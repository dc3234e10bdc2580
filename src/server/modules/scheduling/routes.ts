import type { FastifyInstance } from 'fastify';
import { dayRouteQuerySchema, dayRouteSchema } from '@shared/schemas/day-route';
import { mileageExportFilename, mileageQuerySchema } from '@shared/schemas/export';
import { sendCsvDownload } from '../../http/csv-download';
import { createClientsRepository } from '../clients/repository';
import { createDayRouteReader } from './day-route';
import { createMileageLog } from './mileage-log';
import { defineRoute } from '../../http/route';

/** Her drive for a day, and the mileage log (docs/product.md §10). Admin only (`access: 'admin'`). */
export async function schedulingRoutes(app: FastifyInstance): Promise<void> {
  const alertTexts = createClientsRepository(app.db, app.secretBox).alertTextsOf;
  const dayRoute = createDayRouteReader(app.db, app.config, app.drives, alertTexts);
  const mileageCsv = createMileageLog(app.db, app.config, app.drives);

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/bookings/day-route',
    access: 'admin',
    summary: 'Her route for one day: visits, drives and kilometres',
    query: dayRouteQuerySchema,
    response: { 200: dayRouteSchema },
    handler: async ({ query }) => dayRoute(query.date),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/mileage.csv',
    access: 'admin',
    summary: 'The mileage log of a date range as CSV',
    query: mileageQuerySchema,
    produces: 'text/csv',
    async handler({ query: { from, to } }, request, reply) {
      const log = await mileageCsv(from, to);
      request.log.info({ event: 'mileage_exported', from, to, legs: log.legs }, 'mileage log exported');
      return sendCsvDownload(reply, mileageExportFilename(from, to), log.csv);
    },
  });
}
