import type { FastifyInstance } from 'fastify';
import { bookingsExportFilename, bookingsExportQuerySchema } from '@shared/schemas/export';
import { sendCsvDownload } from '../../http/csv-download';
import { bookingsCsv } from './bookings-csv';
import { createExportsRepository } from './repository';
import { defineRoute } from '../../http/route';

/** Her bookings of a date range as a CSV file, for her accounts and GST (docs/product.md §2 "Export"). Admin only
 * (`access: 'admin'`). */
export async function exportsRoutes(app: FastifyInstance): Promise<void> {
  const repo = createExportsRepository(app.db);

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/bookings/export.csv',
    access: 'admin',
    summary: 'Bookings of a date range as CSV (for the accounts)',
    query: bookingsExportQuerySchema,
    produces: 'text/csv',
    async handler({ query: { from, to, status } }, request, reply) {
      const rows = await repo.listBookings(from, to, status);
      // Counts only: the file holds clients' personal data, the log does not.
      request.log.info({ event: 'bookings_exported', from, to, status, rows: rows.length }, 'bookings exported');
      return sendCsvDownload(reply, bookingsExportFilename(from, to), bookingsCsv(rows, new Date()));
    },
  });
}
