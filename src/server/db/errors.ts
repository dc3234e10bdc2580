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
