/**
 * Errors a route may throw on purpose: each becomes a 4xx with a stable code and a clear message.
 * The status comes from the code (src/shared/error-codes.ts), so the two cannot disagree.
 */
import type { FieldError } from '@shared/api-error';
import { ERROR_CODES, type ErrorCode } from '@shared/error-codes';

export class HttpError extends Error {
  readonly statusCode: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
    this.statusCode = ERROR_CODES[code].status;
  }
}

/** A refusal with its code and message, e.g. `apiError('SLOT_TAKEN', SLOT_TAKEN)`. */
export const apiError = (code: ErrorCode, message: string) => new HttpError(code, message);
/** A 400 listing each invalid field; the first one's message is also the answer's. */
export const validationFailed = (errors: FieldError[]) =>
  new HttpError('VALIDATION_FAILED', errors[0]?.message ?? 'Invalid request', errors);
/** A 400 for one field, its message also the answer's (the form shows it beside the field). */
export const invalidField = (
  path: string,
  message: string,
  code: 'VALIDATION_FAILED' | 'OUTSIDE_SERVICE_AREA' = 'VALIDATION_FAILED',
) => new HttpError(code, message, [{ path, message }]);
export const unauthorized = (message = 'Authentication required') => new HttpError('UNAUTHENTICATED', message);
export const notFound = (code: ErrorCode = 'NOT_FOUND', message = 'Not found') => new HttpError(code, message);
export const tooManyRequests = (
  code: 'TOO_MANY_ATTEMPTS' | 'RATE_LIMITED',
  message: string,
  retryAfterSeconds: number,
) => new HttpError(code, message, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });
