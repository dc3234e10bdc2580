/**
 * Server configuration: environment variables checked with zod at start, plus the
 * practice profile. Every variable is documented in README.md and .env.example.
 */
import path from 'node:path';
import { z } from 'zod';
import type { AnalyticsConfig } from '@shared/site';
import { DAY_MS, HOUR_MS, MINUTE_MS } from '@shared/time';
import { DEPOSIT_DUE_HOURS, MAX_SERVICE_DISTANCE_KM, STANDARD_SERVICE_AREA_KM } from '@shared/constants';
import type { LogoRef } from '@shared/logo';
import { CLIENT_RETENTION_YEARS, HEALTH_RETENTION_YEARS } from '@shared/privacy';
import { loadPracticeProfile, type PracticeProfile } from './practice-profile';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO_DATA: bool.optional(),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(72),
  SESSION_MAX_DAYS: z.coerce.number().positive().default(30),
  ADMIN_USERNAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  ADMIN_NAME: z.string().optional(),
  ADMIN_EMAIL: z.string().optional(),
  // Booking rules
  // The least gap between two visits (docs/product.md §10: formerly the whole fixed turnaround).
  BOOKING_BUFFER_MINUTES: z.coerce.number().int().min(0).max(240).default(15),
  BOOKING_SETUP_MINUTES: z.coerce.number().int().min(0).max(120).default(15),
  BOOKING_UNKNOWN_GAP_MINUTES: z.coerce.number().int().min(0).max(240).default(30),
  DAY_STARTS_AT_BASE: bool.default(true),
  DAY_END_GRACE_MINUTES: z.coerce.number().int().min(0).max(360).default(60),
  BOOKING_MIN_NOTICE_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 14)
    .default(2),
  BOOKING_HORIZON_DAYS: z.coerce.number().int().min(1).max(365).default(60),
  PENDING_EXPIRY_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 14)
    .default(48),
  REMINDER_HOURS_BEFORE: z.coerce
    .number()
    .min(0)
    .max(24 * 7)
    .default(24),
  REMINDERS_ENABLED: bool.default(true),
  // Inside this many hours before a visit its private link no longer changes or cancels it (docs/product.md §4 "Client
  // cancellation").
  CHANGE_CUTOFF_HOURS: z.coerce
    .number()
    .min(0)
    .max(24 * 14)
    .default(24),
  // A time offered to a waitlisted visitor is held for them this long (docs/product.md §4 "Waitlist").
  WAITLIST_HOLD_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  // Public booking requests per client address per hour (docs/security.md "Limits"); 0: no limit.
  BOOKING_REQUESTS_PER_HOUR: z.coerce.number().int().min(0).max(100_000).default(10),
  // docs/product.md §18.2 (docs/decisions/031-deposits.md): a deposit not received this many hours after the request
  // gets one reminder e-mail; the reminder job looks every DEPOSIT_REMINDER_SECONDS.
  DEPOSIT_DUE_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 14)
    .default(DEPOSIT_DUE_HOURS),
  DEPOSIT_REMINDER_SECONDS: z.coerce.number().min(0.5).max(3600).default(60),
  // How often the check-in job looks for visits she is overdue at (docs/decisions/025-check-in.md).
  CHECK_IN_ALERT_SECONDS: z.coerce.number().min(0.5).max(3600).default(30),
  // A health form older than this asks to be checked again (docs/product.md §13).
  HEALTH_FORM_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  // How long after a client's last visit their records are kept (docs/privacy.md; clients/retention.ts).
  HEALTH_RETENTION_YEARS: z.coerce.number().int().min(1).max(100).default(HEALTH_RETENTION_YEARS),
  CLIENT_RETENTION_YEARS: z.coerce.number().int().min(1).max(100).default(CLIENT_RETENTION_YEARS),
  // Travel
  GOOGLE_MAPS_API_KEY: z.string().optional(),
  GOOGLE_DISTANCE_MATRIX_URL: z.url().default('https://maps.googleapis.com/maps/api/distancematrix/json'),
  GOOGLE_GEOCODING_URL: z.url().default('https://maps.googleapis.com/maps/api/geocode/json'),
  // OpenStreetMap (docs/decisions/035): a Nominatim or Photon geocoder and an OSRM or Valhalla router by URL.
  GEOCODER_URL: z.url().optional().or(z.literal('')),
  ROUTER_URL: z.url().optional().or(z.literal('')),
  GEOCODER_KIND: z.enum(['nominatim', 'photon', '']).optional(),
  ROUTER_KIND: z.enum(['osrm', 'valhalla', '']).optional(),
  MAPS_USER_AGENT: z.string().max(200).optional(),
  TRAVEL_ROAD_FACTOR: z.coerce.number().min(1).max(3).default(1.3),
  TRAVEL_AVERAGE_SPEED_KMH: z.coerce.number().min(5).max(130).default(60),
  TRAVEL_FEE_CENTS: z.coerce.number().int().min(0).default(1000),
  TRAVEL_EXTENDED_FEE_CENTS: z.coerce.number().int().min(0).default(2000),
  // Her service area (docs/product.md §19): no booking beyond SERVICE_AREA_KM; the extended range from
  // EXTENDED_RANGE_FROM_KM.
  SERVICE_AREA_KM: z.coerce.number().int().min(1).max(300).default(MAX_SERVICE_DISTANCE_KM),
  EXTENDED_RANGE_FROM_KM: z.coerce.number().int().min(0).max(300).default(STANDARD_SERVICE_AREA_KM),
  // Her other calendars (docs/product.md §11)
  CALENDAR_SYNC_MINUTES: z.coerce.number().min(0.05).max(1440).default(5),
  CALENDAR_ALLOW_PRIVATE_URLS: bool.default(false),
  CALENDAR_SYNC_ENABLED: bool.default(true),
  // 32 bytes as 64 hex digits or base64; without it, a key file under DATA_DIR made on first start.
  SECRET_KEY: z.string().optional(),
  SECRET_KEY_PREVIOUS: z.string().optional(),
  // Analytics (none unless set)
  ANALYTICS_PROVIDER: z.enum(['plausible', 'ga4', '']).optional(),
  PLAUSIBLE_DOMAIN: z.string().optional(),
  PLAUSIBLE_SCRIPT_URL: z.url().default('https://plausible.io/js/script.manual.js'),
  GA4_MEASUREMENT_ID: z
    .string()
    .regex(/^G-[A-Z0-9]+$/, 'GA4_MEASUREMENT_ID looks like G-XXXXXXX')
    .optional(),
  // E-mail
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  MAIL_NOTIFY_TO: z.string().optional(),
  MAIL_WORKER_ENABLED: bool.default(true),
  MAIL_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(5),
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),
  // Web Push to her phone (docs/product.md §15). A queued push wakes the worker at once; the poll is the safety net.
  PUSH_WORKER_ENABLED: bool.default(true),
  PUSH_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(15),
  PUSH_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
  // Tests only: a push service on http://127.0.0.1 (endpoints must otherwise be https on a public host).
  PUSH_ALLOW_LOOPBACK: bool.default(false),
  // Texts through Twilio (docs/decisions/038): the first values of her Settings' SMS section.
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  SMS_FROM: z.string().optional(),
  // Tests only: Twilio's API at another address (a loopback server speaking its Messages API).
  SMS_API_BASE: z.url().optional().or(z.literal('')),
  SMS_WORKER_ENABLED: bool.default(true),
  SMS_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(10),
  SMS_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),
  // Card payments through Stripe (decision 037): the first keys; keys saved in her Settings win.
  STRIPE_SECRET_KEY: z.string().trim().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().trim().optional(),
  // Tests only: another API base for the stripe library (a loopback server), e.g. http://127.0.0.1:4242.
  STRIPE_API_BASE: z.url().optional().or(z.literal('')),
});

