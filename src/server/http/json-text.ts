import type { FastifyReply } from 'fastify';

/** What Fastify's own serialiser labels a JSON answer with. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

/** Answers JSON that is already serialised (kept in memory), so nothing is stringified per request. */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).send(text);
}
