/**
 * apiRequest (SPEC §8) fails with Error('STATUS: body'). The server's body is JSON
 * { message, errors? }: this reads it back for display.
 */

export interface FieldError {
  path: string;
  message: string;
}

export interface ParsedApiError {
  /** The HTTP status, or null for a network failure or another kind of error. */
  status: number | null;
  /** The server's message, when it sent one. */
  message: string | null;
  fieldErrors: FieldError[];
}

function isFieldError(value: unknown): value is FieldError {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as FieldError).path === 'string' &&
    typeof (value as FieldError).message === 'string'
  );
}

export function parseApiError(error: unknown): ParsedApiError {
  const text = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  const match = /^(\d{3}): ([\s\S]*)$/.exec(text);
  if (!match) return { status: null, message: null, fieldErrors: [] };
  const status = Number(match[1]);
  let message: string | null = null;
  let fieldErrors: FieldError[] = [];
  try {
    const body: unknown = JSON.parse(match[2]!);
    if (typeof body === 'object' && body !== null) {
      const m = (body as { message?: unknown }).message;
      if (typeof m === 'string' && m.trim() !== '') message = m.trim();
      const errors = (body as { errors?: unknown }).errors;
      if (Array.isArray(errors)) fieldErrors = errors.filter(isFieldError);
    }
  } catch {
    // Not JSON (a proxy's error page, a status text): no message to show.
  }
  return { status, message, fieldErrors };
}

/** SPEC §4: a customer cancel that fails with an error containing 404 counts as already cancelled. */
export function isNotFoundError(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error ?? '');
  return text.includes('404');
}
