/**
 * A refused save's messages where she can read them: each `errors[].path` the API names ('practice.name') on its field
 * in the step's form, and anything else (no network, another refusal) as one message for the whole form.
 */
import { ApiError } from '@/lib/api';

export interface StepErrors<F extends string> {
  fields: Partial<Record<F, string>>;
  form: string | null;
}

export function stepErrors<F extends string>(error: unknown, fieldOf: Record<string, F>): StepErrors<F> {
  const fields: Partial<Record<F, string>> = {};
  if (!(error instanceof ApiError)) return { fields, form: 'Could not reach the server. Please try again.' };
  const unplaced: string[] = [];
  for (const { path, message } of error.fieldErrors) {
    // 'practice.localTowns.2' belongs to 'practice.localTowns'.
    const key = Object.keys(fieldOf).find((p) => path === p || path.startsWith(`${p}.`));
    if (key && !fields[fieldOf[key]!]) fields[fieldOf[key]!] = message;
    else if (!key) unplaced.push(message);
  }
  const placed = Object.keys(fields).length > 0;
  const form = unplaced[0] ?? (placed ? null : (error.body?.message ?? 'Could not save. Please try again.'));
  return { fields, form };
}
