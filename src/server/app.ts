/**
 * buildApp(config, database): the whole HTTP application, used by `npm start` and by
 * the tests (through app.inject). It does not listen, migrate or seed.
 */
import cookie from '@fastify/cookie';
import { sql } from 'drizzle-orm';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { SERVER_RENDERED_TODAY_PAGE } from '@shared/admin-page';
import { registerPublicCache } from './cache/register';
import type { AppConfig } from './config';
import type { Database, Db } from './db/client';
import { registerErrorHandler } from './http/error-handler';
import { apiError } from './http/errors';
import { LOG_SERIALIZERS, loggedUrl } from './http/redact';
import { enforceRouteAccess } from './http/route-access';
import { registerSecurity } from './http/security';
import { registerClientAndNotFound } from './http/static-client';
import { openApiRoutes } from './http/openapi/routes';
import { authRoutes } from './modules/auth/routes';
import { setupRoutes } from './modules/auth/setup-routes';
import { isSignedIn, registerSessions } from './modules/auth/session';
import { explainRoutes } from './modules/availability/explain-routes';
import type { SeriesVisits } from './modules/bookings/booking-service';
import { seriesVisits } from './modules/series/visit-moved';
import { availabilityRoutes } from './modules/availability/routes';
import { bookingsRoutes } from './modules/bookings/routes';
import { waitlistRoutes } from './modules/waitlist/routes';
import { depositsRoutes } from './modules/deposits/routes';
import { settingsRoutes } from './modules/settings/routes';
import { logoRoutes } from './modules/logo/routes';
import { createLogoService, type LogoService } from './modules/logo/service';
import { createSettingsService, type SettingsService } from './modules/settings/service';
import type { StripeGateway } from './modules/stripe/gateway';
import { createAppStripeGateway } from './modules/stripe/setup';
import { stripeSettingsRoutes } from './modules/stripe/settings-routes';
import { stripeWebhookRoutes } from './modules/stripe/webhook-routes';
import { cardPaymentsRoutes } from './modules/card-payments/routes';
import { checkInsRoutes } from './modules/check-ins/routes';
import { calendarFeedRoutes } from './modules/calendar-feed/routes';
import { calendarsRoutes } from './modules/calendars/routes';
import { clientExportRoutes } from './modules/clients/export-routes';
import { clientMatchRoutes } from './modules/clients/match-routes';
import { clientPageData } from './modules/clients/page-data';
import { todayPageData } from './modules/day-sheet/page-data';
import { clientsRoutes } from './modules/clients/routes';
import { visitNotesRoutes } from './modules/visit-notes/routes';
import { paymentsRoutes } from './modules/payments/routes';
import { healthFormsRoutes } from './modules/health-forms/routes';
import { blockedDatesRoutes } from './modules/blocked-dates/routes';
import { exportsRoutes } from './modules/exports/routes';
import { schedulingRoutes } from './modules/scheduling/routes';
import { daySheetRoutes } from './modules/day-sheet/routes';
import { hoursRoutes } from './modules/hours/routes';
import { mailRoutes } from './modules/mail/routes';
import { moneyRoutes } from './modules/money/routes';
import { vouchersRoutes } from './modules/vouchers/routes';
import { outboxRoutes } from './modules/mail/outbox-routes';
import { practiceRoutes } from './modules/practice/routes';
import { pushRoutes } from './modules/push/routes';
import { receiptsRoutes } from './modules/receipts/routes';
import { reviewsRoutes } from './modules/reviews/routes';
import { seriesRoutes } from './modules/series/routes';
import { servicesRoutes } from './modules/services/routes';
import { loadInitialData } from './modules/site/initial-data';
import { siteRoutes } from './modules/site/routes';
import { startFreshRoutes } from './modules/start-fresh/routes';
import { createDriveSource, type DriveSource } from './modules/scheduling/drive-source';
import { createHostQueue } from './modules/travel/osm-http';
import { travelRoutes } from './modules/travel/routes';
import { createTravelService, type TravelService } from './modules/travel/service';
import { guardedFetcher } from './net/guarded-fetch';
import { createSecretBox, loadSecretKeys, type SecretBox } from './secret-box';
import { smsRoutes } from './modules/sms/routes';

/** Request bodies above this are refused with 413. */
/**
 * Her settings (docs/product.md §19): read at start and whenever the row changes (this process or another); whatever
 * was worked out from the old values (the public cache, the travel provider) is dropped when new ones apply.
 */
function registerSettings(app: FastifyInstance): void {
  const settings = createSettingsService({
    db: app.db,
    config: app.config,
    onApplied: () => {
      app.publicCache.clear();
      app.travel.reconfigure();
    },
  });
  app.decorate('settings', settings);
  const reload = () =>
    settings.reload().catch((err: unknown) => app.log.error({ err }, 'settings could not be read: the last ones stay'));
  app.addHook('onReady', reload);
  app.onTableChange('practice_settings', () => void reload());
}

/** Her logo (docs/product.md §19): which one is current, read at start and whenever its table changes (any process). */
function registerLogo(app: FastifyInstance): LogoService {
  const logo = createLogoService({ db: app.db, config: app.config, onApplied: () => app.publicCache.clear() });
  const reload = () =>
    logo.reload().catch((err: unknown) => app.log.error({ err }, 'the logo could not be read: the last one stays'));
  app.addHook('onReady', reload);
  app.onTableChange('practice_logo_files', () => void reload());
  return logo;
}

