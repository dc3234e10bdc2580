/**
 * One error handler: deliberate HttpErrors and Fastify's own 4xx pass their message;
 * anything else is logged in full and answered as a bare 500, never leaking internals.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '@shared/api-error';
import type { ErrorCode } from '@shared/error-codes';
import { isDatabaseUnavailable, sqlState } from '../db/errors';
import { HttpError } from './errors';

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The booking system is briefly unavailable. Nothing was changed: please try again in a minute.';
const DATABASE_RETRY_AFTER_SECONDS = 30;

/** The code of a 4xx raised by Fastify itself (body parsing, content type, size) rather than a route. */
function frameworkErrorCode(error: FastifyError, status: number): ErrorCode {
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return 'INVALID_JSON';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  return 'BAD_REQUEST';
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // Every error answer has this one shape, which the client reads (src/shared/api-error.ts).
    const answer = (status: number, body: ApiErrorBody) => reply.code(status).send(body);
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      const { code, message, errors } = error;
      return answer(error.statusCode, errors ? { code, message, errors } : { code, message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = frameworkErrorCode(error, status);
      return answer(status, { code, message: code === 'INVALID_JSON' ? 'Invalid JSON body' : error.message });
    }
    // A constraint the input checks missed: still the client's data, not a crash.
    const state = sqlState(error);
    if (state === '23505' || state === '23P01') {
      request.log.warn({ err: error }, 'constraint conflict');
      return answer(409, { code: 'CONFLICT', message: 'This conflicts with existing data' });
    }
    if (state && (state.startsWith('22') || state === '23514' || state === '23502' || state === '23503')) {
      request.log.warn({ err: error }, 'data rejected by the database');
      return answer(400, { code: 'INVALID_DATA', message: 'Invalid data' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return answer(503, { code: 'DATABASE_UNAVAILABLE', message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, 'unhandled error');
    return answer(500, { code: 'INTERNAL_ERROR', message: 'Internal Server Error' });
  });
}
