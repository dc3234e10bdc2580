/** The API describes itself from its routes: /api/openapi.json (OpenAPI 3.1) and /api/docs. */
import { Validator } from '@seriousme/openapi-schema-validator';
import { describe, expect, it } from 'vitest';
import { ERROR_CODE_LIST } from '../../src/shared/error-codes';
import { bookingRequestSchema } from '../../src/shared/schemas/booking';
import { serviceInputSchema } from '../../src/shared/schemas/service';
import { jsonSchemaOf, openApiPath } from '../../src/server/http/openapi/document';
import { answerChecker, answersAreChecked, type Answer } from '../helpers/answer-check';
import { useTestApp } from '../helpers/app';

const t = useTestApp();

/** 'METHOD /api/path' of the app's routes that need her session (admin) or not, as each declares its access. */
const routes = (admin: boolean) =>
  t.app.apiRoutes.filter((r) => (r.access === 'admin') === admin).map((r) => `${r.method} ${r.url}`);

type Operation = {
  security?: unknown[];
  requestBody?: { content: Record<string, { schema: unknown }> };
  summary?: string;
  responses: Record<string, { description: string; content?: Record<string, { schema?: { $ref?: string } }> }>;
};
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, { properties?: Record<string, { enum?: string[] }> }> };
};

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
    const [ADMIN_ROUTES, PUBLIC_ROUTES] = [routes(true), routes(false)];
    // Her routes outside /api/admin/ too (start-up holds every /api/admin/ route to 'admin').
    expect(ADMIN_ROUTES).toEqual(expect.arrayContaining(['POST /api/services', 'GET /api/bookings/range']));
    expect(PUBLIC_ROUTES).toEqual(expect.arrayContaining(['GET /api/services', 'POST /api/webhooks/stripe']));
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
    // A token's or a signature's route says so: the access rule lets it through, its handler checks the proof.
    type Described = Operation & { description?: string };
    const accessLine = (route: string) => (operationOf(doc, route) as Described).description?.split('\n')[0];
    expect(accessLine('GET /api/bookings/token/:token')).toMatch(/^Access: Whoever holds the private token/);
    expect(accessLine('POST /api/webhooks/stripe')).toMatch(/^Access: The sender whose signature/);
    expect(accessLine('GET /api/services') ?? '').not.toMatch(/^Access:/);
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

describe('answers in the document', () => {
  it('describes every JSON answer by a schema, and every error by an ApiError listing its codes', async () => {
    const doc = await fetchDocument();
    expect(doc.components.schemas.ApiError!.properties!.code!.enum).toEqual(ERROR_CODE_LIST);
    for (const route of [...routes(true), ...routes(false)]) {
      for (const [status, response] of Object.entries(operationOf(doc, route)!.responses)) {
        const json = response.content?.['application/json'];
        if (Number(status) >= 400) {
          const codes = [...response.description.matchAll(/`([A-Z_]+)`: /g)].map((m) => m[1]);
          expect(codes.length, `${route} ${status}`).toBeGreaterThan(0);
          expect(json?.schema, `${route} ${status}`).toEqual({
            allOf: [
              { $ref: '#/components/schemas/ApiError' },
              { type: 'object', properties: { code: { enum: codes } }, required: ['code'] },
            ],
          });
        } else if (json) expect(json.schema, `${route} ${status}`).toBeTruthy();
      }
    }
    const created = operationOf(doc, 'POST /api/bookings')!.responses;
    expect(created['201']!.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/Booking' });
    expect(created['409']!.description).toContain('`SLOT_TAKEN`');
    expect(created['409']!.description).toContain('`ROUTE_DOES_NOT_FIT`');
  });
});

describe("the suite's answer check", () => {
  const answer = (statusCode: number, body: unknown, contentType = 'application/json; charset=utf-8') =>
    ({ statusCode, headers: { 'content-type': contentType }, body: JSON.stringify(body) }) satisfies Answer;
  const service = {
    id: 1,
    name: 'Massage',
    description: 'Relaxing',
    duration: 60,
    price: 8000,
    durationOptions: [],
    depositCents: null,
    depositPercent: null,
  };

  it('passes an answer that matches, and fails one that does not, naming the route and the field', async () => {
    const check = answerChecker(await fetchDocument());
    expect(() => check.check('GET', '/api/services', answer(200, [service]))).not.toThrow();
    expect(() => check.check('GET', '/api/services', answer(200, [{ ...service, price: '80' }]))).toThrow(
      /GET \/api\/services answered 200.*\n.*price must be (integer|number)/,
    );
    expect(() => check.check('GET', '/api/services', answer(200, [{ ...service, secret: 1 }]))).toThrow(
      /additional properties/,
    );
    expect(() => check.check('PUT', '/api/services/7', answer(200, { message: 'ok' }))).toThrow(/does not match/);
  });

  it('fails a status the route does not declare, and an error body that is not an ApiError', async () => {
    const check = answerChecker(await fetchDocument());
    const error = { code: 'SLOT_TAKEN', message: 'This time is no longer available.' };
    expect(() => check.check('POST', '/api/bookings', answer(409, error))).not.toThrow();
    expect(() => check.check('GET', '/api/services', answer(409, error))).toThrow(/does not declare/);
    expect(() => check.check('GET', '/api/services', answer(503, { message: 'down' }))).toThrow(/code/);
    expect(() => check.check('GET', '/api/services', answer(404, { code: 'NO_SUCH_CODE', message: 'x' }))).toThrow(
      /allowed values/,
    );
    expect(() => check.check('GET', '/api/services', answer(200, 'a,b', 'text/csv'))).toThrow(/the document says JSON/);
  });

  it('fails an error code the route does not list for that status', async () => {
    const check = answerChecker(await fetchDocument());
    const route = { code: 'ROUTE_DOES_NOT_FIT', message: 'No drive.' };
    expect(() => check.check('POST', '/api/bookings', answer(409, route))).not.toThrow();
    const sent = { code: 'EMAIL_ALREADY_SENT', message: 'This e-mail has already been sent' };
    expect(() => check.check('POST', '/api/bookings', answer(409, sent))).toThrow(/allowed values/);
  });

  it('checks every answer the test app gives', async () => {
    expect(answersAreChecked(t.app)).toBe(true);
    await expect(t.app.inject({ method: 'GET', url: '/api/services' })).resolves.toMatchObject({ statusCode: 200 });
  });
});

describe('GET /api/docs', () => {
  it('is a readable page listing every route, with admin routes marked', async () => {
    const res = await t.request('GET', '/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    const html = res.body;
    for (const route of [...routes(true), ...routes(false)]) expect(html).toContain(openApiPath(route.split(' ')[1]!));
    expect(html.match(/needs the session cookie/g)?.length).toBe(routes(true).length);
    expect(html).not.toMatch(/<script/i);
    // The error codes and the answers' shapes are on the page too.
    for (const code of ERROR_CODE_LIST) expect(html).toContain(`<code>${code}</code>`);
    expect(html).toContain('id="schema-Booking"');
  });
});
