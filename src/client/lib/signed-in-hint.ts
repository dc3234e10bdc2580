import { SIGNED_IN_HINT_COOKIE } from '@shared/constants';

/** True when this browser signed in and has not signed out (see SIGNED_IN_HINT_COOKIE). */
export function hasSignedInHint(): boolean {
  // Server rendering: no cookie to read; the footer asks again once hydrated.
  if (typeof document === 'undefined') return false;
  return document.cookie.split(/;\s*/).includes(`${SIGNED_IN_HINT_COOKIE}=1`);
}

/** The session ended on the server (expired): drop the stale hint. */
export function clearSignedInHint(): void {
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
