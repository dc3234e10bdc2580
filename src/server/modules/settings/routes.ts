/**
 * Her settings (docs/product.md §19): GET and PATCH /api/admin/settings, and where an address is, for her
 * base. Admin only (`access: 'admin'`).
 */
import type { FastifyInstance } from 'fastify';
import { locatedPlaceSchema, locateQuerySchema, settingsPatchSchema, settingsSchema } from '@shared/schemas/settings';
import { notFound } from '../../http/errors';
import { defineRoute } from '../../http/route';
import { actorOf } from '../clients/routes';

export async function settingsRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/settings',
    access: 'admin',
    summary: 'Her settings: the practice, its service area and travel fees, the booking rules',
    response: { 200: settingsSchema },
    handler: async () => app.settings.current(),
  });

  defineRoute(app, {
    method: 'PATCH',
    url: '/api/admin/settings',
    access: 'admin',
    summary: 'Save any subset of her settings; applied at once, without a restart',
    description:
      'Each field is checked on its own and with the others as they would be saved; any invalid field is a 400 naming it in `errors[].path` (`practice.gstNumber`) and nothing is saved. A GST number is kept as IRD prints it (`49-091-850`), a bank account as `01-0902-0068389-00`. `GET /api/practice` answers the new values at once.',
    body: settingsPatchSchema,
    response: { 200: settingsSchema },
    errors: ['VALIDATION_FAILED'],
    async handler({ body }, request) {
      const actor = actorOf(request);
      const saved = await app.settings.save(body, actor);
      // Which fields changed, never their values (a bank account is not a log line).
      const fields = Object.entries(body).flatMap(([section, f]) => Object.keys(f ?? {}).map((k) => `${section}.${k}`));
      request.log.info({ event: 'settings_saved', actor, fields }, 'settings saved');
      return saved;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/settings/locate',
    access: 'admin',
    summary: 'Where an address is (her base): the maps provider, or the offline list of New Zealand places',
    query: locateQuerySchema,
    response: { 200: locatedPlaceSchema },
    errors: ['NOT_FOUND'],
    async handler({ query }) {
      const place = await app.travel.locate(query.address);
      if (!place) throw notFound('NOT_FOUND', 'That address could not be found: check it, or type the town');
      return place;
    },
  });
}
