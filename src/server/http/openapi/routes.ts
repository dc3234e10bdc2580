/**
 * The API's own description: `GET /api/openapi.json` (OpenAPI 3.1) and `GET /api/docs` (a page).
 * `collectRouteDocs` must run before the modules register their routes: it records each /api
 * route's declared docs as Fastify registers it, so the description is the routes themselves.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { SESSION_COOKIE } from '@shared/constants';
import { apiRouteKeys, isAdminRoute } from '../route-access';
import { buildOpenApiDocument, type DocumentedRoute } from './document';
import { renderReferencePage } from './reference-page';

const DESCRIPTION =
  'The booking website of a one-person mobile massage practice. Times are New Zealand wall-clock times ' +
  '(Pacific/Auckland), dates are yyyy-MM-dd, money is in cents. Errors answer { message, errors? } with a 4xx; ' +
  'the server decides price, travel, availability and status.';

export function collectRouteDocs(app: FastifyInstance): DocumentedRoute[] {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const key of apiRouteKeys(route)) {
      const docs = route.config?.docs;
      if (!docs)
        throw new Error(
          `Route ${key} declares no docs: add { config: docs({ summary, ... }) } (src/server/http/openapi/route-docs.ts)`,
        );
      routes.push({ method: key.slice(0, key.indexOf(' ')), url: route.url, admin: isAdminRoute(key), docs });
    }
  });
  return routes;
}

/** The API's version: raised when a call changes in a way a caller would notice. */
const API_VERSION = '1.0.0';

export function openApiRoutes(routes: DocumentedRoute[]) {
  return async (app: FastifyInstance): Promise<void> => {
    let json: string | undefined;
    let page: string | undefined;
    // Built on first request: every route is registered by then.
    const document = () =>
      buildOpenApiDocument(
        {
          title: `${app.config.practice.name} (Homevisit)`,
          version: API_VERSION,
          description: DESCRIPTION,
          sessionCookie: SESSION_COOKIE,
        },
        routes,
      );
    app.get(
      '/api/openapi.json',
      { config: { docs: { summary: 'This description (OpenAPI 3.1)' } } },
      async (_request, reply) => {
        json ??= JSON.stringify(document());
        return reply.type('application/json; charset=utf-8').send(json);
      },
    );
    app.get(
      '/api/docs',
      { config: { docs: { summary: 'A readable page of this description' } } },
      async (_request, reply) => {
        page ??= renderReferencePage(document());
        return reply.type('text/html; charset=utf-8').send(page);
      },
    );
  };
}
