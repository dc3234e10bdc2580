/**
 * One error handler: deliberate HttpErrors and Fastify's own 4xx pass their message;
 * anything else is logged in full and answered as a bare 500, never leaking internals.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import type { ApiErrorBody } from '@shared/api-error';
import { isDatabaseUnavailable, sqlState } from '../db/errors';
import { HttpError } from './errors';

export const DATABASE_UNAVAILABLE_MESSAGE =
  'The booking system is briefly unavailable. Nothing was changed: please try again in a minute.';
const DATABASE_RETRY_AFTER_SECONDS = 30;

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    // Every error answer has this one shape, which the client reads (src/shared/api-error.ts).
    const answer = (status: number, body: ApiErrorBody) => reply.code(status).send(body);
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return answer(
        error.statusCode,
        error.errors ? { message: error.message, errors: error.errors } : { message: error.message },
      );
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'Invalid JSON body'
          : error.message;
      return answer(status, { message });
    }
    // A constraint the input checks missed: still the client's data, not a crash.
    const state = sqlState(error);
    if (state === '23505' || state === '23P01') {
      request.log.warn({ err: error }, 'constraint conflict');
      return answer(409, { message: 'This conflicts with existing data' });
    }
    if (state && (state.startsWith('22') || state === '23514' || state === '23502' || state === '23503')) {
      request.log.warn({ err: error }, 'data rejected by the database');
      return answer(400, { message: 'Invalid data' });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.error({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return answer(503, { message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, 'unhandled error');
    return answer(500, { message: 'Internal Server Error' });
  });
}
