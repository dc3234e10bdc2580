/**
 * Where sign-in sends her afterwards: the admin path she first asked for (a bookmark of
 * /admin/pending, an e-mail link), carried in the login URL's `next` parameter. Only our own
 * admin paths are accepted, so the login page can never be used to send her to another site.
 * Pure (no browser APIs) so it is unit-tested.
 */
import { LOGIN_PATH } from '../shared/admin-paths';

export const ADMIN_HOME = '/admin';

/** Why she was sent to sign in: `expired` when a session she had ended (expired, or signed out elsewhere). */
export type LoginReason = 'expired';

const hasControlCharacter = (text: string) => [...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/** `next` if it is one of our admin pages (not the login page itself), else /admin. */
export function safeReturnPath(next: string | null | undefined): string {
  if (!next || !next.startsWith('/admin')) return ADMIN_HOME;
  // '/admin-evil', '//host', '/admin\\..', control characters: refused.
  if (!/^\/admin(?:[/?#]|$)/.test(next) || next.includes('\\') || hasControlCharacter(next)) return ADMIN_HOME;
  const path = next.split(/[?#]/)[0] ?? next;
  if (path === LOGIN_PATH || path.startsWith(`${LOGIN_PATH}/`)) return ADMIN_HOME;
  return next;
}

/** The login URL that brings her back to `returnTo` afterwards. */
export function loginUrl(returnTo: string, reason?: LoginReason): string {
  const params = new URLSearchParams();
  const next = safeReturnPath(returnTo);
  if (next !== ADMIN_HOME) params.set('next', next);
  if (reason) params.set('reason', reason);
  const query = params.toString();
  return query ? `${LOGIN_PATH}?${query}` : LOGIN_PATH;
}

/** Reads `next` and `reason` from the login page's query string. */
export function readLoginParams(search: string): { next: string; reason: LoginReason | null } {
  const params = new URLSearchParams(search);
  return { next: safeReturnPath(params.get('next')), reason: params.get('reason') === 'expired' ? 'expired' : null };
}
