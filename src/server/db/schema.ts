/**
 * Drizzle's view of the tables. The SQL migrations in ./migrations are the source of
 * truth (constraints, domains, the exclusion constraint); this file mirrors the columns.
 */
import {
  bigint,
  bigserial,
  boolean,
  customType,
  date,
  doublePrecision,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { BOOKING_STATUSES, PAYMENT_METHODS, TRAVEL_SOURCES, VISIT_OUTCOMES } from '@shared/constants';
import { SERIES_OCCURRENCE_STATUSES } from '@shared/schemas/series';
import type { DurationOption } from '@shared/schemas/service';
import { WAITLIST_ENTRY_STATUSES, WAITLIST_OFFER_STATUSES } from '@shared/schemas/waitlist';

const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const adminUsers = pgTable('admin_users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull(),
  passwordHash: text('password_hash').notNull(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  userId: integer('user_id').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
  expiresAt: tstz('expires_at').notNull(),
});

export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  windowStart: tstz('window_start').notNull(),
});

export const services = pgTable('services', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull(),
  duration: integer('duration').notNull(),
  price: integer('price').notNull(),
  durationOptions: jsonb('duration_options').$type<DurationOption[]>().notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
  /** A deposit asked of its bookings (docs/product.md §18.2, migration 0019): an amount or a percentage, not both. */
  depositCents: integer('deposit_cents'),
  depositPercent: integer('deposit_percent'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const businessHours = pgTable('business_hours', {
  id: serial('id').primaryKey(),
  dayOfWeek: integer('day_of_week').notNull().unique(),
  isOpen: boolean('is_open').notNull().default(true),
  openTime: text('open_time').notNull(),
  closeTime: text('close_time').notNull(),
});

export const blockedDates = pgTable('blocked_dates', {
  id: serial('id').primaryKey(),
  date: date('date', { mode: 'string' }).notNull(),
  startTime: text('start_time'),
  endTime: text('end_time'),
  isFullDay: boolean('is_full_day').notNull().default(true),
  reason: text('reason'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

export const bookings = pgTable('bookings', {
  id: serial('id').primaryKey(),
  serviceId: integer('service_id'),
  serviceName: text('service_name').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  time: text('time').notNull(),
  duration: integer('duration').notNull().default(60),
  price: integer('price').notNull().default(0),
  travelCost: integer('travel_cost').notNull().default(0),
  distanceKm: numeric('distance_km', { precision: 7, scale: 2, mode: 'number' }),
  travelTimeMinutes: integer('travel_time_minutes'),
  isOutsideServiceArea: boolean('is_outside_service_area').notNull().default(false),
  travelUnresolved: boolean('travel_unresolved').notNull().default(false),
  /** Whose distance (docs/product.md §19, migration 0024): 'estimate' is the offline straight line; null when not
   * known. */
  travelSource: text('travel_source', { enum: TRAVEL_SOURCES }),
  /** Where the visit is (docs/product.md §10); null when the address could not be located. */
  locationLat: doublePrecision('location_lat'),
  locationLon: doublePrecision('location_lon'),
  address: text('address').notNull(),
  hasInjuries: boolean('has_injuries').notNull().default(false),
  injuryDetails: text('injury_details'),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  notes: text('notes'),
  cancelToken: text('cancel_token').notNull().unique(),
  status: text('status', { enum: BOOKING_STATUSES }).notNull().default('pending'),
  adminNote: text('admin_note'),
  startsAt: tstz('starts_at').notNull(),
  endsAt: tstz('ends_at').notNull(),
  bufferEndsAt: tstz('buffer_ends_at').notNull(),
  // `occupied` (tstzrange) is a generated column used only by the exclusion constraint.
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
  statusChangedAt: tstz('status_changed_at').notNull().defaultNow(),
  expiresAt: tstz('expires_at'),
  expiredAt: tstz('expired_at'),
  reminderQueuedAt: tstz('reminder_queued_at'),
  // RFC 5545 SEQUENCE for the calendar feed; a trigger bumps it (migration 0003).
  icsSequence: integer('ics_sequence').notNull().default(0),
  /** The person (docs/product.md §12); null only until start-up links a booking made before clients existed. */
  clientId: integer('client_id'),
  /** After its start she marks a confirmed visit (docs/product.md §12, migration 0011); null until she does. */
  outcome: text('outcome', { enum: VISIT_OUTCOMES }),
  outcomeAt: tstz('outcome_at'),
  /** Anonymised when its client was erased (docs/privacy.md, migration 0013): only the tax facts remain. */
  erasedAt: tstz('erased_at'),
  /** She cancelled the confirmed visit for the client inside the change cut-off, marked late (docs/product.md §4
   * "Client cancellation", 0014). */
  lateCancellation: boolean('late_cancellation').notNull().default(false),
  /** One visit of a regular's series (docs/product.md §4 "Regulars", migration 0015); null for a visit booked on its
   * own. */
  seriesId: integer('series_id'),
  /** The deposit asked when it was made (docs/product.md §18.2, migration 0019); 0 when none. */
  depositCents: integer('deposit_cents').notNull().default(0),
  /** The short reference the client quotes on the bank transfer; null without a deposit. */
  depositReference: text('deposit_reference'),
  depositRemindedAt: tstz('deposit_reminded_at'),
  /** A late cancellation kept the deposit received (the money settings said so). */
  depositKept: boolean('deposit_kept').notNull().default(false),
  /** Her username when she entered it herself (docs/product.md §19, migration 0025); null for a visitor's request. */
  bookedBy: text('booked_by'),
  /** The refusal she confirmed 'Book anyway' over (docs/product.md §4 "Bookings she takes herself"); null when every
   * rule passed. */
  overrideReason: text('override_reason'),
  /** The client ticked 'Text me' (decision 038, migration 0028); the day-before text's claim. */
  smsOptIn: boolean('sms_opt_in').notNull().default(false),
  smsReminderQueuedAt: tstz('sms_reminder_queued_at'),
});

export const idempotencyKeys = pgTable('idempotency_keys', {
  key: text('key').primaryKey(),
  requestHash: text('request_hash').notNull(),
  statusCode: integer('status_code').notNull(),
  response: jsonb('response').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

export const reviews = pgTable('reviews', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  rating: integer('rating').notNull(),
  comment: text('comment').notNull(),
  featured: boolean('featured').notNull().default(false),
  hidden: boolean('hidden').notNull().default(false),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

export interface OutboxAttachment {
  filename: string;
  contentType: string;
  /** UTF-8 text (an .ics file), or with `encoding: 'base64'` binary bytes (a receipt's PDF, docs/product.md §18.3). */
  content: string;
  encoding?: 'base64';
}

export const emailOutbox = pgTable('email_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  messageId: text('message_id').notNull().unique(),
  kind: text('kind').notNull(),
  bookingId: integer('booking_id'),
  toAddress: text('to_address').notNull(),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  htmlBody: text('html_body'),
  attachments: jsonb('attachments').$type<OutboxAttachment[]>().notNull().default([]),
  status: text('status', { enum: ['pending', 'sent', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
  sentAt: tstz('sent_at'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  /** Queued while the site had no SMTP (docs/product.md §2 "Outbox", migration 0023): not sent until she releases it.
   * */
  heldAt: tstz('held_at'),
  /** She chose Send on a held message: the worker sends it like any other. */
  releasedAt: tstz('released_at'),
});

export const appMeta = pgTable('app_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** The therapist's calendar subscription: at most one row (id 1), the token's SHA-256 only. */
export const calendarFeeds = pgTable('calendar_feeds', {
  id: integer('id').primaryKey().default(1),
  tokenHash: text('token_hash').notNull().unique(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** Her other calendars (docs/product.md §11): the CalDAV password encrypted (secret-box.ts), never answered. */
export const otherCalendars = pgTable('other_calendars', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  kind: text('kind', { enum: ['ics', 'caldav'] }).notNull(),
  url: text('url').notNull(),
  username: text('username'),
  passwordEncrypted: text('password_encrypted'),
  allDayBlocks: boolean('all_day_blocks').notNull().default(true),
  syncState: jsonb('sync_state').$type<unknown>(),
  lastSyncedAt: tstz('last_synced_at'),
  lastError: text('last_error'),
  lastErrorAt: tstz('last_error_at'),
  eventCount: integer('event_count').notNull().default(0),
  skipped: jsonb('skipped').$type<Record<string, number>>().notNull().default({}),
  syncLeaseUntil: tstz('sync_lease_until'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** The busy intervals of each calendar's last good sync (today to the booking horizon). */
export const calendarBusy = pgTable('calendar_busy', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  calendarId: integer('calendar_id').notNull(),
  startsAt: tstz('starts_at').notNull(),
  endsAt: tstz('ends_at').notNull(),
  title: text('title').notNull(),
  allDay: boolean('all_day').notNull(),
});

/** Clients (docs/product.md §12): the current details of a person. */
export const clients = pgTable('clients', {
  id: serial('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  nameCorrectedAt: tstz('name_corrected_at'),
  emailCorrectedAt: tstz('email_corrected_at'),
  phoneCorrectedAt: tstz('phone_corrected_at'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
  /** What a search finds her by, in lower case; kept by triggers (migration 0012), never written here. */
  searchText: text('search_text').notNull().default(''),
  /** Erased (migration 0013): an empty tombstone holding the anonymised bookings. */
  erasedAt: tstz('erased_at'),
  /** Contact details removed by retention while the health records are still kept. */
  contactErasedAt: tstz('contact_erased_at'),
  /**
   * The existing client a public booking's e-mail or phone led to (migration 0021, docs/decisions/034): this
   * client is that booking's own until she says whether they are the same person.
   */
  possibleMatchOf: integer('possible_match_of'),
  matchBasis: text('match_basis', { enum: ['email', 'phone'] }),
});

/** Every e-mail (normalised) and phone (E.164) that leads to a client; unique per kind and value. */
export const clientContacts = pgTable('client_contacts', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  kind: text('kind', { enum: ['email', 'phone'] }).notNull(),
  value: text('value').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** Alerts ('Dog at the gate'), sealed (secret-box.ts). */
export const clientAlerts = pgTable('client_alerts', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  textEncrypted: text('text_encrypted').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

export const schema = {
  adminUsers,
  sessions,
  rateLimits,
  services,
  businessHours,
  blockedDates,
  bookings,
  idempotencyKeys,
  reviews,
  emailOutbox,
  appMeta,
  calendarFeeds,
  otherCalendars,
  calendarBusy,
  clients,
  clientContacts,
  clientAlerts,
};

/** Who read or changed a client's sensitive record (docs/privacy.md; modules/clients/access-log.ts). */
export const clientAccessLog = pgTable('client_access_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  clientId: integer('client_id').notNull(),
  at: tstz('at').notNull().defaultNow(),
  actor: text('actor').notNull(),
  action: text('action').notNull(),
  detail: text('detail').notNull(),
});

/** Her treatment notes of a visit (docs/product.md §14, migration 0011): one per booking, the four parts sealed as
 * JSON. */
export const visitNotes = pgTable('visit_notes', {
  id: serial('id').primaryKey(),
  bookingId: integer('booking_id').notNull(),
  clientId: integer('client_id').notNull(),
  bodyEncrypted: text('body_encrypted').notNull(),
  author: text('author').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** What she added to a note after its 24 hours; the text sealed as JSON. */
export const visitNoteAmendments = pgTable('visit_note_amendments', {
  id: serial('id').primaryKey(),
  noteId: integer('note_id').notNull(),
  bodyEncrypted: text('body_encrypted').notNull(),
  author: text('author').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** Health forms (docs/product.md §13): answers and consent name sealed (secret-box.ts). */
export const healthForms = pgTable('health_forms', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id').notNull(),
  bookingId: integer('booking_id'),
  answersEncrypted: text('answers_encrypted').notNull(),
  consentVersion: text('consent_version').notNull(),
  consentNameEncrypted: text('consent_name_encrypted').notNull(),
  consentedAt: tstz('consented_at').notNull(),
  reconfirmedFrom: integer('reconfirmed_from'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** A regular's series (migration 0015, docs/product.md §4 "Regulars"): a booking repeated every few weeks. */
export const series = pgTable('series', {
  id: serial('id').primaryKey(),
  clientId: integer('client_id'),
  originBookingId: integer('origin_booking_id').notNull(),
  serviceId: integer('service_id'),
  serviceName: text('service_name').notNull(),
  duration: integer('duration').notNull(),
  address: text('address').notNull(),
  locationLat: doublePrecision('location_lat'),
  locationLon: doublePrecision('location_lon'),
  everyWeeks: integer('every_weeks').notNull(),
  weekday: integer('weekday').notNull(),
  firstDate: date('first_date', { mode: 'string' }).notNull(),
  time: text('time').notNull(),
  count: integer('count'),
  until: date('until', { mode: 'string' }),
  createdAt: tstz('created_at').notNull().defaultNow(),
  cancelledAt: tstz('cancelled_at'),
  endedFrom: date('ended_from', { mode: 'string' }),
  icsSequence: integer('ics_sequence').notNull().default(0),
});

/** One decided date of a series' pattern: its booking, or why it has none. */
export const seriesOccurrences = pgTable(
  'series_occurrences',
  {
    seriesId: integer('series_id').notNull(),
    forDate: date('for_date', { mode: 'string' }).notNull(),
    status: text('status', { enum: SERIES_OCCURRENCE_STATUSES }).notNull(),
    bookingId: integer('booking_id'),
    reasons: jsonb('reasons').$type<string[]>(),
    alternatives: jsonb('alternatives').$type<{ date: string; time: string }[]>(),
    decidedAt: tstz('decided_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.forDate] })],
);
/** Waitlist entries (docs/product.md §4 "Waitlist", migration 0016): a visitor's days, start window, service and
 * address. */
export const waitlistEntries = pgTable('waitlist_entries', {
  id: serial('id').primaryKey(),
  token: text('token').notNull().unique(),
  serviceId: integer('service_id').notNull(),
  serviceName: text('service_name').notNull(),
  duration: integer('duration').notNull(),
  dates: date('dates', { mode: 'string' }).array().notNull(),
  lastDate: date('last_date', { mode: 'string' }).notNull(),
  earliest: text('earliest').notNull(),
  latest: text('latest').notNull(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone').notNull(),
  address: text('address').notNull(),
  locationLat: doublePrecision('location_lat'),
  locationLon: doublePrecision('location_lon'),
  status: text('status', { enum: WAITLIST_ENTRY_STATUSES }).notNull().default('active'),
  joinedAt: tstz('joined_at').notNull().defaultNow(),
  statusChangedAt: tstz('status_changed_at').notNull().defaultNow(),
});

/** A freed time offered to one entry, held for it until hold_until (migration 0016). */
export const waitlistOffers = pgTable('waitlist_offers', {
  id: serial('id').primaryKey(),
  entryId: integer('entry_id').notNull(),
  date: date('date', { mode: 'string' }).notNull(),
  time: text('time').notNull(),
  startsAt: tstz('starts_at').notNull(),
  endsAt: tstz('ends_at').notNull(),
  bufferEndsAt: tstz('buffer_ends_at').notNull(),
  // `occupied` (tstzrange) is a generated column used only by the one-hold exclusion constraint.
  token: text('token').notNull().unique(),
  holdUntil: tstz('hold_until').notNull(),
  status: text('status', { enum: WAITLIST_OFFER_STATUSES }).notNull().default('offered'),
  bookingId: integer('booking_id'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  closedAt: tstz('closed_at'),
});

/** 'A time freed on this date', written by triggers with the change that frees it (migration 0016). */
export const waitlistFreedDates = pgTable('waitlist_freed_dates', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  date: date('date', { mode: 'string' }).notNull(),
  freedAt: tstz('freed_at').notNull().defaultNow(),
});

/** The server's VAPID key pair (docs/product.md §15): one row, the private key sealed (secret-box.ts). */
export const pushVapid = pgTable('push_vapid', {
  id: integer('id').primaryKey().default(1),
  publicKey: text('public_key').notNull(),
  privateKeyEncrypted: text('private_key_encrypted').notNull(),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** Her phones' Web Push subscriptions (docs/product.md §15). */
export const pushSubscriptions = pgTable('push_subscriptions', {
  id: serial('id').primaryKey(),
  endpoint: text('endpoint').notNull().unique(),
  p256dh: text('p256dh').notNull(),
  auth: text('auth').notNull(),
  label: text('label'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  lastSuccessAt: tstz('last_success_at'),
});

/** Her per-kind push switches: one row (id 1). */
export const pushPreferences = pgTable('push_preferences', {
  id: integer('id').primaryKey().default(1),
  newRequest: boolean('new_request').notNull().default(true),
  clientCancellation: boolean('client_cancellation').notNull().default(true),
  waitlistAcceptance: boolean('waitlist_acceptance').notNull().default(true),
  checkIn: boolean('check_in').notNull().default(true),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** Pushes to send, one row per message and subscription (modules/push/outbox.ts). */
export const pushOutbox = pgTable('push_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  subscriptionId: integer('subscription_id').notNull(),
  kind: text('kind').notNull(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  url: text('url').notNull(),
  status: text('status', { enum: ['pending', 'sent', 'failed'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  sentAt: tstz('sent_at'),
  lastError: text('last_error'),
});

/** Her safety contact (docs/product.md §16, migration 0018): one row, id 1. */
export const safetySettings = pgTable('safety_settings', {
  id: integer('id').primaryKey().default(1),
  contactName: text('contact_name').notNull().default(''),
  contactEmail: text('contact_email').notNull().default(''),
  graceMinutes: integer('grace_minutes').notNull().default(30),
  enabled: boolean('enabled').notNull().default(false),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** Her 'Arrived' / 'Leaving' at a visit (docs/product.md §16, migration 0018), and the safety alert's state. */
export const checkIns = pgTable('check_ins', {
  bookingId: integer('booking_id').primaryKey(),
  arrivedAt: tstz('arrived_at').notNull(),
  arrivedAtFromServer: boolean('arrived_at_from_server').notNull().default(false),
  arrivedPressId: uuid('arrived_press_id').notNull().unique(),
  leftAt: tstz('left_at'),
  leftAtFromServer: boolean('left_at_from_server').notNull().default(false),
  leftPressId: uuid('left_press_id').unique(),
  overdueAlertAt: tstz('overdue_alert_at'),
  allClearAt: tstz('all_clear_at'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** Money received for a visit, or refunded (negative); voided, never deleted (docs/product.md §18.1, migration 0019).
 * */
export const payments = pgTable('payments', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  bookingId: integer('booking_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  method: text('method', { enum: PAYMENT_METHODS }).notNull(),
  /** The NZ date (YYYY-MM-DD) the money changed hands. */
  paidAt: date('paid_at', { mode: 'string' }).notNull(),
  note: text('note'),
  isDeposit: boolean('is_deposit').notNull().default(false),
  /** 'manual' for what she records; a card provider's name later (docs/decisions/027-payments.md). */
  source: text('source').notNull().default('manual'),
  providerRef: text('provider_ref'),
  voidedAt: tstz('voided_at'),
  voidReason: text('void_reason'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** Her money settings (docs/product.md §18.1, migration 0019): one row, id 1. */
export const moneySettings = pgTable('money_settings', {
  id: integer('id').primaryKey().default(1),
  depositAppliesTo: text('deposit_applies_to', { enum: ['everyone', 'first-time'] })
    .notNull()
    .default('first-time'),
  keepDepositOnLateCancel: boolean('keep_deposit_on_late_cancel').notNull().default(false),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/**
 * The next receipt number (docs/product.md §18.3, migration 0020): one row, taken with UPDATE … RETURNING in the
 * receipt's transaction.
 */
export const receiptCounter = pgTable('receipt_counter', {
  id: integer('id').primaryKey().default(1),
  nextNumber: integer('next_number').notNull().default(1),
});

/** A receipt or credit note as issued (docs/product.md §18.3, migration 0020); `content` is what was printed. */
export const receipts = pgTable('receipts', {
  number: integer('number').primaryKey(),
  bookingId: integer('booking_id').notNull(),
  kind: text('kind', { enum: ['receipt', 'credit-note'] }).notNull(),
  replaces: integer('replaces'),
  totalCents: integer('total_cents').notNull(),
  gstCents: integer('gst_cents').notNull().default(0),
  content: jsonb('content').notNull(),
  issuedOn: date('issued_on', { mode: 'string' }).notNull(),
  issuedAt: tstz('issued_at').notNull().defaultNow(),
});

/** Her settings (docs/product.md §19, migration 0022): the fields she has saved over the environment's and profile's
 * values. */
export const practiceSettings = pgTable('practice_settings', {
  id: integer('id').primaryKey().default(1),
  overrides: jsonb('overrides').$type<Record<string, unknown>>().notNull(),
  version: integer('version').notNull().default(0),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
});

/** Raw bytes (PostgreSQL bytea), read and written as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Her logo's files (docs/product.md §19, migration 0026): every size and format made at upload, the current logo's
 * only, named by its content hash and '<width>.<ext>' as served at /media/logo/<hash>-<width>.<ext>.
 */
export const practiceLogoFiles = pgTable(
  'practice_logo_files',
  {
    hash: text('hash').notNull(),
    name: text('name').notNull(),
    contentType: text('content_type', { enum: ['image/avif', 'image/webp', 'image/png'] }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: tstz('created_at').notNull().defaultNow(),
    createdBy: text('created_by'),
  },
  (t) => [primaryKey({ columns: [t.hash, t.name] })],
);

/** Texts (decision 038, migration 0028): numbered from email_outbox's sequence, so the Outbox lists both by one id. */
export const smsOutbox = pgTable('sms_outbox', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind').notNull(),
  bookingId: integer('booking_id'),
  toNumber: text('to_number').notNull(),
  body: text('body').notNull(),
  status: text('status', { enum: ['pending', 'sent', 'failed', 'cancelled'] })
    .notNull()
    .default('pending'),
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  nextAttemptAt: tstz('next_attempt_at').notNull().defaultNow(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  sentAt: tstz('sent_at'),
  providerSid: text('provider_sid'),
  deliveryStatus: text('delivery_status'),
  deliveryErrorCode: integer('delivery_error_code'),
  deliveryUpdatedAt: tstz('delivery_updated_at'),
});

/** Numbers that replied STOP: no text goes to them (decision 038). */
export const smsOptOuts = pgTable('sms_opt_outs', {
  phone: text('phone').primaryKey(),
  optedOutAt: tstz('opted_out_at').notNull().defaultNow(),
});

/** Her SMS settings (decision 038): one row; the auth token sealed. */
export const smsSettings = pgTable('sms_settings', {
  id: integer('id').primaryKey(),
  accountSid: text('account_sid'),
  authTokenEncrypted: text('auth_token_encrypted'),
  sender: text('sender'),
  reminderTime: text('reminder_time').notNull().default('09:00'),
  monthlyCap: integer('monthly_cap'),
  capNotifiedMonth: text('cap_notified_month'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** Her Stripe keys (decision 037, migration 0027): one row, id 1, each key sealed (secret-box.ts); never answered back.
 * */
export const stripeSettings = pgTable('stripe_settings', {
  id: integer('id').primaryKey().default(1),
  secretKeySealed: text('secret_key_sealed'),
  webhookSecretSealed: text('webhook_secret_sealed'),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
  updatedBy: text('updated_by'),
});

/** Each Stripe Checkout session the server made (decision 037, migration 0027), completed once. */
export const stripeCheckouts = pgTable('stripe_checkouts', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind').notNull(),
  amountCents: integer('amount_cents').notNull(),
  currency: text('currency').notNull(),
  reference: text('reference').notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  sessionId: text('session_id'),
  url: text('url'),
  expiresAt: tstz('expires_at'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  completedAt: tstz('completed_at'),
  paymentIntentId: text('payment_intent_id'),
  completedEventId: text('completed_event_id'),
});

/** Refunds asked of Stripe (decision 037, migration 0027), until Stripe confirms them. */
export const stripeRefunds = pgTable('stripe_refunds', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  refundId: text('refund_id').notNull(),
  paymentIntentId: text('payment_intent_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  reason: text('reason').notNull(),
  status: text('status', { enum: ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'] }).notNull(),
  metadata: jsonb('metadata').$type<Record<string, string>>().notNull().default({}),
  requestedBy: text('requested_by'),
  createdAt: tstz('created_at').notNull().defaultNow(),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** Her gift voucher settings (docs/product.md §18.5, migration 0029): one row, id 1. */
export const voucherSettings = pgTable('voucher_settings', {
  id: integer('id').primaryKey().default(1),
  presetAmountsCents: integer('preset_amounts_cents').array().notNull(),
  offerServices: boolean('offer_services').notNull().default(true),
  expiryMonths: integer('expiry_months').notNull().default(36),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

/** Gift vouchers (docs/product.md §18.5, migration 0029): only the code's hash is kept; the balance is summed from
 * payments. */
export const vouchers = pgTable('vouchers', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  status: text('status', { enum: ['unpaid', 'issued'] }).notNull(),
  codeHash: text('code_hash').unique(),
  codeHint: text('code_hint'),
  valueCents: integer('value_cents').notNull(),
  serviceName: text('service_name'),
  durationMinutes: integer('duration_minutes'),
  buyerName: text('buyer_name').notNull(),
  buyerEmail: text('buyer_email'),
  recipientName: text('recipient_name').notNull(),
  recipientEmail: text('recipient_email'),
  message: text('message'),
  sendOn: date('send_on', { mode: 'string' }),
  channel: text('channel', { enum: ['online', 'offline'] }).notNull(),
  saleMethod: text('sale_method', { enum: ['card', 'cash', 'bank-transfer'] }).notNull(),
  soldOn: date('sold_on', { mode: 'string' }),
  expiresOn: date('expires_on', { mode: 'string' }),
  checkoutReference: text('checkout_reference').unique(),
  issuedAt: tstz('issued_at'),
  createdAt: tstz('created_at').notNull().defaultNow(),
});

/** A voucher given for a visit (docs/product.md §18.5, migration 0029); `paymentId` once spent, when she confirmed it.
 * */
export const voucherRedemptions = pgTable('voucher_redemptions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  voucherId: bigint('voucher_id', { mode: 'number' }).notNull(),
  bookingId: integer('booking_id').notNull().unique(),
  paymentId: bigint('payment_id', { mode: 'number' }).unique(),
  createdAt: tstz('created_at').notNull().defaultNow(),
  redeemedAt: tstz('redeemed_at'),
});
