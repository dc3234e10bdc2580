import { SIGNED_IN_HINT_COOKIE } from '@shared/constants';

/** True when this browser signed in and has not signed out (see SIGNED_IN_HINT_COOKIE). */
export function hasSignedInHint(): boolean {
  return document.cookie.split(/;\s*/).includes(`${SIGNED_IN_HINT_COOKIE}=1`);
}

/** The session ended on the server (expired): drop the stale hint. */
export function clearSignedInHint(): void {
  document.cookie = `${SIGNED_IN_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}
