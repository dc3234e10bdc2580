/**
 * Deposits' routes (docs/product.md §18.2): her money settings. Admin only (`access: 'admin'`).
 */
import type { FastifyInstance } from 'fastify';
import { moneySettingsSchema } from '@shared/schemas/deposit';
import { defineRoute } from '../../http/route';
import { readMoneySettings, writeMoneySettings } from './settings';

export async function depositsRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/money/settings',
    access: 'admin',
    summary: 'Her money settings: whose bookings pay a deposit, and whether a late cancellation keeps it',
    response: { 200: moneySettingsSchema },
    handler: async () => readMoneySettings(app.db),
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/admin/money/settings',
    access: 'admin',
    summary: 'Set her money settings',
    description:
      "`depositAppliesTo`: 'everyone' or 'first-time' (clients with no visit she confirmed); `keepDepositOnLateCancel`: a cancellation she marks late keeps a deposit received. Applies to requests made from now on; a booking keeps the deposit it was asked.",
    body: moneySettingsSchema,
    response: { 200: moneySettingsSchema },
    async handler({ body }, request) {
      const saved = await writeMoneySettings(app.db, body);
      request.log.info({ event: 'money_settings', ...saved }, 'money settings saved');
      return saved;
    },
  });
}
