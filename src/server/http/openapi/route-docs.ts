/**
 * What a route says about itself for the API description (`/api/openapi.json`, `/api/docs`).
 * `defineRoute` (../route.ts) records it from the route's one declaration, whose schemas also
 * parse the input and type the answer, so the description cannot drift from the route.
 */
import type { z } from 'zod';
import type { ErrorCode } from '@shared/error-codes';

/** A success answer that is a file, not JSON. */
export type FileMediaType = 'text/csv' | 'text/calendar' | 'text/html' | 'application/pdf';

export interface RouteDocs {
  /** One line: what the call does. */
  summary: string;
  /** Longer text (Markdown), e.g. the rules the route enforces. */
  description?: string;
  /** Path parameters, e.g. z.object({ id: ... }). */
  params?: z.ZodType;
  /** The query string's schema, as the route parses it. */
  query?: z.ZodType;
  /** The JSON body's schema, as the route parses it. */
  body?: z.ZodType;
  /** The JSON success answers: status → schema. */
  response?: Partial<Record<number, z.ZodType>>;
  /** What the success answer is, in words. */
  returns?: string;
  /** The error codes the route answers besides the generic ones (src/shared/error-codes.ts). */
  errors?: readonly ErrorCode[];
  /** The success answer's media type when it is not JSON. */
  produces?: FileMediaType;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    docs?: RouteDocs;
  }
}
