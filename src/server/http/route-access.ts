/**
 * Who may call each /api route, in one place. Every /api route must be listed here
 * (start-up fails otherwise), so a new route can never be public by accident.
 * The rule runs in one global onRequest hook on the route the request matched, for every method (HEAD is GET without
 * a body), so no way of building a route (Fastify's automatic HEAD routes are copied before onRoute hooks run) can
 * skip it; a matched /api route in neither list is refused (decision 004). tests/api/security/admin-access.test.ts
 * walks the OpenAPI document and tries every method of every path without a session. Who is signed in is auth's
 * business (modules/auth/session.ts): app.ts passes its check in.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { apiError, unauthorized } from './errors';
import { CROSS_SITE_MESSAGE, hasForeignOrigin } from './security';

export const ADMIN_ROUTES = [
  'POST /api/services',
  'PUT /api/services/:id',
  'DELETE /api/services/:id',
  'POST /api/business-hours',
  'POST /api/blocked-dates',
  'DELETE /api/blocked-dates/:id',
  'POST /api/admin/reviews',
  'PATCH /api/reviews/:id/featured',
  'PATCH /api/reviews/:id/hidden',
  'DELETE /api/reviews/:id',
  'POST /api/admin/start-fresh',
  'GET /api/bookings/range',
  'PATCH /api/bookings/:id/status',
  'GET /api/admin/bookings/pending',
  'GET /api/admin/bookings',
  'POST /api/admin/bookings',
  'GET /api/admin/bookings/summary',
  'POST /api/admin/bookings/:id/reminder',
  'PATCH /api/admin/bookings/:id/status',
  'POST /api/admin/bookings/:id/reschedule',
  'GET /api/admin/bookings/:id/availability',
  'POST /api/email/send',
  'GET /api/admin/outbox',
  'POST /api/admin/outbox/:id/resend',
  'POST /api/admin/outbox/:id/send',
  'POST /api/admin/outbox/:id/discard',
  'POST /api/admin/outbox/held/send',
  'POST /api/admin/outbox/held/discard',
  'GET /api/admin/calendar-feed',
  'POST /api/admin/calendar-feed',
  'DELETE /api/admin/calendar-feed',
  'GET /api/admin/bookings/export.csv',
  'GET /api/admin/bookings/day-route',
  'GET /api/admin/day-sheet',
  'GET /api/admin/availability/explain',
  'GET /api/admin/mileage.csv',
  'GET /api/admin/calendars',
  'POST /api/admin/calendars',
  'POST /api/admin/calendars/:id/sync',
  'PATCH /api/admin/calendars/:id',
  'DELETE /api/admin/calendars/:id',
  'GET /api/admin/calendar-busy',
  'GET /api/admin/clients',
  'GET /api/admin/clients/:id',
  'GET /api/admin/clients/:id/access-log',
  'GET /api/admin/clients/:id/export',
  'GET /api/admin/clients/:id/export.html',
  'GET /api/admin/clients/:id/health-form',
  'PATCH /api/admin/clients/:id',
  'POST /api/admin/clients/:id/merge',
  'POST /api/admin/clients/:id/match',
  'POST /api/admin/clients/:id/erase',
  'POST /api/admin/clients/:id/alerts',
  'DELETE /api/admin/clients/:id/alerts/:alertId',
  'POST /api/admin/bookings/:id/outcome',
  'GET /api/admin/bookings/:id/notes',
  'POST /api/admin/bookings/:id/notes',
  'PATCH /api/admin/bookings/:id/notes',
  'POST /api/admin/bookings/:id/notes/amendments',
  'POST /api/admin/series',
  'GET /api/admin/series',
  'GET /api/admin/series/:id',
  'POST /api/admin/series/:id/occurrences',
  'POST /api/admin/series/:id/skip',
  'DELETE /api/admin/series/:id',
  'POST /api/admin/series/:id/change',
  'GET /api/admin/waitlist',
  'DELETE /api/admin/waitlist/:id',
  'GET /api/admin/push',
  'POST /api/admin/push/subscriptions',
  'POST /api/admin/push/unsubscribe',
  'PUT /api/admin/push/preferences',
  'POST /api/admin/push/test',
  // Check-in (issue 26)
  'GET /api/admin/safety',
  'PUT /api/admin/safety',
  'POST /api/admin/bookings/:id/check-in',
  'GET /api/admin/check-ins',
  // Receipts (issue 27)
  'POST /api/admin/bookings/:id/receipt',
  'GET /api/admin/bookings/:id/receipts',
  'GET /api/admin/receipts/:number.pdf',
  'POST /api/admin/receipts/:number/send',
  // Money (issue 27): her numbers
  'GET /api/admin/money',
  'GET /api/admin/money/export.csv',
  // Gift vouchers (issue 41): the ones she sold off-line, the list, her settings
  'GET /api/admin/vouchers',
  'POST /api/admin/vouchers',
  'GET /api/admin/vouchers/settings',
  'PUT /api/admin/vouchers/settings',
  // Payments (issue 27)
  'GET /api/admin/bookings/:id/payments',
  'POST /api/admin/bookings/:id/payments',
  'POST /api/admin/payments/:id/void',
  // Deposits (issue 27)
  'GET /api/admin/money/settings',
  'PUT /api/admin/money/settings',
  // Her settings (issue 40)
  'GET /api/admin/settings',
  'PATCH /api/admin/settings',
  'GET /api/admin/settings/locate',
  // Her logo (issue 40); its files are served at /media/logo/, outside /api, to everyone.
  'POST /api/admin/settings/logo',
  'DELETE /api/admin/settings/logo',
  // Texts (issue 41): her Twilio account, sender, reminder time and monthly limit.
  'GET /api/admin/settings/sms',
  'PATCH /api/admin/settings/sms',
  // Card payments through Stripe (issue 41): her keys, never answered back
  'GET /api/admin/settings/payments',
  'PATCH /api/admin/settings/payments',
  'GET /api/admin/bookings/:id/card',
  'POST /api/admin/bookings/:id/pay-link',
  'POST /api/admin/payments/:id/refund',
] as const;

/** Open to everyone. Some answer more to a signed-in admin (GET /api/reviews). */
export const PUBLIC_ROUTES = [
  'GET /api/auth/me',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  // The first run (issue 40): open only while no administrator exists; the setup code from the log is the access.
  'GET /api/setup',
  'POST /api/setup',
  'GET /api/practice',
  'GET /api/site',
  'GET /api/services',
  'GET /api/business-hours',
  'GET /api/blocked-dates',
  'GET /api/reviews',
  'POST /api/reviews',
  'GET /api/availability/:date',
  'GET /api/availability',
  'POST /api/bookings',
  'GET /api/bookings/token/:token',
  'GET /api/bookings/token/:token/calendar.ics',
  // 'Change time' (issue 25): the booking's private token is the access.
  'POST /api/bookings/token/:token/reschedule',
  'GET /api/bookings/token/:token/availability',
  'GET /api/bookings/token/:token/availability/:date',
  // The client's health form: the booking's private token is the access (docs/product.md §13).
  'GET /api/bookings/token/:token/health-form',
  'POST /api/bookings/token/:token/health-form',
  // The therapist's calendar subscription: the secret token is the access (docs/product.md §2).
  'GET /api/calendar-feed/:token/appointments.ics',
  'POST /api/bookings/cancel/:token',
  // The waitlist (issue 25): joining is open; the entry's and the offer's private tokens are the access.
  'POST /api/waitlist',
  'GET /api/waitlist/:token',
  'POST /api/waitlist/:token/leave',
  'GET /api/waitlist/offers/:token',
  'POST /api/waitlist/offers/:token/accept',
  'POST /api/waitlist/offers/:token/decline',
  // Gift vouchers (issue 41): the page's options and purchase; a code's lookup and a voucher given on a booking's
  // page are limited per address (a wrong code says nothing); the booking's private token is the access.
  'GET /api/vouchers/options',
  'POST /api/vouchers',
  'GET /api/vouchers/:code',
  'GET /api/bookings/token/:token/voucher',
  'POST /api/bookings/token/:token/voucher',
  'POST /api/calculate-travel',
  'GET /api/google-maps/key',
  // Issue 40: the address field's suggestions from her OpenStreetMap geocoder (limited per address).
  'GET /api/address-suggestions',
  // The API's description, for whoever integrates with it (no secrets: admin routes say they need the cookie).
  // Twilio's replies (STOP) and delivery reports (issue 41): its X-Twilio-Signature is the access.
  'POST /api/webhooks/sms',
  'GET /api/openapi.json',
  'GET /api/docs',
  // Stripe's events (issue 41): public, checked by Stripe's signature over the raw body, not by a session.
  'POST /api/webhooks/stripe',
  // Paying by card (issue 41): the booking's private token is the access; the amount is the server's.
  'GET /api/bookings/token/:token/pay',
  'POST /api/bookings/token/:token/pay',
] as const;

