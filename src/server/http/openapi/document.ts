/**
 * Builds the OpenAPI 3.1 description from the routes as registered. Pure: the routes' own
 * zod schemas are converted with zod's JSON Schema output (draft 2020-12, which OpenAPI 3.1 uses).
 */
import { z } from 'zod';
import type { RouteDocs } from './route-docs';

export interface DocumentedRoute {
  method: string;
  url: string;
  admin: boolean;
  docs: RouteDocs;
}

export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
  sessionCookie: string;
}

type JsonSchema = Record<string, unknown>;
type Operation = Record<string, unknown>;

/** The body of every 4xx/5xx answer (src/shared/api-error.ts). */
const ERROR_SCHEMA: JsonSchema = {
  type: 'object',
  required: ['message'],
  properties: {
    message: { type: 'string', description: 'What went wrong, in words a person can act on.' },
    errors: {
      type: 'array',
      description: 'One entry per invalid field (400 only).',
      items: {
        type: 'object',
        required: ['path', 'message'],
        properties: { path: { type: 'string' }, message: { type: 'string' } },
      },
    },
  },
};

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  // io 'input': what a caller sends (before defaults and transforms); refinements in code stay server-side.
  const json = z.toJSONSchema(schema, { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' }) as JsonSchema;
  delete json.$schema;
  return json;
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
    const schema =
      (params?.properties as Record<string, JsonSchema> | undefined)?.[name] ??
      (name === 'id' ? { type: 'integer', minimum: 1 } : { type: 'string' });
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

function errorResponse(description: string): JsonSchema {
  return { description, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } };
}

function responses(route: DocumentedRoute): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  const own = route.docs.responses ?? {};
  const successCodes = Object.keys(own).filter((code) => Number(code) < 300);
  if (successCodes.length === 0) {
    const mediaType = route.docs.produces ?? 'application/json';
    out['200'] = { description: 'Success', content: { [mediaType]: {} } };
  }
  for (const [code, value] of Object.entries(own)) {
    const { description, schema } = typeof value === 'string' ? { description: value, schema: undefined } : value;
    if (Number(code) >= 400) {
      out[code] = errorResponse(description);
      continue;
    }
    const mediaType = route.docs.produces ?? 'application/json';
    out[code] = { description, content: { [mediaType]: schema ? { schema: jsonSchemaOf(schema) } : {} } };
  }
  const hasInput = Boolean(
    route.docs.body || route.docs.query || route.docs.params || pathParamNames(route.url).length,
  );
  if (hasInput) out['400'] ??= errorResponse('The input is not valid: `message` says why, `errors` names each field.');
  if (route.admin) {
    out['401'] ??= errorResponse('No session: sign in first (`POST /api/auth/login`).');
    if (route.method !== 'GET')
      out['403'] ??= errorResponse('The request came from another site (its Origin is not this one).');
  }
  if (pathParamNames(route.url).length) out['404'] ??= errorResponse('Nothing with that id or token.');
  out['503'] ??= errorResponse('The database cannot be reached just now; try again shortly.');
  return out;
}

function operation(route: DocumentedRoute): Operation {
  const op: Operation = {
    operationId: `${route.method.toLowerCase()}${route.url.replace(/[^A-Za-z0-9]+(.)?/g, (_m, c: string | undefined) => (c ?? '').toUpperCase())}`,
    summary: route.docs.summary,
    tags: [route.admin ? 'Admin' : 'Public'],
    responses: responses(route),
  };
  if (route.docs.description) op.description = route.docs.description;
  const params = parameters(route);
  if (params.length) op.parameters = params;
  if (route.docs.body) {
    op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchemaOf(route.docs.body) } } };
  }
  if (route.admin) op.security = [{ sessionCookie: [] }];
  return op;
}

export function buildOpenApiDocument(info: DocumentInfo, routes: DocumentedRoute[]): Record<string, unknown> {
  const paths: Record<string, Record<string, Operation>> = {};
  const sorted = [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method));
  for (const route of sorted) {
    const path = openApiPath(route.url);
    (paths[path] ??= {})[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: info.description },
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
      schemas: { Error: ERROR_SCHEMA },
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
  };
}
