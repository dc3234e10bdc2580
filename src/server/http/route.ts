/**
 * One declaration per route: who may call it, its input schemas, its answer schema and its error codes, stated
 * once. The same statement decides access (route-access.ts reads `access` from the route's config), parses the input
 * (the shared zod schemas' messages, a 400 otherwise), types the handler's input and answer, and describes the route
 * in the OpenAPI document (openapi/route-docs.ts). The route is still registered through Fastify, so the access
 * rule's onRoute hook sees it.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ErrorCode } from '@shared/error-codes';
import { apiError } from './errors';
import { sendJsonText, type JsonText } from './json-text';
import type { FileMediaType, RouteDocs } from './openapi/route-docs';
import type { Access } from './route-access';
import { parseInput } from './validate';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Input = z.ZodType | undefined;
type Parsed<S extends Input> = S extends z.ZodType ? z.output<S> : undefined;

/** The parsed input a handler receives. */
export interface RouteInput<P extends Input, Q extends Input, B extends Input> {
  params: Parsed<P>;
  query: Parsed<Q>;
  body: Parsed<B>;
}

/** Success answers: status → the schema of the JSON body. */
/** 202: queued for later (a test push). 204: done, no body (`z.void()`: a delete). */
type Answers = { 200: z.ZodType } | { 201: z.ZodType } | { 202: z.ZodType } | { 204: z.ZodVoid };
type AnswerOf<R extends Answers> = { [K in keyof R]: R[K] extends z.ZodType ? z.output<R[K]> : never }[keyof R];

/**
 * `/…/:id` routes: a positive whole number of at most nine digits. Anything else is a 400
 * `INVALID_ID` 'Invalid id' (no field list), not the usual validation answer.
 */
export const idParams = z.object({
  id: z
    .string()
    .regex(/^\d{1,9}$/)
    .transform(Number)
    .pipe(z.number().int().min(1)),
});

interface RouteBase<P extends Input, Q extends Input, B extends Input> {
  method: Method;
  url: string;
  /** Who may call it (route-access.ts): 'admin' needs her session; 'token' and 'signed' carry their own proof. */
  access: Access;
  /** One line: what the call does. */
  summary: string;
  /** Longer text (Markdown), e.g. the rules the route enforces. */
  description?: string;
  params?: P;
  query?: Q;
  body?: B;
  /** The codes the route answers besides the generic ones (invalid input, no session, database down). */
  errors?: readonly ErrorCode[];
}

export interface JsonRoute<P extends Input, Q extends Input, B extends Input, R extends Answers> extends RouteBase<
  P,
  Q,
  B
> {
  /** The success status and the schema of its JSON body, e.g. `{ 201: bookingSchema }`. */
  response: R;
  /** What the success answer is, in words (optional). */
  returns?: string;
  /** Answers the value (or JSON already serialised from one); set another status with `reply.code`. */
  handler(
    input: RouteInput<P, Q, B>,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<AnswerOf<R> | JsonText<AnswerOf<R>>>;
}

export interface FileRoute<P extends Input, Q extends Input, B extends Input> extends RouteBase<P, Q, B> {
  /** The success answer's media type (CSV, iCalendar, a page). */
  produces: FileMediaType;
  /** Sends the file itself. */
  handler(input: RouteInput<P, Q, B>, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

function parsePart(schema: z.ZodType | undefined, value: unknown): unknown {
  if (!schema) return undefined;
  if (schema !== idParams) return parseInput(schema, value);
  const result = idParams.safeParse(value);
  if (!result.success) throw apiError('INVALID_ID', 'Invalid id');
  return result.data;
}

function docsOf(route: JsonRoute<Input, Input, Input, Answers> | FileRoute<Input, Input, Input>): RouteDocs {
  const { summary, description, params, query, body, errors } = route;
  const docs: RouteDocs = { summary, description, params, query, body, errors };
  if ('produces' in route) docs.produces = route.produces;
  else {
    docs.response = route.response;
    docs.returns = route.returns;
  }
  return docs;
}

export function defineRoute<
  P extends Input = undefined,
  Q extends Input = undefined,
  B extends Input = undefined,
  R extends Answers = Answers,
>(app: FastifyInstance, route: JsonRoute<P, Q, B, R>): void;
export function defineRoute<P extends Input = undefined, Q extends Input = undefined, B extends Input = undefined>(
  app: FastifyInstance,
  route: FileRoute<P, Q, B>,
): void;
export function defineRoute(
  app: FastifyInstance,
  route: JsonRoute<Input, Input, Input, Answers> | FileRoute<Input, Input, Input>,
): void {
  const json = !('produces' in route);
  app.route({
    method: route.method,
    url: route.url,
    config: { access: route.access, docs: docsOf(route) },
    async handler(request, reply) {
      // In this order, as the routes always checked them: the path, then the query, then the body.
      const input = {
        params: parsePart(route.params, request.params),
        query: parsePart(route.query, request.query),
        body: parsePart(route.body, request.body),
      };
      const answer: unknown = await route.handler(input, request, reply);
      if (json && '204' in route.response) return reply.code(204).send();
      // Already serialised (a cached list): sent as it is, labelled JSON.
      if (json && typeof answer === 'string') return sendJsonText(reply, answer);
      return answer;
    },
  });
}
