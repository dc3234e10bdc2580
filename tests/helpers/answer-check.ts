/**
 * The suite checks real answers against the API's own description (decision 017): every JSON answer
 * of an /api request must match the schema /api/openapi.json gives for its route, method and
 * status, and a status the route does not declare fails too (except the generic errors any route
 * may give, which must still be an ApiError). `checkedInjects` wraps a test app's `inject`.
 */
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/** Answers any route may give without declaring them: bad input, no session, limits, database down. */
export const GENERIC_ERROR_STATUSES = new Set([400, 401, 403, 404, 413, 415, 429, 503]);

type Json = Record<string, unknown>;
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: Json }> }>;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Json> };
}

/** JSON Pointer escaping, for a $ref into the document. */
const pointer = (...parts: string[]) => parts.map((p) => p.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** What the check reads of an answer. */
export type Answer = Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body'>;

export interface AnswerChecker {
  /** Throws, naming the route, status and what is wrong, when the answer does not match. */
  check(method: string, url: string, res: Answer): void;
}

export function answerChecker(document: OpenApiDocument): AnswerChecker {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false, validateSchema: false });
  ajv.addSchema(document, 'openapi');
  const compiled = new Map<string, ValidateFunction>();
  const validatorAt = (ref: string) => {
    let validate = compiled.get(ref);
    if (!validate) compiled.set(ref, (validate = ajv.compile({ $ref: `openapi#/${ref}` })));
    return validate;
  };
  // Literal paths first, as Fastify matches them before parametric ones.
  const templates = Object.keys(document.paths)
    .map((path) => ({ path, re: new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`), literal: !path.includes('{') }))
    .sort((a, b) => Number(b.literal) - Number(a.literal));

  return {
    check(method, url, res) {
      const pathname = url.split('?')[0]!;
      const verb = method.toLowerCase();
      if (!pathname.startsWith('/api/') || verb === 'head' || verb === 'options') return;
      const status = res.statusCode;
      const isJson = /^application\/json/.test(String(res.headers['content-type'] ?? ''));
      const where = `${method} ${url} answered ${status}`;
      const path = templates.find((t) => t.re.test(pathname) && document.paths[t.path]![verb])?.path;
      const apiError = pointer('components', 'schemas', 'ApiError');
      let ref: string;
      if (!path) {
        // No such route (a 404 or 405 of the router): still the API's error body.
        if (status < 400) throw new Error(`${where}, but the OpenAPI document has no such route`);
        ref = apiError;
      } else {
        const response = document.paths[path]![verb]!.responses[String(status)];
        if (!response) {
          if (!GENERIC_ERROR_STATUSES.has(status))
            throw new Error(`${where}, a status the OpenAPI document does not declare for ${verb} ${path}`);
          ref = apiError;
        } else {
          const mediaTypes = Object.keys(response.content ?? {});
          if (!mediaTypes.includes('application/json')) {
            if (isJson) throw new Error(`${where} with JSON; the document says ${mediaTypes.join(', ') || 'no body'}`);
            return;
          }
          ref = pointer('paths', path, verb, 'responses', String(status), 'content', 'application/json', 'schema');
        }
      }
      if (!isJson) throw new Error(`${where} with ${String(res.headers['content-type'])}; the document says JSON`);
      const validate = validatorAt(ref);
      const body: unknown = JSON.parse(res.body);
      if (!validate(body)) {
        const errors = ajv.errorsText(validate.errors, { separator: '\n  ', dataVar: 'answer' });
        throw new Error(
          `${where}, which does not match the OpenAPI document (${ref}):\n  ${errors}\n  answer: ${res.body.slice(0, 300)}`,
        );
      }
    },
  };
}

const checkedApps = new WeakSet<FastifyInstance>();
export const answersAreChecked = (app: FastifyInstance) => checkedApps.has(app);

/**
 * Makes `app.inject(options)` check each answer it returns against the app's own description
 * (fetched once, on the first request).
 */
export function checkAnswersOf(app: FastifyInstance): void {
  const inject = app.inject.bind(app);
  let checker: Promise<AnswerChecker> | undefined;
  const checkerOf = () =>
    (checker ??= inject({ method: 'GET', url: '/api/openapi.json' }).then((res) =>
      answerChecker(res.json<OpenApiDocument>()),
    ));
  const checked = async (options: InjectOptions | string): Promise<LightMyRequestResponse> => {
    const res = await inject(options);
    const { method = 'GET', url = '', path = '' } = typeof options === 'string' ? { url: options } : options;
    const target = url || path;
    const pathname = typeof target === 'string' ? target : (target.pathname ?? '');
    (await checkerOf()).check(String(method), pathname, res);
    return res;
  };
  // The chained form (`app.inject().get(...)`) is not used by the suite, so only the call form is wrapped.
  app.inject = checked as FastifyInstance['inject'];
  checkedApps.add(app);
}
