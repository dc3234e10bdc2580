/**
 * Who may call each /api route (decision 004). Each route declares its `access` once, in its `defineRoute`
 * (./route.ts); an /api route built without one makes start-up fail, so a new route can never be public by accident.
 * The rule runs in one global onRequest hook on the route the request matched, for every method (HEAD is GET without
 * a body: Fastify's automatic HEAD route copies its GET's config), so no way of building a route can skip it; a
 * matched /api route that declares no access is refused. tests/api/security/admin-access.test.ts walks the OpenAPI
 * document and tries every method of every path without a session. Who is signed in is auth's business
 * (modules/auth/session.ts): app.ts passes its check in.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { apiError, unauthorized } from './errors';
import type { RouteDocs } from './openapi/route-docs';
import { CROSS_SITE_MESSAGE, hasForeignOrigin } from './security';

/** The kinds of access, and who has each (the OpenAPI document says so per route). Only `admin` needs a session. */
export const ACCESS = {
  admin: 'Her session, from her own site.',
  public: 'Everyone.',
  token: "Whoever holds the private token in the path (a booking's, a waitlist entry's, her calendar feed's).",
  signed: "The sender whose signature the request carries (Stripe's or Twilio's webhook); no session.",
} as const;
export type Access = keyof typeof ACCESS;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** Every /api route as registered, one per method (HEAD follows GET): the access table and the API's docs. */
    apiRoutes: readonly ApiRoute[];
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  access: Access;
  docs: RouteDocs;
}

/** Whether the request comes with a valid session. */
export type SignedInCheck = (request: FastifyRequest) => boolean;

/**
 * The access rule for one request: her routes need her session and are never answered to another site, whether
 * another site's page names itself (Origin) or the browser says the request started there (Sec-Fetch-Site: cross-site,
 * e.g. a link on another site to her client's export page). Same-origin, same-site and none (her bookmark, the URL
 * typed) are hers. A request that matched no /api route goes on to the not-found handler.
 */
function checkAccess(isSignedIn: SignedInCheck) {
  return async function routeAccess(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const url = request.routeOptions.url;
    if (request.is404 || url === undefined || !url.startsWith('/api/')) return;
    const access = request.routeOptions.config.access;
    if (access === undefined || !Object.hasOwn(ACCESS, access)) {
      // Fail closed: a matched /api route with no declared access (start-up refuses those; this is the second lock).
      request.log.error({ route: `${request.method} ${url}` }, 'route declares no access');
      throw unauthorized();
    }
    if (access !== 'admin') return;
    // Her data is never answered to another site's page, even a read with her cookie.
    if (hasForeignOrigin(request) || request.headers['sec-fetch-site'] === 'cross-site') {
      throw apiError('CROSS_SITE_REQUEST', CROSS_SITE_MESSAGE);
    }
    if (!isSignedIn(request)) throw unauthorized();
  };
}

/** The route's declaration, or why start-up must refuse it. */
function declared(route: RouteOptions, method: string): ApiRoute {
  const { access, docs } = route.config ?? {};
  const key = `${method} ${route.url}`;
  if (!access || !Object.hasOwn(ACCESS, access) || !docs) {
    throw new Error(`Route ${key} declares no access: declare it with defineRoute (src/server/http/route.ts)`);
  }
  // The path says the kind too, where it can: her area is hers; a token is in the path; webhooks are signed.
  if (route.url.startsWith('/api/admin/') && access !== 'admin') {
    throw new Error(`Route ${key}: /api/admin/ is 'admin'`);
  }
  if (access === 'token' && !route.url.includes(':token')) throw new Error(`Route ${key}: access 'token' needs :token`);
  if ((access === 'signed') !== route.url.startsWith('/api/webhooks/')) {
    throw new Error(`Route ${key}: routes under /api/webhooks/, and only they, are 'signed'`);
  }
  return { method, url: route.url, access, docs };
}

/**
 * Checks at start-up that every /api route declares its access (and records it in `app.apiRoutes`), and installs the
 * access rule on every request (one hook for all routes, however they were built). Runs before any route is added.
 */
export function enforceRouteAccess(app: FastifyInstance, isSignedIn: SignedInCheck): void {
  const routes: ApiRoute[] = [];
  app.decorate('apiRoutes', routes);
  app.addHook('onRoute', (route: RouteOptions) => {
    if (!route.url.startsWith('/api/')) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
    routes.push(...methods.map((method) => declared(route, method)));
  });
  app.addHook('onRequest', checkAccess(isSignedIn));
}
