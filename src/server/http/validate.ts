import type { z } from 'zod';
import { validationFailed } from './errors';

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