export const BODY_LIMIT_BYTES = 100 * 1024;

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Db;
    database: Database;
    /** One travel calculator per app (the offline place list is loaded once). */
    travel: TravelService;
    /** Drive times between visits for the route rule, with one cache per app (docs/product.md §10). */
    drives: DriveSource;
    /** Seals secrets at rest (a CalDAV password) with SECRET_KEY or the key file under DATA_DIR. */
    secretBox: SecretBox;
    /** fetch for her other calendars: private and local addresses refused unless allowed (docs/product.md §11). */
    calendarFetch: typeof fetch;
    /** What moving a visit of a regular's series does (given to modules/bookings, which may not import it). */
    seriesVisits: SeriesVisits;
    /** Her settings (docs/product.md §19): saved in the database, applied to `config` in every process without a
     * restart. */
    settings: SettingsService;
    /** Card payments through Stripe (decision 037): Checkout sessions, the webhook's handlers by kind, refunds. */
    stripe: StripeGateway;
  }
}

export interface BuildOptions {
  /** The pino logger's options (a test's level and stream), or false to silence (tests); its serializers are ours. */
  logger?: boolean | Record<string, unknown>;
}

/** TRUST_PROXY=N: trust the N nearest proxies. */
const hopCount = (n: number) => (_address: string, hop: number) => hop < n;

export async function buildApp(
  config: AppConfig,
  database: Database,
  options: BuildOptions = {},
): Promise<FastifyInstance> {
  // Every error and URL a log line holds goes through the serializers of http/redact.ts (no token, no personal value).
  const logger: false | Record<string, unknown> =
    options.logger === false
      ? false
      : { level: config.logLevel, ...(options.logger === true ? {} : options.logger), serializers: LOG_SERIALIZERS };
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT_BYTES,
    trustProxy: typeof config.trustProxy === 'number' ? hopCount(config.trustProxy) : config.trustProxy,
    // One log line per request, written in onResponse below.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { ignoreTrailingSlash: true },
  });

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('db', database.db);
  // One queue of turns per maps host for quotes and drives alike (the OpenStreetMap servers' one a second).
  const mapsQueue = createHostQueue();
  app.decorate('travel', createTravelService(config, app.log, mapsQueue));
  app.decorate('drives', createDriveSource(config, app.log, mapsQueue));
  app.decorate('secretBox', createSecretBox(loadSecretKeys(config)));
  app.decorate('calendarFetch', guardedFetcher({ allowPrivate: config.calendars.allowPrivateUrls }));
  app.decorate('seriesVisits', seriesVisits(config));
  await registerPublicCache(app);
  registerSettings(app);
  const logo = registerLogo(app);
  app.decorate('stripe', createAppStripeGateway(app));

  // JSON is the API's only body: any other content type is a 415 (Fastify's text/plain parser
  // would hand a string to routes that ignore bodies; a cross-site form can send text/plain).
  app.removeContentTypeParser('text/plain');
  // The client sends a JSON content type with an empty body on some calls (logout).
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(apiError('INVALID_JSON', 'Invalid JSON body'), undefined);
    }
  });

  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: loggedUrl(request),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'request',
    );
  });

  registerErrorHandler(app);
  await app.register(cookie);
  await registerSecurity(app);
  registerSessions(app);
  // Before any /api route: each one's declared access is checked here, and its docs become /api/openapi.json.
  enforceRouteAccess(app, isSignedIn);

  app.get('/healthz', async () => ({ status: 'ok' }));
  app.get('/readyz', async (_request, reply) => {
    try {
      await database.db.execute(sql`SELECT 1`);
      return { status: 'ready', database: database.kind };
    } catch (err) {
      app.log.error({ err }, 'database not ready');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });

  await app.register(authRoutes);
  await app.register(setupRoutes);
  await app.register(practiceRoutes);
  await app.register(siteRoutes);
  await app.register(servicesRoutes);
  await app.register(hoursRoutes);
  await app.register(blockedDatesRoutes);
  await app.register(reviewsRoutes);
  await app.register(travelRoutes);
  await app.register(mailRoutes);
  await app.register(outboxRoutes);
  await app.register(availabilityRoutes);
  await app.register(explainRoutes);
  await app.register(bookingsRoutes);
  await app.register(waitlistRoutes);
  await app.register(calendarFeedRoutes);
  await app.register(exportsRoutes);
  await app.register(schedulingRoutes);
  await app.register(daySheetRoutes);
  await app.register(calendarsRoutes);
  await app.register(clientsRoutes);
  await app.register(clientExportRoutes);
  await app.register(clientMatchRoutes);
  await app.register(visitNotesRoutes);
  await app.register(healthFormsRoutes);
  await app.register(seriesRoutes);
  await app.register(pushRoutes);
  await app.register(checkInsRoutes);
  await app.register(receiptsRoutes);
  await app.register(moneyRoutes);
  await app.register(vouchersRoutes);
  await app.register(paymentsRoutes);
  await app.register(depositsRoutes);
  await app.register(settingsRoutes);
  await app.register(smsRoutes);
  await app.register(logoRoutes(logo));
  await app.register(stripeSettingsRoutes);
  await app.register(stripeWebhookRoutes(app.stripe));
  await app.register(cardPaymentsRoutes);
  await app.register(startFreshRoutes);
  await app.register(openApiRoutes);
  // The admin pages the server renders for her session: her client's page (decision 022) and Today (033).
  const clientPage = clientPageData(app);
  const todayPage = todayPageData(app);
  await registerClientAndNotFound(app, {
    initialData: () => loadInitialData(app.db, app.config, app.publicCache),
    adminPageData: (request) =>
      request.url.split(/[?#]/)[0] === SERVER_RENDERED_TODAY_PAGE ? todayPage(request) : clientPage(request),
  });

  return app;
}