/** The route rule's settings (modules/scheduling/route-rule.ts), read from the environment here. */
export interface RoutePolicy {
  /** Setting up and packing the table at each visit, on top of the drive between two visits. */
  setupMinutes: number;
  /** The least gap between two visits, however close they are (formerly the whole buffer). */
  minGapMinutes: number;
  /** The gap when a location or the drive is unknown: the old fixed turnaround. */
  unknownGapMinutes: number;
  /** Check the drive from base to the first visit and from the last visit home. */
  dayStartsAtBase: boolean;
  /** How long after closing time she may still be driving home. */
  dayEndGraceMinutes: number;
}

export interface AppConfig {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** The site's own origin, used in e-mail links and the CSRF check. */
  publicUrl: string;
  dataDir: string;
  /** null: the embedded PGlite database under dataDir. */
  databaseUrl: string | null;
  databasePoolSize: number;
  /** Passed to Fastify's trustProxy: true, a hop count, or addresses. */
  trustProxy: boolean | number | string;
  logLevel: string;
  seedDemoData: boolean;
  session: { idleMs: number; maxAgeMs: number };
  bootstrapAdmin: { username: string; password: string; name: string; email: string } | null;
  booking: {
    /**
     * The least gap after each session that no other booking may overlap, wherever the visits are
     * (the exclusion constraint's floor). The route rule asks more when the drive is longer.
     */
    bufferMinutes: number;
    /** The route rule's settings (docs/product.md §10); minGapMinutes is bufferMinutes. */
    route: RoutePolicy;
    minNoticeMinutes: number;
    horizonDays: number;
    /** An unanswered pending request stops holding its slot after this long (or once its start passes). */
    pendingExpiryMs: number;
    /** Reminder e-mail this long before a confirmed appointment; null: no automatic reminders. */
    reminderLeadMs: number | null;
    /** A health form older than this many months is outdated (docs/product.md §13). */
    healthFormMonths: number;
    /**
     * Inside this many hours before a visit the client's link no longer moves it, nor cancels a confirmed
     * one: they call or e-mail her (docs/product.md §4 "Changing a visit").
     */
    changeCutoffHours: number;
    /** How long a time offered to a waitlisted visitor is kept from everyone else (docs/product.md §4 "Waitlist"). */
    waitlistHoldMs: number;
    /**
     * POST /api/bookings per client address per hour, counted before anything is stored (docs/security.md
     * "Limits"); null: no limit (BOOKING_REQUESTS_PER_HOUR=0, load tests from one machine).
     */
    requestsPerHour: number | null;
  };
  /** Retention after the last visit (docs/privacy.md): health forms and notes, and everything else personal. */
  retention: { healthYears: number; clientYears: number };
  /** Check-in (docs/product.md §16): the overdue-alert job's interval. */
  checkIn: { alertMs: number };
  /** Deposits (docs/product.md §18.2): how long a client has to pay, and the reminder job's interval. */
  deposits: { dueMs: number; dueHours: number; reminderMs: number };
  travel: {
    googleMapsApiKey: string | null;
    distanceMatrixUrl: string;
    /** Google's Geocoding endpoint: where a booking's address is, when the key is set. */
    geocodingUrl: string;
    /** A Nominatim (`/search`) or Photon (`/api`) geocoder (GEOCODER_URL); null: none. */
    geocoderUrl: string | null;
    /** An OSRM (`/route/v1/driving`) or Valhalla (`/route`) router (ROUTER_URL); null: none. */
    routerUrl: string | null;
    /** GEOCODER_KIND / ROUTER_KIND when the URL does not tell; null: told by the URL (osm-geocoder.ts, osm-router). */
    geocoderKind: 'nominatim' | 'photon' | null;
    routerKind: 'osrm' | 'valhalla' | null;
    /** Sent to the OpenStreetMap servers (their usage policies ask it); null: 'Homevisit (<PUBLIC_URL>)'. */
    mapsUserAgent: string | null;
    /** Straight-line distance times this estimates the road distance (offline provider). */
    roadFactor: number;
    averageSpeedKmh: number;
    /** Outside her local towns, up to extendedFromKm (the specification's $10 and 30 km). */
    feeCents: number;
    /** From extendedFromKm to maxKm: the extended range. */
    extendedFeeCents: number;
    /** No booking further than this (the specification's 50 km; her Settings, docs/product.md §19). */
    maxKm: number;
    /** Further than this is the extended range (the specification's 30 km). */
    extendedFromKm: number;
  };
  mail: {
    /** null: messages stay in the outbox and are written as .eml files under DATA_DIR/mail. */
    smtpUrl: string | null;
    from: string;
    /** Where the practice's own notifications go (new requests, client cancellations). */
    notifyTo: string;
    /** MAIL_FROM / MAIL_NOTIFY_TO were not set: they follow her practice's name and e-mail when she changes them. */
    followsPractice: { from: boolean; notifyTo: boolean };
    workerEnabled: boolean;
    pollMs: number;
    maxAttempts: number;
  };
  /** Texts (decision 038): the environment's Twilio account, sender and API address; her Settings may override them. */
  sms: {
    accountSid: string | null;
    authToken: string | null;
    from: string | null;
    /** Twilio's API origin (https://api.twilio.com); SMS_API_BASE points tests at a loopback server. */
    apiBase: string | null;
    workerEnabled: boolean;
    pollMs: number;
    maxAttempts: number;
  };
  push: {
    workerEnabled: boolean;
    pollMs: number;
    maxAttempts: number;
    /** PUSH_ALLOW_LOOPBACK: endpoints on http://127.0.0.1 are allowed (the tests' push service). */
    allowLoopback: boolean;
  };
  calendars: {
    syncMs: number;
    /** Whether the sync job runs in this process (tests sync by hand). */
    syncEnabled: boolean;
    /** Loopback and private network addresses are refused unless this is set (tests, a home server). */
    allowPrivateUrls: boolean;
  };
  /** SECRET_KEY as given; null: the key file under dataDir (secret-box.ts). */
  secretKey: string | null;
  /** SECRET_KEY_PREVIOUS: older keys that still open what they sealed, during a rotation (key-rotation.ts). */
  secretKeyPrevious: string[];
  analytics: AnalyticsConfig | null;
  /** Where the built client lives; null to serve the API only. */
  clientDir: string | null;
  practice: PracticeProfile;
  /**
   * Her logo (docs/product.md §19), uploaded in Settings: none from the environment; modules/logo keeps `current` in
   * step with the database in every process. Read at call time (the holder stays, its value changes).
   */
  logo: { current: LogoRef | null };
  /**
   * Card payments through Stripe (decision 037). `secretKey` and `webhookSecret` are the keys in force:
   * her saved ones (modules/stripe keeps them in step with the database in every process) or the environment's.
   * Card payments are offered only when both are set. `apiBase`: another API base (tests' loopback server).
   */
  stripe: {
    secretKey: string | null;
    webhookSecret: string | null;
    environment: { secretKey: string | null; webhookSecret: string | null };
    apiBase: string | null;
  };
}

