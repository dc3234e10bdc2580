/** The API describes itself from its routes: /api/openapi.json (OpenAPI 3.1) and /api/docs. */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { bookingRequestSchema } from '../../src/shared/schemas/booking';
import { serviceInputSchema } from '../../src/shared/schemas/service';
import { jsonSchemaOf, openApiPath } from '../../src/server/http/openapi/document';
import { ADMIN_ROUTES, PUBLIC_ROUTES } from '../../src/server/http/route-access';
import { useTestApp } from '../helpers/app';

const t = useTestApp();

type Operation = {
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  summary?: string;
  responses: Record<string, unknown>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

async function fetchDocument(): Promise<Document> {
  const res = await t.request('GET', '/api/openapi.json');
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return res.json<Document>();
}

const operationOf = (doc: Document, route: string) => {
  const [method, url] = route.split(' ') as [string, string];
  return doc.paths[openApiPath(url)]?.[method.toLowerCase()];
};

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document, open to everyone', async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('describes every /api route, and marks exactly the admin ones as needing the session cookie', async () => {
    const doc = await fetchDocument();
    for (const route of ADMIN_ROUTES) {
      const op = operationOf(doc, route);
      expect(op, route).toBeDefined();
      expect(op!.security, route).toEqual([{ sessionCookie: [] }]);
      expect(op!.responses['401'], route).toBeDefined();
    }
    for (const route of PUBLIC_ROUTES) {
      const op = operationOf(doc, route);
      expect(op, route).toBeDefined();
      expect(op!.security, route).toBeUndefined();
      expect(op!.summary, route).toMatch(/\w/);
    }
    const described = Object.values(doc.paths).reduce((n, methods) => n + Object.keys(methods).length, 0);
    expect(described).toBe(ADMIN_ROUTES.length + PUBLIC_ROUTES.length);
  });

  it('takes request bodies from the zod schemas the routes parse with', async () => {
    const doc = await fetchDocument();
    const body = (route: string) => operationOf(doc, route)!.requestBody!.content['application/json']!.schema;
    expect(body('POST /api/bookings')).toEqual(jsonSchemaOf(bookingRequestSchema));
    expect(body('PUT /api/services/:id')).toEqual(jsonSchemaOf(serviceInputSchema));
    // The spec's limits are there as the schema states them, e.g. the booking's required fields.
    expect((body('POST /api/bookings') as { required: string[] }).required).toEqual(
      expect.arrayContaining(['date', 'time', 'email']),
    );
  });
});

describe('GET /api/docs', () => {
  it('is a readable page listing every route, with admin routes marked', async () => {
    const res = await t.request('GET', '/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    const html = res.body;
    for (const route of [...ADMIN_ROUTES, ...PUBLIC_ROUTES]) expect(html).toContain(openApiPath(route.split(' ')[1]!));
    expect(html.match(/needs the session cookie/g)?.length).toBe(ADMIN_ROUTES.length);
    expect(html).not.toMatch(/<script/i);
  });
});
