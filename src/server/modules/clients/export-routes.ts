/**
 * 'Export' on the client page (the Privacy Act's principle 6; docs/privacy.md): everything
 * held about one client as JSON, or as a readable page to print. Admin only (`access: 'admin'`);
 * each export is a line in the client's access log.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientExportFilename, clientExportQuerySchema, clientExportSchema } from '@shared/schemas/client-export';
import type { ClientExport } from '@shared/schemas/client-export';
import { clients } from '../../db/schema';
import { notFound } from '../../http/errors';
import { defineRoute, idParams } from '../../http/route';
import { recordAccess } from './access-log';
import { EXPORT_PAGE_CSP, renderClientExportPage } from './export-html';
import { gatherClientExport } from './export';
import { CLIENT_NOT_FOUND } from './repository';
import { actorOf } from './routes';

export const EXPORT_DETAIL = { json: 'Exported as JSON', html: 'Exported as a readable page' } as const;

export async function clientExportRoutes(app: FastifyInstance): Promise<void> {
  /** Logs the export and gathers it in one transaction, so the export holds its own log line; 404 for no client. */
  async function exportOf(id: number, request: FastifyRequest, as: keyof typeof EXPORT_DETAIL): Promise<ClientExport> {
    const data = await app.db.transaction(async (tx) => {
      // An erased client (clients/erasure.ts) is an empty tombstone: there is nobody to export.
      const [client] = await tx
        .select({ id: clients.id })
        .from(clients)
        .where(and(eq(clients.id, id), isNull(clients.erasedAt)));
      if (!client) throw notFound('CLIENT_NOT_FOUND', CLIENT_NOT_FOUND);
      await recordAccess(tx, { clientId: id, actor: actorOf(request), action: 'export', detail: EXPORT_DETAIL[as] });
      const found = await gatherClientExport(tx, app.secretBox, id, new Date());
      // Gone in between (a merge): the log line rolls back with the transaction.
      if (!found) throw notFound('CLIENT_NOT_FOUND', CLIENT_NOT_FOUND);
      return found;
    });
    // Counts only: the export holds her personal data, the server's log does not.
    request.log.info(
      {
        event: 'client_exported',
        clientId: id,
        as,
        bookings: data.bookings.length,
        emails: data.emails.length,
        texts: data.texts.length,
        healthForms: data.healthForms.length,
        notes: data.notes.length,
        unreadable: data.unreadable,
      },
      'client exported',
    );
    return data;
  }

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/clients/:id/export',
    access: 'admin',
    summary: 'Everything held about a client, as JSON (Privacy Act: her right to see it)',
    description:
      'Contact details and every contact, the addresses used, alerts, every booking with each field held, the e-mails of her bookings or to her addresses (with their text), every health form (answers in words, consent), treatment notes with amendments, and the access log. Sealed values that cannot be opened are null and counted in `unreadable`. `?download=1` sends it as a file (`client-<id>-export.json`). Each call is logged (`export`).',
    params: idParams,
    query: clientExportQuerySchema,
    response: { 200: clientExportSchema },
    errors: ['CLIENT_NOT_FOUND'],
    async handler({ params: { id }, query }, request, reply) {
      const data = await exportOf(id, request, 'json');
      reply.header('cache-control', 'no-store');
      if (query.download === '1')
        reply.header('content-disposition', `attachment; filename="${clientExportFilename(id)}"`);
      return data;
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/clients/:id/export.html',
    access: 'admin',
    summary: 'Everything held about a client, as a readable page to print or save',
    description:
      'The same as `GET /api/admin/clients/{id}/export`, one section each, NZ dates and times, dollars. Every stored text is shown as text; the page runs no script (its Content-Security-Policy allows none). Each call is logged (`export`).',
    params: idParams,
    produces: 'text/html',
    errors: ['CLIENT_NOT_FOUND'],
    async handler({ params: { id } }, request, reply) {
      const data = await exportOf(id, request, 'html');
      return reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-security-policy', EXPORT_PAGE_CSP)
        .send(renderClientExportPage(data, app.config.practice.name));
    },
  });
}
