import type { FastifyInstance } from 'fastify';
import { loginSchema } from '@shared/schemas/auth';
import { apiError, unauthorized } from '../../http/errors';
import { createRateLimiter } from '../../http/rate-limiter';
import { clearSessionCookie, setSessionCookie } from './session';
import { parseInput } from '../../http/validate';
import { verifyAgainstDummy, verifyPassword } from './password';
import { createAuthRepository, toSessionUser } from './repository';
import { createLoginThrottle } from './throttle';
import { docs } from '../../http/openapi/route-docs';

/** Deliberately the same for a wrong username and a wrong password. */
export const INVALID_CREDENTIALS = 'Invalid credentials';

export async function authRoutes(app: FastifyInstance): Promise<void> {
  const repo = createAuthRepository(app.db);
  const throttle = createLoginThrottle(createRateLimiter(app.db));

  app.get(
    '/api/auth/me',
    {
      config: docs({
        summary: 'The signed-in administrator',
        responses: { 200: 'Her account (username, name, e-mail)', 401: 'Not signed in' },
      }),
    },
    async (request) => {
      if (!request.user) throw unauthorized('Not authenticated');
      return request.user;
    },
  );

  app.post(
    '/api/auth/login',
    {
      config: docs({
        summary: 'Sign in',
        description:
          'Sets the session cookie (a new session id at every sign-in). Failures are throttled per account and per address.',
        body: loginSchema,
        responses: {
          200: 'Signed in: her account',
          401: 'Invalid credentials (the same answer for a wrong username and a wrong password)',
          429: 'Too many failed sign-ins: wait and try again',
        },
      }),
    },
    async (request, reply) => {
      const { username, password } = parseInput(loginSchema, request.body);
      await throttle.check(request.ip, username);
      const user = await repo.findUserByUsername(username);
      const ok = user ? await verifyPassword(password, user.passwordHash) : await verifyAgainstDummy(password);
      if (!user || !ok) {
        await throttle.recordFailure(request.ip, username);
        request.log.info({ event: 'login_failed' }, 'failed sign-in');
        throw apiError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      }
      await throttle.recordSuccess(username);
      // A new session id at every sign-in; the old one (if any) is ended.
      if (request.sessionToken) await repo.deleteSession(request.sessionToken);
      const session = await repo.createSession(user.id, app.config.session.maxAgeMs);
      setSessionCookie(request, reply, session.token, session.expiresAt);
      request.log.info({ event: 'login', userId: user.id }, 'signed in');
      return toSessionUser(user);
    },
  );

  app.post(
    '/api/auth/logout',
    {
      config: docs({
        summary: 'Sign out',
        description: 'Ends the session and clears the cookie; fine without one.',
        responses: { 200: 'Signed out' },
      }),
    },
    async (request, reply) => {
      if (request.sessionToken) await repo.deleteSession(request.sessionToken);
      clearSessionCookie(request, reply);
      return { message: 'Signed out' };
    },
  );
}
