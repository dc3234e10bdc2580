/** An administrator's session cookie, the way the browser gets it. */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { TEST_ADMIN } from './fixtures';

/** The cookie header of a signed-in admin. */
export async function signIn(app: FastifyInstance, credentials = TEST_ADMIN): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: credentials.username, password: credentials.password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return sessionCookieOf(res);
}

export function sessionCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'hv_session');
  if (!cookie) throw new Error('no session cookie in the answer');
  return `hv_session=${cookie.value}`;
}
