/**
 * A form's messages by field, keyed by the field's path ('buyer.email'), with `form` for one that belongs to no field:
 * from the shared schema's check in the browser, or from the API's refusal (which says the same words).
 */
import { ApiError } from './api';

export type FormErrors = Record<string, string>;

/** The first message of each field a zod parse refused. */
export function issueMessages(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FormErrors {
  const errors: FormErrors = {};
  for (const i of issues) errors[i.path.join('.')] ??= i.message;
  return errors;
}

/** A refused request: the fields the API named with their messages, or else its message (`fallback` if none). */
export function apiErrorMessages(error: Error, fallback: string): FormErrors {
  const fields = error instanceof ApiError ? error.fieldErrors : [];
  if (fields.length > 0) return Object.fromEntries(fields.map((e) => [e.path, e.message]));
  return { form: error instanceof ApiError && error.body ? error.body.message : fallback };
}
