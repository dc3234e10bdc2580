/**
 * Cookie sessions stored in the database: the cookie holds a 256-bit random token,
 * the sessions table its hash. They survive a restart and work across processes.
 * Idle and absolute expiry: see docs/security.md.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE, SIGNED_IN_HINT_COOKIE } from '@shared/constants';
import type { SessionUser } from '@shared/schemas/auth';
import { isServerRenderedAdminPage } from '../../http/server-render';
import { createAuthRepository, toSessionUser } from './repository';

/** Write last_seen_at at most this often, not on every request. */
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionToken: string | null;
  }
}

export function registerSessions(app: FastifyInstance): void {
  const repo = createAuthRepository(app.db);
  const { idleMs } = app.config.session;
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);

  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    // Also her client's page, which the server renders only for a valid session (decision 022).
    if (!token || !(request.url.startsWith('/api/') || isServerRenderedAdminPage(request.url))) return;
    const found = await repo.findSessionUser(token, idleMs);
    if (!found) return;
    request.user = toSessionUser(found);
    request.sessionToken = token;
    if (Date.now() - found.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) await repo.touchSession(token);
  });
}

/** For the route access rule (http/route-access.ts), which must not read auth's request fields itself. */
export const isSignedIn = (request: FastifyRequest): boolean => Boolean(request.user);

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, expiresAt: Date): void {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // Secure whenever the visitor reached us over HTTPS (behind a proxy: TRUST_PROXY).
    secure: request.protocol === 'https',
    expires: expiresAt,
  });
  reply.setCookie(SIGNED_IN_HINT_COOKIE, '1', {
    path: '/',
    sameSite: 'lax',
    secure: request.protocol === 'https',
    expires: expiresAt,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
  });
  reply.clearCookie(SIGNED_IN_HINT_COOKIE, { path: '/', sameSite: 'lax', secure: request.protocol === 'https' });
}
