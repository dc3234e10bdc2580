/**
 * One error handler: deliberate HttpErrors and Fastify's own 4xx pass their message;
 * anything else is logged in full and answered as a bare 500, never leaking internals.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { sqlState } from '../db/errors';
import { HttpError } from './errors';

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    const status = (error as FastifyError).statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError ? 'Invalid JSON body' : error.message;
      return reply.code(status).send({ message });
    }
    // A constraint the input checks missed: still the client's data, not a crash.
    const state = sqlState(error);
    if (state === '23505' || state === '23P01') {
      request.log.warn({ err: error }, 'constraint conflict');
      return reply.code(409).send({ message: 'This conflicts with existing data' });
    }
    if (state && (state.startsWith('22') || state === '23514' || state === '23502' || state === '23503')) {
      request.log.warn({ err: error }, 'data rejected by the database');
      return reply.code(400).send({ message: 'Invalid data' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: 'Internal Server Error' });
  });
}
