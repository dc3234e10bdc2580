import type { FastifyReply } from 'fastify';

/** What Fastify's own serialiser labels a JSON answer with. */
export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

declare const jsonOf: unique symbol;
/** JSON already serialised from a `T` (kept in memory), so a route's answer type still checks it. */
export type JsonText<T> = string & { readonly [jsonOf]: T };

/** `JSON.stringify`, remembering what was serialised. */
export const jsonText = <T>(value: T): JsonText<T> => JSON.stringify(value) as JsonText<T>;

/** Answers JSON that is already serialised (kept in memory), so nothing is stringified per request. */
export function sendJsonText(reply: FastifyReply, text: string): FastifyReply {
  return reply.type(JSON_CONTENT_TYPE).send(text);
}
