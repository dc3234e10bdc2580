import type { FastifyInstance } from 'fastify';
import { loginSchema, sessionUserSchema } from '@shared/schemas/auth';
import { messageAnswerSchema } from '@shared/schemas/message';
import { apiError, unauthorized } from '../../http/errors';
import { createRateLimiter } from '../../http/rate-limiter';
import { clearSessionCookie, setSessionCookie } from './session';
import { verifyAgainstDummy, verifyPassword } from './password';
import { createAuthRepository, toSessionUser } from './repository';
import { createLoginThrottle } from './throttle';
import { defineRoute } from '../../http/route';

/** Deliberately the same for a wrong username and a wrong password. */
export const INVALID_CREDENTIALS = 'Invalid credentials';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const repo = createAuthRepository(app.db);
  const throttle = createLoginThrottle(createRateLimiter(app.db));

  defineRoute(app, {
    method: 'GET',
    url: '/api/auth/me',
    access: 'public',
    summary: 'The signed-in administrator',
    response: { 200: sessionUserSchema },
    returns: 'Her account (username, name, e-mail)',
    errors: ['UNAUTHENTICATED'],
    async handler(_input, request) {
      if (!request.user) throw unauthorized('Not authenticated');
      return request.user;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/auth/login',
    access: 'public',
    summary: 'Sign in',
    description:
      'Sets the session cookie (a new session id at every sign-in). Every attempt is counted before the password is checked: 20 per address and 10 per address and username in 15 minutes, then 429 with `Retry-After`. A correct sign-in does not count.',
    body: loginSchema,
    response: { 200: sessionUserSchema },
    returns: 'Signed in: her account',
    errors: ['INVALID_CREDENTIALS', 'TOO_MANY_ATTEMPTS'],
    async handler({ body: { username, password } }, request, reply) {
      // Counted before the password is checked: a refused attempt costs no scrypt time and learns nothing.
      await throttle.attempt(request.ip, username);
      const user = await repo.findUserByUsername(username);
      const ok = user
        ? await verifyPassword(password, user.passwordHash)
        : await verifyAgainstDummy(password, await repo.firstPasswordHash());
      if (!user || !ok) {
        request.log.info({ event: 'login_failed' }, 'failed sign-in');
        throw apiError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      }
      await throttle.succeeded(request.ip, username);
      // A new session id at every sign-in; the old one (if any) is ended.
      if (request.sessionToken) await repo.deleteSession(request.sessionToken);
      const session = await repo.createSession(user.id, app.config.session.maxAgeMs);
      setSessionCookie(request, reply, session.token, session.expiresAt);
      request.log.info({ event: 'login', userId: user.id }, 'signed in');
      return toSessionUser(user);
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/auth/logout',
    access: 'public',
    summary: 'Sign out',
    description: 'Ends the session and clears the cookie; fine without one.',
    response: { 200: messageAnswerSchema },
    returns: 'Signed out',
    async handler(_input, request, reply) {
      if (request.sessionToken) await repo.deleteSession(request.sessionToken);
      clearSessionCookie(request, reply);
      return { message: 'Signed out' };
    },
  });
}