const adminSet = new Set<string>(ADMIN_ROUTES);
const publicSet = new Set<string>(PUBLIC_ROUTES);

/** Whether the request comes with a valid session. */
export type SignedInCheck = (request: FastifyRequest) => boolean;

/**
 * The access rule for one request: her routes need her session and are never answered to another site, whether
 * another site's page names itself (Origin) or the browser says the request started there (Sec-Fetch-Site: cross-site,
 * e.g. a link on another site to her client's export page). Same-origin, same-site and none (her bookmark, the URL
 * typed) are hers.
 */
function checkAccess(isSignedIn: SignedInCheck) {
  return async function routeAccess(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
    const key = matchedRouteKey(request);
    if (key === null || publicSet.has(key)) return;
    if (!adminSet.has(key)) {
      // Fail closed: a matched /api route the list does not know (start-up refuses those; this is the second lock).
      request.log.error({ route: key }, 'route not in the access list');
      throw unauthorized();
    }
    // Her data is never answered to another site's page, even a read with her cookie.
    if (hasForeignOrigin(request) || request.headers['sec-fetch-site'] === 'cross-site') {
      throw apiError('CROSS_SITE_REQUEST', CROSS_SITE_MESSAGE);
    }
    if (!isSignedIn(request)) throw unauthorized();
  };
}

