/**
 * Builds the OpenAPI 3.1 description from the routes as registered. Pure: the routes' own
 * zod schemas are converted with zod's JSON Schema output (draft 2020-12, which OpenAPI 3.1 uses):
 * inputs as a caller sends them, answers as the server sends them. Schemas named with
 * `.meta({ id })` in src/shared become components/schemas (Booking, Service, ApiError, ...).
 */
import { z } from 'zod';
import { apiErrorBodySchema } from '@shared/api-error';
import { ERROR_CODES, ERROR_CODE_LIST, type ErrorCode } from '@shared/error-codes';
import { ACCESS, type ApiRoute } from '../route-access';

/** A route as the document needs it: its method, path, access and declared docs. */
export type DocumentedRoute = ApiRoute;

export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
  sessionCookie: string;
}

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;
type Components = Record<string, JsonSchema>;

const DEFS = '#/$defs/';
const COMPONENTS = '#/components/schemas/';

/**
 * A zod schema as JSON Schema: `io: 'input'` is what a caller sends (before defaults and
 * transforms), 'output' what the server answers. Refinements in code stay server-side. Named
 * schemas found inside move to `components` (when given) and are referred to there.
 */
export function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output' = 'input', components?: Components) {
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  const defs = json.$defs as Components | undefined;
  if (!defs || !components) return json;
  delete json.$defs;
  const moved = (value: JsonSchema) =>
    JSON.parse(JSON.stringify(value).replaceAll(`"${DEFS}`, `"${COMPONENTS}`)) as JsonSchema;
  for (const [name, def] of Object.entries(defs)) components[name] = moved(def);
  return moved(json);
}

/** Fastify's `/a/:id/b` as OpenAPI's `/a/{id}/b`. */
export function openApiPath(url: string): string {
  return url.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');
}

