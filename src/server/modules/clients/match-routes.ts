/**
 * Her decision on a client's possible match (docs/decisions/034, docs/product.md §12), from the client's page.
 * Admin only (`access: 'admin'`). The pending list decides with the approval (PATCH …/status `clientMatch`).
 */
import type { FastifyInstance } from 'fastify';
import { clientMatchDecisionSchema } from '@shared/client-match';
import { clientDetailSchema } from '@shared/schemas/client';
import { notFound } from '../../http/errors';
import { defineRoute, idParams } from '../../http/route';
import { decideMatch } from './match-decision';
import { CLIENT_NOT_FOUND, createClientsRepository } from './repository';
import { actorOf } from './routes';

export async function clientMatchRoutes(app: FastifyInstance): Promise<void> {
  const repo = createClientsRepository(app.db, app.secretBox);

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/clients/:id/match',
    access: 'admin',
    summary: "Decide a client's possible match: the same person, or another",
    description:
      "A public booking whose e-mail or phone led to an existing client has a client of its own naming that one (`possibleMatch`). `link`: the same person; this client is merged into the existing one, whose name, e-mail and phone stay as they are (this client's others become further contacts), and the answer is the existing client. `separate`: another person; the match is cleared.",
    params: idParams,
    body: clientMatchDecisionSchema,
    response: { 200: clientDetailSchema },
    returns: 'The client the person now is',
    errors: ['CLIENT_NOT_FOUND', 'CLIENT_NO_POSSIBLE_MATCH'],
    async handler({ params: { id }, body }, request) {
      const now = new Date();
      const clientId = await app.db.transaction((tx) =>
        decideMatch(tx, app.secretBox, id, body.decision, actorOf(request), now),
      );
      request.log.info({ event: 'client_match_decided', clientId: id, decision: body.decision }, 'match decided');
      const detail = await repo.detail(clientId, now);
      if (!detail) throw notFound('CLIENT_NOT_FOUND', CLIENT_NOT_FOUND);
      return detail;
    },
  });
}
