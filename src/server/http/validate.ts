import type { z } from 'zod';
import { apiError, validationFailed } from './errors';

/**
 * Parses request input with a shared zod schema. Failure is a 400 carrying the
 * schema's own messages: { message, errors: [{ path, message }] }.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const errors = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join('.'),
    message: issue.message,
  }));
  throw validationFailed(errors);
}

/** The positive integer `:id` of a route's path parameters, or a 400. */
export function parseIdParam(params: unknown): number {
  const value = (params as { id?: unknown } | null)?.id;
  const n = typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isSafeInteger(n) || n < 1) throw apiError('INVALID_ID', 'Invalid id');
  return n;
}
