/**
 * Decision 022: what the server embeds in her client's page, /admin/clients/{id}, for a valid session: the answers of
 * GET /api/auth/me and GET /api/admin/clients/{id}, read the same way those routes read them and parsed with their
 * answer schemas, so the HTML holds nothing the page's own requests would not have brought. That read writes no
 * access-log entry, as the route's does not; health forms, notes and the access log are asked for by the page.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { SERVER_RENDERED_ADMIN_PAGE, type AdminPageData } from '@shared/admin-page';
import { sessionUserSchema } from '@shared/schemas/auth';
import { clientDetailSchema } from '@shared/schemas/client';
import { idParams } from '../../http/route';
import { createClientsRepository } from './repository';

/** null without a session (the page is then the signed-out shell), for an id the API refuses, or a client not found. */
export function clientPageData(app: FastifyInstance): (request: FastifyRequest) => Promise<AdminPageData | null> {
  const repo = createClientsRepository(app.db, app.secretBox);
  return async (request) => {
    if (!request.user) return null;
    const id = idParams.safeParse({ id: SERVER_RENDERED_ADMIN_PAGE.exec(request.url.split(/[?#]/)[0]!)?.[1] });
    if (!id.success) return null;
    const client = await repo.detail(id.data.id, new Date());
    if (!client) return null;
    return { me: sessionUserSchema.parse(request.user), client: clientDetailSchema.parse(client) };
  };
}