type Env = Record<string, string | undefined>;

export function loadConfig(env: Env = process.env, cwd = process.cwd()): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  const nodeEnv = e.NODE_ENV === 'production' || e.NODE_ENV === 'test' ? e.NODE_ENV : 'development';
  const dataDir = path.resolve(cwd, e.DATA_DIR);
  // Demo content is for trying the product out; a production install starts empty, from the starter profile.
  const seedDemoData = e.SEED_DEMO_DATA ?? nodeEnv !== 'production';
  const practice = loadPracticeProfile(env, cwd, { starter: !seedDemoData });
  const displayHost = e.HOST === '0.0.0.0' || e.HOST === '::' ? 'localhost' : e.HOST;
  return {
    env: nodeEnv,
    port: e.PORT,
    host: e.HOST,
    publicUrl: (e.PUBLIC_URL ?? `http://${displayHost}:${e.PORT}`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL || null,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    seedDemoData,
    session: { idleMs: e.SESSION_IDLE_HOURS * HOUR_MS, maxAgeMs: e.SESSION_MAX_DAYS * DAY_MS },
    bootstrapAdmin:
      e.ADMIN_USERNAME && e.ADMIN_PASSWORD
        ? {
            username: e.ADMIN_USERNAME,
            password: e.ADMIN_PASSWORD,
            name: e.ADMIN_NAME || e.ADMIN_USERNAME,
            email: e.ADMIN_EMAIL || practice.email,
          }
        : null,
    booking: {
      bufferMinutes: e.BOOKING_BUFFER_MINUTES,
      route: {
        minGapMinutes: e.BOOKING_BUFFER_MINUTES,
        setupMinutes: e.BOOKING_SETUP_MINUTES,
        unknownGapMinutes: e.BOOKING_UNKNOWN_GAP_MINUTES,
        dayStartsAtBase: e.DAY_STARTS_AT_BASE,
        dayEndGraceMinutes: e.DAY_END_GRACE_MINUTES,
      },
      minNoticeMinutes: Math.round(e.BOOKING_MIN_NOTICE_HOURS * 60),
      horizonDays: e.BOOKING_HORIZON_DAYS,
      pendingExpiryMs: e.PENDING_EXPIRY_HOURS * HOUR_MS,
      reminderLeadMs: e.REMINDERS_ENABLED && e.REMINDER_HOURS_BEFORE > 0 ? e.REMINDER_HOURS_BEFORE * HOUR_MS : null,
      healthFormMonths: e.HEALTH_FORM_MONTHS,
      changeCutoffHours: e.CHANGE_CUTOFF_HOURS,
      waitlistHoldMs: e.WAITLIST_HOLD_MINUTES * MINUTE_MS,
      requestsPerHour: e.BOOKING_REQUESTS_PER_HOUR > 0 ? e.BOOKING_REQUESTS_PER_HOUR : null,
    },
    retention: { healthYears: e.HEALTH_RETENTION_YEARS, clientYears: e.CLIENT_RETENTION_YEARS },
    checkIn: { alertMs: Math.round(e.CHECK_IN_ALERT_SECONDS * 1000) },
    deposits: {
      dueMs: Math.round(e.DEPOSIT_DUE_HOURS * HOUR_MS),
      dueHours: e.DEPOSIT_DUE_HOURS,
      reminderMs: Math.round(e.DEPOSIT_REMINDER_SECONDS * 1000),
    },
    travel: {
      googleMapsApiKey: e.GOOGLE_MAPS_API_KEY || null,
      distanceMatrixUrl: e.GOOGLE_DISTANCE_MATRIX_URL,
      geocodingUrl: e.GOOGLE_GEOCODING_URL,
      geocoderUrl: e.GEOCODER_URL || null,
      routerUrl: e.ROUTER_URL || null,
      geocoderKind: e.GEOCODER_KIND || null,
      routerKind: e.ROUTER_KIND || null,
      mapsUserAgent: e.MAPS_USER_AGENT?.trim() || null,
      roadFactor: e.TRAVEL_ROAD_FACTOR,
      averageSpeedKmh: e.TRAVEL_AVERAGE_SPEED_KMH,
      feeCents: e.TRAVEL_FEE_CENTS,
      extendedFeeCents: e.TRAVEL_EXTENDED_FEE_CENTS,
      maxKm: e.SERVICE_AREA_KM,
      extendedFromKm: Math.min(e.EXTENDED_RANGE_FROM_KM, e.SERVICE_AREA_KM),
    },
    mail: {
      smtpUrl: e.SMTP_URL || null,
      from: e.MAIL_FROM || `${practice.name} <${practice.email}>`,
      notifyTo: e.MAIL_NOTIFY_TO || practice.email,
      followsPractice: { from: !e.MAIL_FROM, notifyTo: !e.MAIL_NOTIFY_TO },
      workerEnabled: e.MAIL_WORKER_ENABLED,
      pollMs: Math.round(e.MAIL_POLL_SECONDS * 1000),
      maxAttempts: e.MAIL_MAX_ATTEMPTS,
    },
    sms: {
      accountSid: e.TWILIO_ACCOUNT_SID?.trim() || null,
      authToken: e.TWILIO_AUTH_TOKEN?.trim() || null,
      from: e.SMS_FROM?.trim() || null,
      apiBase: e.SMS_API_BASE || null,
      workerEnabled: e.SMS_WORKER_ENABLED,
      pollMs: Math.round(e.SMS_POLL_SECONDS * 1000),
      maxAttempts: e.SMS_MAX_ATTEMPTS,
    },
    push: {
      workerEnabled: e.PUSH_WORKER_ENABLED,
      pollMs: Math.round(e.PUSH_POLL_SECONDS * 1000),
      maxAttempts: e.PUSH_MAX_ATTEMPTS,
      allowLoopback: e.PUSH_ALLOW_LOOPBACK,
    },
    calendars: {
      syncMs: Math.round(e.CALENDAR_SYNC_MINUTES * 60_000),
      syncEnabled: e.CALENDAR_SYNC_ENABLED,
      allowPrivateUrls: e.CALENDAR_ALLOW_PRIVATE_URLS,
    },
    secretKey: e.SECRET_KEY || null,
    secretKeyPrevious: (e.SECRET_KEY_PREVIOUS ?? '').split(/[\s,]+/).filter(Boolean),
    analytics: analyticsFrom(e),
    clientDir: path.resolve(cwd, 'dist/client'),
    practice,
    logo: { current: null },
    stripe: {
      secretKey: e.STRIPE_SECRET_KEY || null,
      webhookSecret: e.STRIPE_WEBHOOK_SECRET || null,
      environment: { secretKey: e.STRIPE_SECRET_KEY || null, webhookSecret: e.STRIPE_WEBHOOK_SECRET || null },
      apiBase: e.STRIPE_API_BASE || null,
    },
  };
}

