/**
 * What the log may say (docs/security.md "Logs hold no token and no personal value"): no token that
 * opens a booking, a waitlist entry, her calendar feed or her session, and no personal value (name, e-mail, phone,
 * address, notes, her search terms). Each rule below holds by construction, so a new page or route cannot forget
 * it; a list of path words to redact (the rule before) missed every new page that carried a token.
 */
import type { FastifyRequest } from 'fastify';
import { sqlState } from '../db/errors';

/** What a path segment that is not a plain word becomes in the log. */
export const REDACTED = '[redacted]';

/**
 * A segment kept in a logged path: a lowercase word of letters and hyphens (with a short extension), at most 24
 * characters. Every secret the server makes is longer and mixed: a booking's and a waitlist entry's token are 24
 * random bytes in base64url (32 characters), the calendar feed's and the session's 32 bytes (43 characters), so no
 * token can pass, whatever page it is in; an id (digits) or a value in any other spelling is replaced too.
 */
const PLAIN_SEGMENT = /^[a-z][a-z-]{0,23}(?:\.[a-z]{1,5})?$/;

/** A URL as a log line holds it: the path, each segment that is not a plain word replaced, and never the query. */
export function redactPath(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return path
    .split('/')
    .map((segment) => (segment === '' || PLAIN_SEGMENT.test(segment) ? segment : REDACTED))
    .join('/');
}

/**
 * A request's URL in its log line. A route's pattern when a route matched (`/api/bookings/token/:token`): written
 * in the code, it never holds a value. Otherwise (the client's pages, such as `/booking/health/{token}`, served by
 * the not-found handler, and 404s) the path by redactPath. The query string is never logged: it carries her search
 * terms (`/api/admin/clients?q=`) and a visitor's address (`/api/availability/{date}?address=`).
 */
export function loggedUrl(request: FastifyRequest): string {
  return request.routeOptions.url ?? redactPath(request.url);
}

/** An e-mail address in free text (an SMTP answer names the recipient). */
const EMAIL_IN_TEXT = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+/g;
/** A run of base64url as long as the shortest token the server makes (32 characters). */
const TOKEN_IN_TEXT = /[A-Za-z0-9_-]{32,}/g;

/** Free text for the log: e-mail addresses and anything shaped like a token replaced. */
export function scrubText(text: string): string {
  return text.replace(EMAIL_IN_TEXT, '[e-mail]').replace(TOKEN_IN_TEXT, REDACTED);
}

/** The stack's frames only: an error's first line can hold its message (a failed query with its parameters). */
const framesOf = (stack: unknown) =>
  typeof stack === 'string'
    ? stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .join('\n')
    : undefined;

/** The error or cause that came from the database, if any: a driver error or drizzle's wrapper of one. */
function databaseErrorIn(err: unknown): (Error & Record<string, unknown>) | undefined {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const fields = e as Record<string, unknown>;
    if ('params' in fields || 'query' in fields || 'severity' in fields || 'routine' in fields)
      return e as Error & Record<string, unknown>;
    e = fields.cause;
  }
  return undefined;
}

/** What kind of database error a SQLSTATE names (its class). */
function databaseErrorKind(code: string | undefined): string {
  if (!code) return 'database';
  if (code.startsWith('23')) return 'constraint';
  if (code.startsWith('22')) return 'data';
  if (code.startsWith('08') || code.startsWith('57P')) return 'unavailable';
  if (code.startsWith('42')) return 'query';
  return 'database';
}

/** The first string field of that name along the cause chain (drizzle's wrapper has none, its cause has). */
function fieldAlong(err: unknown, name: string): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const value = (e as Record<string, unknown>)[name];
    if (typeof value === 'string' && value) return value;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * An error as the log holds it (pino's `err` serializer for the whole app, so every `log.*({ err })` goes through
 * it). A database error: its kind, SQLSTATE, constraint, table and column, and the stack's frames; never its
 * parameters, its query (drizzle's message is the query followed by every parameter) or PostgreSQL's `detail`
 * ("Key (email)=(…) already exists"). Any other error: its type, code, message and stack, with e-mail addresses
 * and token-shaped runs scrubbed.
 */
export function loggedError(err: unknown, depth = 0): Record<string, unknown> {
  if (!err || typeof err !== 'object') return { message: scrubText(String(err)) };
  const e = err as Error & { code?: unknown; cause?: unknown };
  if (databaseErrorIn(err)) {
    const code = sqlState(err) ?? fieldAlong(err, 'code');
    const described: Record<string, unknown> = { type: 'DatabaseError', kind: databaseErrorKind(code) };
    if (code) described.code = code;
    for (const name of ['constraint', 'table', 'column']) {
      const value = fieldAlong(err, name);
      if (value) described[name] = value;
    }
    const stack = framesOf(e.stack);
    if (stack) described.stack = stack;
    return described;
  }
  const described: Record<string, unknown> = {
    type: e.constructor?.name || e.name || 'Error',
    message: scrubText(String(e.message ?? '')),
  };
  if (typeof e.code === 'string' || typeof e.code === 'number') described.code = e.code;
  if (typeof e.stack === 'string') described.stack = scrubText(e.stack);
  if (e.cause && depth < 3) described.cause = loggedError(e.cause, depth + 1);
  return described;
}

/**
 * The app logger's serializers: `err` (any error), `error` (a worker's description of a failure, an SMTP or push
 * service's answer, which can name the recipient) and `req` (pino's default would write the URL with its query).
 */
export const LOG_SERIALIZERS = {
  err: (err: unknown) => loggedError(err),
  error: (error: unknown) => (typeof error === 'string' ? scrubText(error) : loggedError(error)),
  req: (req: { method?: string; url?: string }) => ({ method: req.method, url: redactPath(String(req.url ?? '')) }),
};
