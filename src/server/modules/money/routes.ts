import type { FastifyInstance } from 'fastify';
import {
  moneyExportFilename,
  moneyExportQuerySchema,
  moneyQuerySchema,
  moneySummarySchema,
} from '@shared/schemas/money';
import { nzToday } from '@shared/time';
import { sendCsvDownload } from '../../http/csv-download';
import { defineRoute } from '../../http/route';
import { createMoneyKm } from './km';
import { moneyCsv } from './money-csv';
import { createMoneyRepository } from './repository';
import { buildSummary, summaryReadRange } from './summary';
import { voucherMoney, voucherSales } from '../vouchers/money-figures';

/** Her numbers (docs/product.md §18.4): the Money tab's summary and the accountant's CSV. Admin only. */
export async function moneyRoutes(app: FastifyInstance): Promise<void> {
  const repo = createMoneyRepository(app.db);
  const kmOf = createMoneyKm(app.db, app.config, app.drives);
  const gstRegistered = () => app.config.practice.gstNumber !== null;

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/money',
    access: 'admin',
    summary: 'Her money for a period: received, refunds, owed, deposits held, GST, km, by month and service',
    description:
      'NZ dates `from`..`to` (both included, at most 366 days). Payments count by the date paid; voided ones never ' +
      'count; refunds are negative. See docs/product.md §18.4 for each figure.',
    query: moneyQuerySchema,
    response: { 200: moneySummarySchema },
    async handler({ query: { from, to, gstPeriod } }) {
      const range = { from, to };
      // Owed and km are about visits that have happened: a period reaching into the future stops at today.
      const today = nzToday();
      const past = { from, to: to < today ? to : today };
      const [paid, depositsHeldCents, unpaid, km, vouchers] = await Promise.all([
        repo.payments(range, summaryReadRange(range, gstPeriod)),
        repo.depositsHeld(to),
        past.from <= past.to ? repo.unpaidVisits(past) : [],
        past.from <= past.to ? kmOf(past) : 0,
        voucherMoney(app.db, range),
      ]);
      const summary = buildSummary({
        range,
        gstPeriodMonths: gstPeriod,
        gstRegistered: gstRegistered(),
        ...paid,
        depositsHeldCents,
        unpaid,
        km,
      });
      return { ...summary, vouchers };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/money/export.csv',
    access: 'admin',
    summary: 'The payments of a period as CSV, for her accountant',
    query: moneyExportQuerySchema,
    produces: 'text/csv',
    async handler({ query: { from, to } }, request, reply) {
      const [rows, sales] = await Promise.all([repo.exportRows({ from, to }), voucherSales(app.db, { from, to })]);
      const saleSources = await repo.voucherSaleSources(sales.map((v) => v.voucherId));
      // Counts only: the file names clients, the log does not.
      request.log.info({ event: 'money_exported', from, to, rows: rows.length + sales.length }, 'money exported');
      return sendCsvDownload(reply, moneyExportFilename(from, to), moneyCsv(rows, gstRegistered(), sales, saleSources));
    },
  });
}