function analyticsFrom(e: z.infer<typeof envSchema>): AnalyticsConfig | null {
  if (e.ANALYTICS_PROVIDER === 'plausible') {
    if (!e.PLAUSIBLE_DOMAIN)
      throw new Error('Invalid environment: PLAUSIBLE_DOMAIN is required with ANALYTICS_PROVIDER=plausible');
    return { provider: 'plausible', domain: e.PLAUSIBLE_DOMAIN, scriptUrl: e.PLAUSIBLE_SCRIPT_URL };
  }
  if (e.ANALYTICS_PROVIDER === 'ga4') {
    if (!e.GA4_MEASUREMENT_ID)
      throw new Error('Invalid environment: GA4_MEASUREMENT_ID is required with ANALYTICS_PROVIDER=ga4');
    return { provider: 'ga4', measurementId: e.GA4_MEASUREMENT_ID };
  }
  return null;
}

function parseTrustProxy(value: string | undefined): boolean | number | string {
  if (!value || value === 'false' || value === '0') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value; // comma-separated addresses or CIDR ranges
}

/**
 * A production start whose PUBLIC_URL was left out: the links in her e-mails (booking pages, health forms, receipts)
 * would point at this machine's localhost. Said at every start, so she sees it in the log before a client does.
 */
export function publicUrlWarning(config: Pick<AppConfig, 'env' | 'publicUrl'>): string | null {
  if (config.env !== 'production') return null;
  const host = new URL(config.publicUrl).hostname;
  if (host !== 'localhost' && host !== '127.0.0.1' && host !== '[::1]') return null;
  return `PUBLIC_URL is not set: links in e-mails point at ${config.publicUrl}. Set it to the site's own address (https://…)`;
}
