/**
 * The API's own description: `GET /api/openapi.json` (OpenAPI 3.1) and `GET /api/docs` (a page).
 * `collectRouteDocs` must run before the modules register their routes: it records each /api
 * route's declared docs as Fastify registers it, so the description is the routes themselves.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';
import { SESSION_COOKIE } from '@shared/constants';
import { z } from 'zod';
import { apiRouteKeys, isAdminRoute } from '../route-access';
import { jsonText, type JsonText } from '../json-text';
import { defineRoute } from '../route';
import { buildOpenApiDocument, type DocumentedRoute } from './document';
import { renderReferencePage } from './reference-page';

const DESCRIPTION =
  'The booking website of a one-person mobile massage practice. Times are New Zealand wall-clock times ' +
  '(Pacific/Auckland), dates are yyyy-MM-dd, money is in cents. Errors answer { code, message, errors? } (ApiError) ' +
  'with a 4xx or 5xx; the code is stable (the table below), the message is for people; ' +
  'the server decides price, travel, availability and status.';

export function collectRouteDocs(app: FastifyInstance): DocumentedRoute[] {
  const routes: DocumentedRoute[] = [];
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const key of apiRouteKeys(route)) {
      const docs = route.config?.docs;
      if (!docs)
        throw new Error(`Route ${key} declares no docs: declare it with defineRoute (src/server/http/route.ts)`);
      routes.push({ method: key.slice(0, key.indexOf(' ')), url: route.url, admin: isAdminRoute(key), docs });
    }
  });
  return routes;
}

/** Its own answer, loosely: the OpenAPI validators check the rest. */
const openApiDocumentSchema = z.record(z.string(), z.unknown()).meta({ description: 'An OpenAPI 3.1 document' });

/** The API's version: raised when a call changes in a way a caller would notice. */
const API_VERSION = '1.0.0';

export function openApiRoutes(routes: DocumentedRoute[]) {
  return async (app: FastifyInstance): Promise<void> => {
    let json: JsonText<Record<string, unknown>> | undefined;
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
    defineRoute(app, {
      method: 'GET',
      url: '/api/openapi.json',
      summary: 'This description (OpenAPI 3.1)',
      response: { 200: openApiDocumentSchema },
      handler: async () => (json ??= jsonText(document())),
    });
    defineRoute(app, {
      method: 'GET',
      url: '/api/docs',
      summary: 'A readable page of this description',
      produces: 'text/html',
      async handler(_input, _request, reply) {
        page ??= renderReferencePage(document());
        return reply.type('text/html; charset=utf-8').send(page);
      },
    });
  };
}