function pathParamNames(url: string): string[] {
  return [...url.matchAll(/:([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
}

function parameters(route: DocumentedRoute): JsonSchema[] {
  const list: JsonSchema[] = [];
  const params = route.docs.params ? jsonSchemaOf(route.docs.params) : undefined;
  for (const name of pathParamNames(route.url)) {
    const schema = (params?.properties as Record<string, JsonSchema> | undefined)?.[name] ?? { type: 'string' };
    list.push({ name, in: 'path', required: true, schema });
  }
  if (route.docs.query) {
    const query = jsonSchemaOf(route.docs.query);
    const required = new Set((query.required as string[] | undefined) ?? []);
    for (const [name, schema] of Object.entries((query.properties as Record<string, JsonSchema> | undefined) ?? {})) {
      list.push({ name, in: 'query', required: required.has(name), schema });
    }
  }
  return list;
}

/** Every code a route may answer: its own, and the generic ones its shape implies. */
function errorCodes(route: DocumentedRoute): ErrorCode[] {
  const { docs, url, method } = route;
  const admin = route.access === 'admin';
  const codes = new Set<ErrorCode>();
  const pathParams = pathParamNames(url);
  if (docs.body || docs.query || docs.params) codes.add('VALIDATION_FAILED');
  // Fastify reads a JSON body on every method but GET, whether or not the route wants one.
  if (method !== 'GET') codes.add('INVALID_JSON');
  // A value the checks let through that the database refuses (e.g. a NUL character in a text).
  if (docs.body) codes.add('INVALID_DATA');
  if (pathParams.includes('id')) codes.add('INVALID_ID');
  if (admin) codes.add('UNAUTHENTICATED');
  if (admin || method !== 'GET') codes.add('CROSS_SITE_REQUEST');
  for (const code of docs.errors ?? []) codes.add(code);
  // A path parameter names something that may not exist; the route's own 404 code says what.
  if (pathParams.length && ![...codes].some((code) => ERROR_CODES[code].status === 404)) codes.add('NOT_FOUND');
  codes.add('DATABASE_UNAVAILABLE');
  // A bug, never meant: still an ApiError, with the details only in the server log.
  codes.add('INTERNAL_ERROR');
  return [...codes];
}

const codeOneOf = (codes: ErrorCode[]): JsonSchema => ({
  type: 'object',
  properties: { code: { enum: codes } },
  required: ['code'],
});

const codeLine = (code: ErrorCode) => `\`${code}\`: ${ERROR_CODES[code].meaning}.`;

function errorResponses(route: DocumentedRoute): Record<string, JsonSchema> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of errorCodes(route)) {
    const status = ERROR_CODES[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, JsonSchema> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(status)] = {
      description: codes.map(codeLine).join(' '),
      // An ApiError whose code is one of these: a code the route does not list is a mismatch.
      content: {
        'application/json': { schema: { allOf: [{ $ref: `${COMPONENTS}ApiError` }, codeOneOf(codes)] } },
      },
    };
  }
  return out;
}

function successResponses(route: DocumentedRoute, components: Components): Record<string, JsonSchema> {
  const { response, produces, returns } = route.docs;
  if (produces) return { '200': { description: returns ?? 'The file', content: { [produces]: {} } } };
  const out: Record<string, JsonSchema> = {};
  for (const [status, schema] of Object.entries(response ?? {})) {
    if (!schema) continue;
    if (status === '204') {
      out[status] = { description: returns ?? 'Done: no body' };
      continue;
    }
    out[status] = {
      description: returns ?? (status === '201' ? 'Created' : 'Success'),
      content: { 'application/json': { schema: jsonSchemaOf(schema, 'output', components) } },
    };
  }
  return out;
}

function operation(route: DocumentedRoute, components: Components): Operation {
  const op: Operation = {
    operationId: `${route.method.toLowerCase()}${route.url.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: route.docs.summary,
    tags: [route.access === 'admin' ? 'Admin' : 'Public'],
    responses: { ...successResponses(route, components), ...errorResponses(route) },
  };
  // A token's or a signature's route says what its access is; the admin's say it by their security requirement.
  const access = route.access === 'token' || route.access === 'signed' ? `Access: ${ACCESS[route.access]}` : '';
  const description = [access, route.docs.description].filter(Boolean).join('\n\n');
  if (description) op.description = description;
  const params = parameters(route);
  if (params.length) op.parameters = params;
  if (route.docs.body) {
    op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.docs.body) } } };
  }
  if (route.access === 'admin') op.security = [{ sessionCookie: [] }];
  return op;
}

/** The error codes as a Markdown table, for the document's description. */
function errorCodeTable(): string {
  const rows = ERROR_CODE_LIST.map(
    (code) => `| \`${code}\` | ${ERROR_CODES[code].status} | ${ERROR_CODES[code].meaning} |`,
  );
  return ['| Code | Status | Meaning |', '| --- | --- | --- |', ...rows].join('\n');
}

export function buildOpenApiDocument(info: DocumentInfo, routes: readonly DocumentedRoute[]): Record<string, unknown> {
  const components: Components = {};
  jsonSchemaOf(apiErrorBodySchema, 'output', components);
  const paths: Record<string, Record<string, Operation>> = {};
  const sorted = [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const route of sorted) {
    const path = openApiPath(route.url);
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route, components);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      description: `${info.description}\n\n## Error codes\n\n${errorCodeTable()}`,
    },
    tags: [
      { name: 'Public', description: 'Open to everyone: the public site and the booking wizard use these.' },
      {
        name: 'Admin',
        description:
          "The therapist's calls: they need the session cookie from `POST /api/auth/login`, and writes must come from this site (same Origin).",
      },
    ],
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        sessionCookie: {
          type: 'apiKey',
          in: 'cookie',
          name: info.sessionCookie,
          description:
            'Set by `POST /api/auth/login` (HttpOnly; Secure over HTTPS); cleared by `POST /api/auth/logout`.',
        },
      },
    },
    // The same list for a reader that does not render Markdown (the /api/docs page shows it as a table).
    'x-error-codes': ERROR_CODE_LIST.map((code) => ({ code, ...ERROR_CODES[code] })),
  };
}
