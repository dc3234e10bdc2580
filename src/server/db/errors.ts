/** PostgreSQL error codes the application turns into answers (same on PGlite and a server). */

/** SQLSTATE of an error from either driver, if it has one (drizzle wraps it in `cause`). */
export function sqlState(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

export const isUniqueViolation = (err: unknown) => sqlState(err) === '23505';
export const isExclusionViolation = (err: unknown) => sqlState(err) === '23P01';
export const isCheckViolation = (err: unknown) => sqlState(err) === '23514';

/** Node's socket errors when the server cannot be reached or the connection broke. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
]);
/** node-postgres says these in words, without a code. */
const CONNECTION_ERROR_TEXT =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i;

/**
 * The database cannot be reached (down, restarting, network): not the request's fault and not a
 * bug, so the answer is a 503 and the process carries on (the pool reconnects by itself).
 * SQLSTATE class 08 is "connection exception"; 57P01-57P03 are shutdown and "cannot connect now".
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (
      typeof code === 'string' &&
      (CONNECTION_ERROR_CODES.has(code) || code.startsWith('08') || /^57P0[123]$/.test(code))
    )
      return true;
    if (typeof message === 'string' && CONNECTION_ERROR_TEXT.test(message)) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
