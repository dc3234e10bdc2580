/**
 * The waitlist (docs/product.md §4 "Waitlist"): the visitor's 'Tell me if a time opens' form and
 * POST /api/waitlist, the offer page, and her list on the Pending Requests tab. One source for both sides.
 */
import { z } from 'zod';
import { TIME_RE } from '../clock-time';
import { LIMITS, WAITLIST_MAX_DAYS } from '../constants';
import { isValidDateString } from '../time';
import { contactFields } from './booking';

export const WAITLIST_DAYS_REQUIRED = 'Please choose at least one day';
export const WAITLIST_TOO_MANY_DAYS = `Please choose at most ${WAITLIST_MAX_DAYS} days`;
export const WAITLIST_WINDOW_ORDER = 'The latest start must not be before the earliest';

const startTime = (message: string) => z.string({ error: message }).regex(TIME_RE, message);

/**
 * POST /api/waitlist. earliest and latest are START times (the session may run past `latest`); the dates are
 * NZ dates, checked against today and the booking horizon by the server.
 */
export const waitlistJoinSchema = z
  .object({
    serviceId: z.coerce
      .number({ error: 'Please select a service' })
      .int('Please select a service')
      .positive('Please select a service'),
    duration: z.coerce
      .number({ error: 'Please choose one of the durations this service offers' })
      .int()
      .positive()
      .max(LIMITS.maxDurationMinutes),
    dates: z
      .array(z.string().refine(isValidDateString, 'Please choose a valid day'), { error: WAITLIST_DAYS_REQUIRED })
      .min(1, WAITLIST_DAYS_REQUIRED)
      .max(WAITLIST_MAX_DAYS, WAITLIST_TOO_MANY_DAYS)
      // The same day twice is the same wish: kept once, in date order.
      .transform((dates) => [...new Set(dates)].sort()),
    earliest: startTime('Please choose the earliest start time'),
    latest: startTime('Please choose the latest start time'),
    ...contactFields,
  })
  // Compared only when both are times (a malformed one has its own message).
  .refine((v) => !TIME_RE.test(v.earliest) || !TIME_RE.test(v.latest) || v.earliest <= v.latest, {
    path: ['latest'],
    message: WAITLIST_WINDOW_ORDER,
  });
export type WaitlistJoin = z.output<typeof waitlistJoinSchema>;
export type WaitlistJoinInput = z.input<typeof waitlistJoinSchema>;

export const WAITLIST_ENTRY_STATUSES = ['active', 'booked', 'left', 'removed', 'expired'] as const;
export const WAITLIST_OFFER_STATUSES = ['offered', 'accepted', 'expired', 'declined', 'superseded'] as const;

/** What POST /api/waitlist answers: the entry as the visitor may see it (its token is their leave link). */
export const waitlistJoinedSchema = z.object({
  token: z.string(),
  serviceName: z.string(),
  duration: z.number().int(),
  dates: z.array(z.string()),
  earliest: z.string(),
  latest: z.string(),
  status: z.enum(WAITLIST_ENTRY_STATUSES),
});
export type WaitlistJoined = z.infer<typeof waitlistJoinedSchema>;

/** One offer as her list shows it. */
export const waitlistOfferSummarySchema = z.object({
  date: z.string(),
  time: z.string(),
  status: z.enum(WAITLIST_OFFER_STATUSES),
  holdUntil: z.string(),
  createdAt: z.string(),
  bookingId: z.number().int().nullable(),
});

/** GET /api/admin/waitlist: the active entries, in the order they joined. */
export const adminWaitlistEntrySchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  serviceName: z.string(),
  duration: z.number().int(),
  dates: z.array(z.string()),
  earliest: z.string(),
  latest: z.string(),
  address: z.string(),
  /** The place name of the address (e.g. 'Raglan'), or null when it could not be located. */
  suburb: z.string().nullable(),
  joinedAt: z.string(),
  offers: z.array(waitlistOfferSummarySchema),
});
export type AdminWaitlistEntry = z.infer<typeof adminWaitlistEntrySchema>;

/** GET /api/waitlist/offers/{token}: what the e-mailed link shows before 'Book this time'. */
export const waitlistOfferViewSchema = z.object({
  date: z.string(),
  time: z.string(),
  duration: z.number().int(),
  serviceName: z.string(),
  firstName: z.string(),
  address: z.string(),
  status: z.enum(WAITLIST_OFFER_STATUSES),
  /** Whether 'Book this time' can still work: offered, the hold ahead, the entry still on the list. */
  open: z.boolean(),
  holdUntil: z.string(),
  /** The booking it became, once accepted (its private link token). */
  bookingToken: z.string().nullable(),
});
export type WaitlistOfferView = z.infer<typeof waitlistOfferViewSchema>;

/** GET /api/waitlist/{token}: the leave page's view of the entry. */
export const waitlistEntryViewSchema = waitlistJoinedSchema;
