/**
 * Her clients (docs/product.md §12): the list and its search, a client's page, correcting
 * the contact details, merging two clients, and alerts. Admin only (`access: 'admin'`).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  clientAlertInputSchema,
  clientAlertSchema,
  clientDetailSchema,
  clientErasureSchema,
  clientMergeSchema,
  clientPatchSchema,
  clientSearchQuerySchema,
  clientSummarySchema,
  type ClientDetail,
} from '@shared/schemas/client';
import { accessLogEntrySchema } from '@shared/schemas/health';
import { messageWithIdSchema } from '@shared/schemas/message';
import { notFound, unauthorized } from '../../http/errors';
import { defineRoute, idParams } from '../../http/route';
import { listAccess, recordAccess } from './access-log';
import { eraseClient } from './erasure';
import { CLIENT_NOT_FOUND, createClientsRepository } from './repository';

/**
 * Who the access log names for a request: the signed-in admin, never a default. Every route that calls it is admin-only
 * (http/route-access.ts refuses them without her session); without a user this refuses too (401) rather than write a
 * line in someone's name.
 */
export function actorOf(request: FastifyRequest): string {
  const username = request.user?.username;
  if (!username) throw unauthorized();
  return username;
}

const alertParams = z.object({
  id: idParams.shape.id,
  alertId: idParams.shape.id,
});

export async function clientsRoutes(app: FastifyInstance): Promise<void> {
  const repo = createClientsRepository(app.db, app.secretBox);

  async function detail(id: number): Promise<ClientDetail> {
    const found = await repo.detail(id, new Date());
    if (!found) throw notFound('CLIENT_NOT_FOUND', CLIENT_NOT_FOUND);
    return found;
  }

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/clients',
    access: 'admin',
    summary: 'Her clients: a search, or the most recently seen',
    description:
      '`q` matches the name, an e-mail, a phone (any spelling of its digits) or an address the client used; without it the 50 clients seen most recently.',
    query: clientSearchQuerySchema,
    response: { 200: z.array(clientSummarySchema) },
    handler: async ({ query }) => repo.list(query.q || undefined, new Date()),
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/clients/:id',
    access: 'admin',
    summary: "A client's page: contacts, addresses, visits, totals and alerts",
    params: idParams,
    response: { 200: clientDetailSchema },
    errors: ['CLIENT_NOT_FOUND'],
    handler: async ({ params }) => detail(params.id),
  });

  defineRoute(app, {
    method: 'PATCH',
    url: '/api/admin/clients/:id',
    access: 'admin',
    summary: "Correct a client's name, e-mail or phone",
    description:
      'A corrected detail no longer follows new bookings; past bookings keep what they said. An e-mail or phone that leads to another client is refused: merge the two instead.',
    params: idParams,
    body: clientPatchSchema,
    response: { 200: clientDetailSchema },
    errors: ['CLIENT_NOT_FOUND', 'CLIENT_CONTACT_TAKEN'],
    async handler({ params: { id }, body }, request) {
      await app.db.transaction(async (tx) => {
        await repo.patch(tx, id, body, new Date());
        await recordAccess(tx, {
          clientId: id,
          actor: actorOf(request),
          action: 'correct',
          detail: `Corrected ${Object.keys(body).join(', ')}`,
        });
      });
      request.log.info({ event: 'client_corrected', clientId: id, fields: Object.keys(body) }, 'client corrected');
      return detail(id);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/clients/:id/merge',
    access: 'admin',
    summary: 'Merge another client into this one',
    description:
      'Every booking, contact and alert of `otherId` moves here; `keep` picks whose name, e-mail and phone win (the other e-mail and phone stay as further contacts). The other client is deleted.',
    params: idParams,
    body: clientMergeSchema,
    response: { 200: clientDetailSchema },
    returns: 'The merged client',
    errors: ['CLIENT_NOT_FOUND', 'CLIENT_MERGE_SELF'],
    async handler({ params: { id }, body }, request) {
      await app.db.transaction(async (tx) => {
        await repo.merge(tx, id, body, new Date());
        await recordAccess(tx, {
          clientId: id,
          actor: actorOf(request),
          action: 'merge',
          detail: `Merged client #${body.otherId} into this one`,
        });
      });
      request.log.info({ event: 'clients_merged', clientId: id, mergedId: body.otherId }, 'clients merged');
      return detail(id);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/clients/:id/erase',
    access: 'admin',
    summary: 'Erase a client (the Privacy Act): the person goes, the tax facts of their bookings stay',
    description:
      'Removes the name, e-mails, phones, addresses, booking notes and injury details, health forms, treatment notes, alerts, every e-mail about them (queued or sent) and the stored answers of their booking requests; each booking keeps its date, time, service, duration, price, travel fee, status and payments (without her notes on them) under "Erased client", its private link stops working and it leaves the calendar feed. Refused while the client has pending or confirmed visits ahead. Cannot be undone.',
    params: idParams,
    response: { 200: clientErasureSchema },
    returns: 'What was removed and what was kept',
    errors: ['CLIENT_NOT_FOUND', 'CLIENT_HAS_UPCOMING_VISITS'],
    async handler({ params: { id } }, request) {
      const erasure = await app.db.transaction((tx) =>
        eraseClient(tx, id, { scope: 'all', actor: actorOf(request), now: new Date(), refuseUpcoming: true }),
      );
      request.log.info({ event: 'client_erased', clientId: id, ...erasure.removed }, 'client erased');
      return erasure;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/clients/:id/access-log',
    access: 'admin',
    summary: "Who read or changed a client's health forms, notes and details, newest first",
    description:
      'Health forms and notes read, exports, corrections, merges and erasures: one line each, never the content.',
    params: idParams,
    response: { 200: z.array(accessLogEntrySchema) },
    errors: ['CLIENT_NOT_FOUND'],
    async handler({ params: { id } }) {
      await detail(id);
      return listAccess(app.db, id);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/clients/:id/alerts',
    access: 'admin',
    summary: "Add an alert ('Dog at the gate') to a client",
    description: 'Shown wherever their bookings show; stored encrypted. At most 20 per client, 200 characters each.',
    params: idParams,
    body: clientAlertInputSchema,
    response: { 201: clientAlertSchema },
    errors: ['CLIENT_NOT_FOUND', 'CLIENT_ALERTS_FULL'],
    async handler({ params: { id }, body }, request, reply) {
      const alert = await app.db.transaction((tx) => repo.addAlert(tx, id, body.text, new Date()));
      request.log.info({ event: 'client_alert_added', clientId: id, alertId: alert.id }, 'client alert added');
      reply.code(201);
      return alert;
    },
  });

  defineRoute(app, {
    method: 'DELETE',
    url: '/api/admin/clients/:id/alerts/:alertId',
    access: 'admin',
    summary: "Remove one of a client's alerts",
    params: alertParams,
    response: { 200: messageWithIdSchema },
    returns: 'Removed',
    errors: ['CLIENT_NOT_FOUND', 'CLIENT_ALERT_NOT_FOUND'],
    async handler({ params: { id, alertId } }, request) {
      await repo.removeAlert(id, alertId);
      request.log.info({ event: 'client_alert_removed', clientId: id, alertId }, 'client alert removed');
      return { message: 'Alert removed', id: alertId };
    },
  });
}
