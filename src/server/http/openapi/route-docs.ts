/**
 * What a route says about itself for the API description (`/api/openapi.json`, `/api/docs`).
 * Routes declare it in their options (`{ config: docs({...}) }`) next to the `parseInput`
 * call that uses the same zod schema, so the description cannot drift from what is parsed.
 */
import type { z } from 'zod';

export interface RouteDocs {
  /** One line: what the call does. */
  summary: string;
  /** Longer text (Markdown), e.g. the rules the route enforces. */
  description?: string;
  /** Path parameters, e.g. z.object({ id: ... }); `:id` routes without one get a positive integer. */
  params?: z.ZodType;
  /** The query string's schema, as the route parses it. */
  query?: z.ZodType;
  /** The JSON body's schema, as the route parses it. */
  body?: z.ZodType;
  /** Answers besides the generic 400/401/403/404/429/503: status → description (and optional schema). */
  responses?: Record<number, string | { description: string; schema?: z.ZodType }>;
  /** The success answer's media type when it is not JSON (CSV, iCalendar). */
  produces?: 'text/csv' | 'text/calendar';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    docs?: RouteDocs;
  }
}

/** `{ config: docs({...}) }` in a route's options. */
export function docs(routeDocs: RouteDocs): { docs: RouteDocs } {
  return { docs: routeDocs };
}
