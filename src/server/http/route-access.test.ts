/**
 * The access rule on a bare Fastify app: each /api route's access comes from its defineRoute; start-up refuses an
 * /api route without one, and a request to such a route (added before the rule, so start-up did not see it) is
 * refused too. HEAD, Fastify's copy of a GET route, is held like its GET.
 */
import Fastify, { type FastifyContextConfig, type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from './route';
import { enforceRouteAccess } from './route-access';

const SIGNED_IN = 'let-me-in';

function appWithRule(): FastifyInstance {
  const app = Fastify();
  app.decorate('config', { publicUrl: 'http://localhost' } as FastifyInstance['config']);
  enforceRouteAccess(app, (request) => request.headers.authorization === SIGNED_IN);
  return app;
}

const ok = { 200: z.object({ ok: z.boolean() }) };

function withRoutes(): FastifyInstance {
  const app = appWithRule();
  const handler = async () => ({ ok: true });
  defineRoute(app, { method: 'GET', url: '/api/secret', access: 'admin', summary: 'Hers', response: ok, handler });
  defineRoute(app, { method: 'GET', url: '/api/open', access: 'public', summary: 'Open', response: ok, handler });
  defineRoute(app, { method: 'GET', url: '/api/t/:token', access: 'token', summary: 'Token', response: ok, handler });
  return app;
}

describe('enforceRouteAccess', () => {
  it('records each /api route with its declared access, one per method', async () => {
    const app = withRoutes();
    await app.ready();
    expect(app.apiRoutes.map(({ method, url, access }) => `${access} ${method} ${url}`)).toEqual([
      'admin GET /api/secret',
      'public GET /api/open',
      'token GET /api/t/:token',
    ]);
  });

  it("refuses at start-up an /api route that declares no access, naming it; other paths don't need one", () => {
    const app = appWithRule();
    app.get('/healthz', async () => 'ok');
    expect(() => app.get('/api/forgotten', async () => 'ok')).toThrow(
      'Route GET /api/forgotten declares no access: declare it with defineRoute (src/server/http/route.ts)',
    );
    expect(() => app.route({ method: ['GET', 'POST'], url: '/api/both', handler: async () => 'ok' })).toThrow(
      /GET \/api\/both declares no access/,
    );
  });

  it('answers 401 on a matched /api route without a known access (the second lock)', async () => {
    const app = Fastify();
    app.get('/api/before-the-rule', async () => ({ leaked: true }));
    const unknown = { access: 'everyone' } as unknown as FastifyContextConfig;
    app.get('/api/unknown-kind', { config: unknown }, async () => ({ leaked: true }));
    app.decorate('config', { publicUrl: 'http://localhost' } as FastifyInstance['config']);
    enforceRouteAccess(app, () => true);
    for (const url of ['/api/before-the-rule', '/api/unknown-kind']) {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: SIGNED_IN } });
      expect(res.statusCode, url).toBe(401);
      expect(res.body).not.toContain('leaked');
    }
  });

  it.each(['GET', 'HEAD'] as const)('%s of an admin route: 401 without the session, 200 with it', async (method) => {
    const app = withRoutes();
    expect((await app.inject({ method, url: '/api/secret' })).statusCode).toBe(401);
    const res = await app.inject({ method, url: '/api/secret', headers: { authorization: SIGNED_IN } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(method === 'HEAD' ? '' : '{"ok":true}');
  });

  it('an admin route from another site is 403 even when signed in; public and token routes are open', async () => {
    const app = withRoutes();
    const foreign = { authorization: SIGNED_IN, origin: 'https://evil.example' };
    expect((await app.inject({ method: 'GET', url: '/api/secret', headers: foreign })).statusCode).toBe(403);
    const crossSite = { authorization: SIGNED_IN, 'sec-fetch-site': 'cross-site' };
    expect((await app.inject({ method: 'HEAD', url: '/api/secret', headers: crossSite })).statusCode).toBe(403);
    for (const url of ['/api/open', '/api/t/abc']) {
      for (const method of ['GET', 'HEAD'] as const) expect((await app.inject({ method, url })).statusCode).toBe(200);
    }
  });
});

describe('the path and the declared access agree', () => {
  const handler = async () => ({ ok: true });
  const declare = (url: string, access: 'admin' | 'public' | 'token' | 'signed') => () =>
    defineRoute(appWithRule(), { method: 'POST', url, access, summary: 'x', response: ok, handler });

  it.each([
    ['/api/admin/thing', 'public', "Route POST /api/admin/thing: /api/admin/ is 'admin'"],
    ['/api/admin/thing/:token', 'token', "Route POST /api/admin/thing/:token: /api/admin/ is 'admin'"],
    ['/api/x', 'token', "Route POST /api/x: access 'token' needs :token"],
    ['/api/x', 'signed', "Route POST /api/x: routes under /api/webhooks/, and only they, are 'signed'"],
    [
      '/api/webhooks/x',
      'public',
      "Route POST /api/webhooks/x: routes under /api/webhooks/, and only they, are 'signed'",
    ],
  ] as const)('%s declared %s is refused at start-up', (url, access, message) => {
    expect(declare(url, access)).toThrow(message);
  });

  it.each([
    ['/api/admin/thing', 'admin'],
    ['/api/services', 'admin'],
    ['/api/webhooks/x', 'signed'],
    ['/api/b/:token', 'token'],
  ] as const)('%s declared %s is accepted', (url, access) => {
    expect(declare(url, access)).not.toThrow();
  });
});
