/**
 * The first run in the browser (docs/product.md §2 "First run"): while the site has no administrator,
 * /admin/setup creates her with the setup code the server logs at start (setup-code.ts). Once she exists the route
 * refuses (409 SETUP_DONE); `npm run admin -- create` and ADMIN_* still create her without it.
 */
import type { FastifyInstance } from 'fastify';
import { sessionUserSchema } from '@shared/schemas/auth';
import { setupInputSchema, setupStatusSchema } from '@shared/schemas/setup';
import { isUniqueViolation } from '../../db/errors';
import { apiError } from '../../http/errors';
import { createRateLimiter } from '../../http/rate-limiter';
import { defineRoute } from '../../http/route';
import { hashPassword } from './password';
import { createAuthRepository } from './repository';
import { setSessionCookie } from './session';
import { isSetupCode, setupCodeOf } from './setup-code';
import { createLoginThrottle } from './throttle';

export const SETUP_CODE_INVALID_MESSAGE =
  "That setup code is not right. It is in the server's log, on the line 'Setup code: …'.";
export const SETUP_DONE_MESSAGE = 'This site has an administrator already. Please sign in.';

export async function setupRoutes(app: FastifyInstance): Promise<void> {
  const repo = createAuthRepository(app.db);
  const throttle = createLoginThrottle(createRateLimiter(app.db));
  const setupDone = () => apiError('SETUP_DONE', SETUP_DONE_MESSAGE);

  defineRoute(app, {
    method: 'GET',
    url: '/api/setup',
    access: 'public',
    summary: 'Whether the first-run setup is open',
    description: 'True while the site has no administrator: /admin/setup then creates her with the setup code.',
    response: { 200: setupStatusSchema },
    async handler() {
      return { needed: (await repo.countUsers()) === 0 };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/setup',
    access: 'public',
    summary: 'Create the first administrator with the setup code',
    description:
      "Only while no administrator exists. The code is in the server's log at every start ('Setup code: …'). Every attempt is counted by the sign-in throttle before the code is checked (20 per address, 10 per address and username in 15 minutes, then 429). Sets the session cookie, as a sign-in does. Two setups at once: one creates her, the other is refused.",
    body: setupInputSchema,
    response: { 201: sessionUserSchema },
    returns: 'Created and signed in: her account',
    errors: ['SETUP_CODE_INVALID', 'SETUP_DONE', 'TOO_MANY_ATTEMPTS'],
    async handler({ body: { code, password, ...account } }, request, reply) {
      // Counted first, as a sign-in is: a refused attempt learns nothing about the code.
      await throttle.attempt(request.ip, account.username);
      if ((await repo.countUsers()) > 0) throw setupDone();
      if (!isSetupCode(code, setupCodeOf(app.secretBox))) {
        request.log.info({ event: 'setup_code_refused' }, 'wrong setup code');
        throw apiError('SETUP_CODE_INVALID', SETUP_CODE_INVALID_MESSAGE);
      }
      const user = await repo
        .createFirstUser({ ...account, passwordHash: await hashPassword(password) })
        // The admin CLI, which takes no lock, created her under this name at this moment.
        .catch((err: unknown) => {
          if (isUniqueViolation(err)) return null;
          throw err;
        });
      if (!user) throw setupDone();
      await throttle.succeeded(request.ip, account.username);
      const session = await repo.createSession(user.id, app.config.session.maxAgeMs);
      setSessionCookie(request, reply, session.token, session.expiresAt);
      request.log.info({ event: 'setup', userId: user.id }, 'first administrator created in the browser');
      reply.code(201);
      return user;
    },
  });
}
