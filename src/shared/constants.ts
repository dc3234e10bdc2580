/** Business constants and limits from docs/product.md §9, shared by client and server. */

export const BUSINESS_TIME_ZONE = 'Pacific/Auckland';
export const NZ_TIME_NOTE = 'All times shown are NZ Time';
export const CURRENCY = 'NZD';

export const DEFAULT_DURATION_MINUTES = 60;
export const SWEDISH_MASSAGE_SERVICE_ID = 1;
export const DEFAULT_SWEDISH_PRICE_CENTS = 8000;

/** New service defaults and the duration step of the service form. */
export const NEW_SERVICE_DEFAULT = { duration: 60, price: 8000 } as const;
export const DURATION_STEP_MINUTES = 30;
export const MIN_DURATION_MINUTES = 30;
export const NEW_OPTION_PRICE_FACTOR = 1.5;

export const MAX_SERVICE_DISTANCE_KM = 50;
export const STANDARD_SERVICE_AREA_KM = 30;
export const ADDRESS_MIN_LENGTH = 5;
export const PHONE_MIN_LENGTH = 10;
export const AVAILABILITY_LOOKAHEAD_DAYS = 14;
export const MAPS_KEY_CACHE_MS = 24 * 60 * 60 * 1000;
export const PENDING_POLL_MS = 30_000;
export const UPCOMING_LIST_SIZE = 5;

/** The longest date range one availability or bookings-range call may ask for (two calendar months). */
export const MAX_RANGE_DAYS = 62;

/** Time choices: every 30 minutes from 00:00, last choice 23:00 (docs/product.md §9). */
export const TIME_CHOICE_STEP_MINUTES = 30;
export const LAST_TIME_CHOICE = '23:00';
export const DEFAULT_OPEN_TIME = '09:00';
export const DEFAULT_CLOSE_TIME = '17:00';

export const DAYS_IN_WEEK = 7;
export const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;

export const MIN_RATING = 1;
export const MAX_RATING = 5;
export const DEFAULT_RATING = 5;
/** The review form's hidden field bots fill in and people never see (schemas/review.ts). Here, free of zod: the form
 * names it without loading its schema (issue 42). */
export const REVIEW_HONEYPOT_FIELD = 'website';

/** The most days one waitlist entry may list (schemas/waitlist.ts; here, free of zod, for the form: issue 42). */
export const WAITLIST_MAX_DAYS = 14;

export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'rejected'] as const;

/**
 * Where a booking's client stands with the health form (docs/product.md §13): no form yet,
 * one older than HEALTH_FORM_MONTHS (or made for questions that have changed since), or a current one.
 * Here rather than with the form, so the booking wizard's bundle does not carry the whole form.
 */
export const HEALTH_FORM_STATUSES = ['missing', 'outdated', 'current'] as const;
export type HealthFormStatus = (typeof HEALTH_FORM_STATUSES)[number];
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

/** What she marks a confirmed visit after its start (docs/product.md §12): a separate field, the status stays
 * confirmed. */
export const VISIT_OUTCOMES = ['completed', 'no-show'] as const;
export type VisitOutcome = (typeof VISIT_OUTCOMES)[number];

export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_STORAGE_KEY = 'homevisit-theme';

/**
 * The session cookie (httpOnly: the browser's scripts never see it). Named here, beside the hint
 * below, because the server's sessions (modules/auth/session.ts) and its OpenAPI description
 * (http/openapi) both name it, and infrastructure may not import a module.
 */
export const SESSION_COOKIE = 'hv_session';

/**
 * A readable cookie set beside the (httpOnly) session cookie: only a hint that someone
 * may be signed in, so public pages skip GET /api/auth/me (and its 401) for visitors.
 * It grants nothing; the server checks the real session.
 */
export const SIGNED_IN_HINT_COOKIE = 'hv_signed_in';

/** Input size limits: generous for people, small enough to keep junk out. */
export const LIMITS = {
  nameMax: 100,
  emailMax: 254,
  phoneMax: 40,
  addressMax: 300,
  textMax: 2000,
  /** Each part of a visit's treatment notes, and each amendment (docs/product.md §14). */
  visitNoteMax: 4000,
  serviceNameMax: 120,
  serviceDescriptionMax: 2000,
  reasonMax: 300,
  maxDurationOptions: 10,
  maxDurationMinutes: 480,
  maxPriceCents: 10_000_00,
  usernameMax: 64,
  passwordMin: 12,
  passwordMax: 256,
  calendarNameMax: 60,
  calendarUrlMax: 2000,
  /** A health form's free-text answer (docs/product.md §13); names and phones there use nameMax, phoneMax. */
  healthTextMax: 500,
  /** The full name typed to give consent on the health form: 2 to nameMax characters. */
  consentNameMin: 2,
} as const;

/** The id of the <script type="application/json"> the server inlines the public pages' data in (decision 010). */
export const INITIAL_DATA_ELEMENT_ID = 'hv-initial-data';
/**
 * The id of the <script type="application/json"> holding a server-rendered admin page's data (decision 022): her
 * session and the client the page shows, exactly as GET /api/auth/me and GET /api/admin/clients/{id} answer them.
 */
export const ADMIN_PAGE_DATA_ELEMENT_ID = 'hv-admin-data';

/**
 * The id of the empty layer the server puts over a page it rendered, until the browser has hydrated it (main.tsx
 * removes it): taps land on it, and an inline script in index.html holds back keys, so nothing reaches a page that
 * cannot answer yet. Not `inert` on #root: taking that off restyled the whole page in one task (decision 033, step 5).
 */
export const HYDRATION_SHIELD_ID = 'hv-hydrating';

/**
 * The kinds of push notification to her phone (docs/product.md "Push notifications"). She turns each on
 * or off; 'test' is her own 'Send a test notification' and always goes. 'check-in' is sent by the check-in module.
 */
export const PUSH_KINDS = ['new-request', 'client-cancellation', 'waitlist-acceptance', 'check-in', 'test'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** How a payment was made (docs/product.md §18.1): her own card terminal is 'card'; online card payments come later. */
export const PAYMENT_METHODS = ['cash', 'bank-transfer', 'card', 'voucher'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/** Hours after a request without its deposit that the one reminder goes (docs/product.md §18.2; env DEPOSIT_DUE_HOURS).
 * */
export const DEPOSIT_DUE_HOURS = 24;

/**
 * Where a drive's distance came from (docs/decisions/035): Google's or an OpenStreetMap router's road, or
 * the offline straight-line estimate, which her screens mark '(estimate)'.
 */
export const TRAVEL_SOURCES = ['google', 'osm', 'estimate'] as const;
export type TravelSource = (typeof TRAVEL_SOURCES)[number];
