/**
 * Clients (docs/product.md §12): one record per person, found by e-mail (any case) or phone (E.164, NZ by
 * default). The shapes of /api/admin/clients*, and the form rules her screens and the server share.
 * docs/product.md §12 says what each total counts.
 */
import { z } from 'zod';
import { multiLine } from './text';
import { clientMatchSchema } from '../client-match';
import { BOOKING_STATUSES, LIMITS, VISIT_OUTCOMES } from '../constants';
import { bookingFormSchema } from './booking';
import { balanceSchema } from './payment';

/** A note about the person that shows wherever their bookings show ('Dog at the gate'). */
export const CLIENT_ALERT_MAX = 200;
export const CLIENT_ALERTS_MAX = 20;

export const clientAlertSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  createdAt: z.string(),
});
export type ClientAlert = z.infer<typeof clientAlertSchema>;

export const clientAlertInputSchema = z.object({
  text: z
    .string({ error: 'Alert text is required' })
    .trim()
    .min(1, 'Alert text is required')
    .max(CLIENT_ALERT_MAX, `Alert must be at most ${CLIENT_ALERT_MAX} characters`)
    .refine(...multiLine),
});

/** GET /api/admin/clients?q= : one row per client. */
export const clientSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Visits held (docs/product.md §12). */
  visits: z.number().int(),
  /** The start of the last visit held, ISO instant; null before the first. */
  lastVisitAt: z.string().nullable(),
  /** The suburb or town of the latest address used, for telling two namesakes apart. */
  suburb: z.string().nullable(),
  alerts: z.array(clientAlertSchema),
  /** The existing client a public booking's details led to, until she decides (docs/decisions/034); else null. */
  possibleMatch: clientMatchSchema.nullable(),
});
export type ClientSummary = z.infer<typeof clientSummarySchema>;

export const clientSearchQuerySchema = z.object({
  q: z.string().trim().max(LIMITS.nameMax, `Search must be at most ${LIMITS.nameMax} characters`).optional(),
});

/** One of the client's bookings, as the client page lists them (newest first). */
export const clientVisitSchema = z.object({
  bookingId: z.number().int(),
  date: z.string(),
  time: z.string(),
  status: z.enum(BOOKING_STATUSES),
  serviceName: z.string(),
  duration: z.number().int(),
  /** Cents. */
  price: z.number().int(),
  /** Cents. */
  travelCost: z.number().int(),
  address: z.string(),
  /** Her mark after the visit's start (docs/product.md §12); null until she marks it. */
  outcome: z.enum(VISIT_OUTCOMES).nullable(),
  /** Cancelled by her for the client inside the change cut-off, marked late (docs/product.md §4 "Client cancellation").
   * */
  lateCancellation: z.boolean(),
  /** Whether she wrote treatment notes for it (GET /api/admin/bookings/{id}/notes reads them). */
  hasNote: z.boolean(),
  /** What it costs, was paid and is owed, from its payments (docs/product.md §18.1). */
  balance: balanceSchema,
});
export type ClientVisit = z.infer<typeof clientVisitSchema>;

export const clientAddressSchema = z.object({
  address: z.string(),
  /** How many bookings used it, and the date of the latest. */
  bookings: z.number().int(),
  lastUsedOn: z.string(),
});

export const clientTotalsSchema = z.object({
  visits: z.number().int(),
  upcoming: z.number().int(),
  /** Cents: price and travel fee of the visits held. */
  spend: z.number().int(),
  /** Cancelled bookings, the late ones left out (they count in lateCancellations). */
  cancellations: z.number().int(),
  noShows: z.number().int(),
  /** Confirmed visits she cancelled for the client inside the change cut-off, marked late (docs/product.md §4 "Client
   * cancellation"). */
  lateCancellations: z.number().int(),
});
export type ClientTotals = z.infer<typeof clientTotalsSchema>;

/** GET /api/admin/clients/{id} */
export const clientDetailSchema = z.object({
  id: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** Other e-mails and phones that lead to this client (kept from a merge or an old booking). */
  otherContacts: z.array(z.object({ kind: z.enum(['email', 'phone']), value: z.string() })),
  /**
   * The existing client a public booking's details led to, until she decides whether this is the same person
   * (docs/decisions/034); null when there is none.
   */
  possibleMatch: clientMatchSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  addresses: z.array(clientAddressSchema),
  visits: z.array(clientVisitSchema),
  totals: clientTotalsSchema,
  /** Cents still owed for the visits held (confirmed, started, not a no-show) (docs/product.md §18.1). */
  owedCents: z.number().int(),
  alerts: z.array(clientAlertSchema),
});
export type ClientDetail = z.infer<typeof clientDetailSchema>;

/** PATCH /api/admin/clients/{id}: the contact details, with the booking form's own rules and messages. */
export const clientPatchSchema = z
  .object({
    firstName: bookingFormSchema.in.shape.firstName,
    lastName: bookingFormSchema.in.shape.lastName,
    email: bookingFormSchema.in.shape.email,
    phone: bookingFormSchema.in.shape.phone,
  })
  .partial()
  .refine((patch) => Object.keys(patch).length > 0, 'Nothing to change');
export type ClientPatch = z.infer<typeof clientPatchSchema>;

/** Whose value a merged client keeps, field by field ('this' is the client the merge is posted to). */
const side = z.enum(['this', 'other']).default('this');

/** POST /api/admin/clients/{id}/merge */
export const clientMergeSchema = z.object({
  otherId: z.coerce.number({ error: 'Choose the client to merge' }).int().positive('Choose the client to merge'),
  keep: z.object({ name: side, email: side, phone: side }).default({ name: 'this', email: 'this', phone: 'this' }),
});
export type ClientMerge = z.infer<typeof clientMergeSchema>;

/** POST /api/admin/clients/{id}/erase: what was removed, and what stays (anonymised) for the tax rules. */
export const clientErasureSchema = z
  .object({
    removed: z.object({
      healthForms: z.number().int(),
      notes: z.number().int(),
      noteAmendments: z.number().int(),
      alerts: z.number().int(),
      /** The e-mails and phones that led to the client. */
      contacts: z.number().int(),
      /** Distinct addresses taken off the bookings. */
      addresses: z.number().int(),
      /** E-mails about the client, queued or sent. */
      emails: z.number().int(),
      /** Stored answers of their booking requests (kept a day for safe retries). */
      idempotencyRecords: z.number().int(),
    }),
    /** Bookings whose personal details were removed (this time). */
    bookingsAnonymised: z.number().int(),
    kept: z.object({
      /** The client's bookings, now holding only date, time, service, duration, price, travel fee and status. */
      bookings: z.number().int(),
      /** Who read or changed the record, and this erasure: no personal details. */
      accessLog: z.number().int(),
    }),
  })
  .meta({ id: 'ClientErasure' });
export type ClientErasure = z.infer<typeof clientErasureSchema>;
