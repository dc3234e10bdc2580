import type { FastifyInstance } from 'fastify';
import { dayRouteQuerySchema } from '@shared/schemas/day-route';
import { mileageExportFilename, mileageQuerySchema } from '@shared/schemas/export';
import { sendCsvDownload } from '../../http/csv-download';
import { parseInput } from '../../http/validate';
import { createDayRouteReader } from './day-route';
import { createMileageLog } from './mileage-log';
import { docs } from '../../http/openapi/route-docs';

/** Her drive for a day, and the mileage log (issue 13). Admin only (route-access.ts). */
export async function schedulingRoutes(app: FastifyInstance): Promise<void> {
  const dayRoute = createDayRouteReader(app.db, app.config, app.drives);
  const mileageCsv = createMileageLog(app.db, app.config, app.drives);

  app.get(
    '/api/admin/bookings/day-route',
    { config: docs({ summary: 'Her route for one day: visits, drives and kilometres', query: dayRouteQuerySchema }) },
    async (request) => dayRoute(parseInput(dayRouteQuerySchema, request.query).date),
  );

  app.get(
    '/api/admin/mileage.csv',
    {
      config: docs({
        summary: 'The mileage log of a date range as CSV',
        query: mileageQuerySchema,
        produces: 'text/csv',
      }),
    },
    async (request, reply) => {
      const { from, to } = parseInput(mileageQuerySchema, request.query);
      const log = await mileageCsv(from, to);
      request.log.info({ event: 'mileage_exported', from, to, legs: log.legs }, 'mileage log exported');
      return sendCsvDownload(reply, mileageExportFilename(from, to), log.csv);
    },
  );
}
