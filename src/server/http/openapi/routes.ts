/**
 * The API's own description: `GET /api/openapi.json` (OpenAPI 3.1) and `GET /api/docs` (a page), built from
 * `app.apiRoutes`: each /api route's declaration as Fastify registered it (../route-access.ts), so the description is
 * the routes themselves.
 */
import type { FastifyInstance } from 'fastify';
import { SESSION_COOKIE } from '@shared/constants';
import { z } from 'zod';
import { jsonText, type JsonText } from '../json-text';
import { defineRoute } from '../route';
import { buildOpenApiDocument } from './document';
import { renderReferencePage } from './reference-page';

const DESCRIPTION =
  'The booking website of a one-person mobile massage practice. Times are New Zealand wall-clock times ' +
  '(Pacific/Auckland), dates are yyyy-MM-dd, money is in cents. Errors answer { code, message, errors? } (ApiError) ' +
  'with a 4xx or 5xx; the code is stable (the table below), the message is for people; ' +
  'the server decides price, travel, availability and status.';

/** Its own answer, loosely: the OpenAPI validators check the rest. */
const openApiDocumentSchema = z.record(z.string(), z.unknown()).meta({ description: 'An OpenAPI 3.1 document' });

/** The API's version: raised when a call changes in a way a caller would notice. */
const API_VERSION = '1.0.0';

export async function openApiRoutes(app: FastifyInstance): Promise<void> {
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
      app.apiRoutes,
    );
  defineRoute(app, {
    method: 'GET',
    url: '/api/openapi.json',
    access: 'public',
    summary: 'This description (OpenAPI 3.1)',
    response: { 200: openApiDocumentSchema },
    handler: async () => (json ??= jsonText(document())),
  });
  defineRoute(app, {
    method: 'GET',
    url: '/api/docs',
    access: 'public',
    summary: 'A readable page of this description',
    produces: 'text/html',
    async handler(_input, _request, reply) {
      page ??= renderReferencePage(document());
      return reply.type('text/html; charset=utf-8').send(page);
    },
  });
}