/**
 * 'METHOD /api/path' of the route the request matched (HEAD as GET), or null when it matched no /api route (the
 * not-found handler answers those; nothing else runs).
 */
function matchedRouteKey(request: FastifyRequest): string | null {
  if (request.is404) return null;
  const url = request.routeOptions.url;
  if (url === undefined || !url.startsWith('/api/')) return null;
  const method = request.method === 'HEAD' ? 'GET' : request.method;
  return `${method} ${url}`;
}

/**
 * 'METHOD /api/path' for each method of an /api route as Fastify registers it (none for other routes; HEAD follows
 * GET).
 */
export function apiRouteKeys(route: RouteOptions): string[] {
  if (!route.url.startsWith('/api/')) return [];
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
  return methods.map((method) => `${method} ${route.url}`);
}

export const isAdminRoute = (key: string): boolean => adminSet.has(key);

/**
 * Checks at start-up that every /api route is listed, and installs the access rule on every request (one hook for
 * all routes, however they were built).
 */
export function enforceRouteAccess(app: FastifyInstance, isSignedIn: SignedInCheck): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    for (const key of apiRouteKeys(route)) {
      if (!adminSet.has(key) && !publicSet.has(key)) {
        throw new Error(`Route ${key} is not listed in src/server/http/route-access.ts`);
      }
    }
  });
  app.addHook('onRequest', checkAccess(isSignedIn));
}
