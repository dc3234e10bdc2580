import { z } from 'zod';
import { multiLine, singleLine } from './text';
import { clientMatchSchema, MATCH_DECISIONS } from '../client-match';
import { calendarClashSchema } from './other-calendar';
import { balanceSchema } from './payment';
import { bookingDepositSchema } from './deposit';
import { ADMIN_DEPOSIT_STATUSES } from '../deposits';
import {
  ADDRESS_MIN_LENGTH,
  BOOKING_STATUSES,
  HEALTH_FORM_STATUSES,
  LIMITS,
  PHONE_MIN_LENGTH,
  TRAVEL_SOURCES,
  VISIT_OUTCOMES,
} from '../constants';
import { isValidDateString } from '../time';
import { TIME_RE } from '../clock-time';
import { nzMobileE164 } from '../nz-mobile';
import { SMS_MESSAGES } from '../sms';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine(...multiLine)
    .nullish()
    .transform((v) => (v ? v : null));

const INVALID_ADDRESS = 'Please enter a valid address';

/** A client's address, as the booking form and POST /api/calculate-travel take it. */
export const addressSchema = z
  .string({ error: INVALID_ADDRESS })
  .trim()
  .min(ADDRESS_MIN_LENGTH, INVALID_ADDRESS)
  .max(LIMITS.addressMax, INVALID_ADDRESS)
  .refine(...singleLine);

/** A visit's NZ date and start time, as the wizard's date-and-time step picks them. */
const bookingDateSchema = z.string({ error: 'Please select a date' }).refine(isValidDateString, 'Please select a date');
const bookingTimeSchema = z.string({ error: 'Please select a time' }).regex(TIME_RE, 'Please select a time');

/**
 * The visitor's contact details and address with the booking form's messages (docs/product.md §5): the
 * booking form's and the waitlist's (docs/product.md §4 "Waitlist") one statement of them.
 */
export const contactFields = {
  address: addressSchema,
  firstName: z
    .string({ error: 'First name is required' })
    .trim()
    .min(1, 'First name is required')
    .max(LIMITS.nameMax)
    .refine(...singleLine),
  lastName: z
    .string({ error: 'Last name is required' })
    .trim()
    .min(1, 'Last name is required')
    .max(LIMITS.nameMax)
    .refine(...singleLine),
  email: z
    .string({ error: 'Please enter a valid email' })
    .trim()
    .refine(...singleLine)
    .pipe(z.email('Please enter a valid email').max(LIMITS.emailMax)),
  phone: z
    .string({ error: 'Please enter a valid phone number' })
    .trim()
    .min(PHONE_MIN_LENGTH, 'Please enter a valid phone number')
    .max(LIMITS.phoneMax, 'Please enter a valid phone number')
    .refine(...singleLine),
};

/**
 * docs/product.md §5 Booking form, used by the wizard and by POST /api/bookings. The money and
 * travel fields a client sends are only echoed estimates: the server recomputes them.
 */
export const bookingFormSchema = z
  .object({
    serviceLengthId: z.coerce
      .number({ error: 'Please select a service' })
      .int('Please select a service')
      .positive('Please select a service'),
    date: bookingDateSchema,
    time: bookingTimeSchema,
    ...contactFields,
    hasInjuries: z.boolean().default(false),
    injuryDetails: optionalText(LIMITS.textMax),
    notes: optionalText(LIMITS.textMax),
    travelCost: z.number().default(0),
    /** 'Text me a reminder and updates' (decision 038): unticked unless the client ticks it; then a NZ mobile is
     * needed. */
    smsOptIn: z.boolean({ error: 'smsOptIn must be true or false' }).default(false),
  })
  .refine((b) => !b.smsOptIn || nzMobileE164(b.phone) !== null, { message: SMS_MESSAGES.notNzMobile, path: ['phone'] })
  // Details only count when the box is ticked.
  .transform((b) => ({ ...b, injuryDetails: b.hasInjuries ? b.injuryDetails : null }));

/** What POST /api/bookings accepts: the form plus the client's estimates (ignored). */
export const bookingRequestSchema = z.intersection(
  bookingFormSchema,
  z.object({
    duration: z.coerce.number().int().positive().max(LIMITS.maxDurationMinutes).optional(),
    price: z.number().optional(),
    isOutsideServiceArea: z.boolean().optional(),
    distanceKm: z.number().nullish(),
    travelTimeMinutes: z.number().nullish(),
  }),
);
export type BookingRequest = z.output<typeof bookingRequestSchema>;

/**
 * POST /api/bookings/token/{token}/reschedule (docs/product.md §4 "Changing a visit"): the new date and time of the
 * same visit (same service, duration and address), with the wizard's messages.
 */
export const rescheduleRequestSchema = z.object({ date: bookingDateSchema, time: bookingTimeSchema });
export type RescheduleRequest = z.output<typeof rescheduleRequestSchema>;

/** PATCH /api/bookings/{id}/status (calendar): cancel or confirm. */
export const calendarStatusSchema = z
  .object({
    status: z.enum(['cancelled', 'confirmed'], { error: 'Status must be cancelled or confirmed' }),
    /** She has seen that the visit clashes with a busy time in her other calendars and confirms anyway. */
    confirmClash: z.boolean().optional(),
    /** She has read the client's health red flags (docs/product.md §13) and confirms anyway. */
    confirmHealth: z.boolean().optional(),
    /** As on the pending list's approval (reviewDecisionSchema): her decision on a possible match. */
    clientMatch: z.enum(MATCH_DECISIONS).optional(),
    /**
     * 'Late cancellation' (docs/product.md §4 "Client cancellation"): she cancels a confirmed visit for the client
     * inside CHANGE_CUTOFF_HOURS of its start, and it counts on the client with the no-shows. Only with a cancellation.
     */
    lateCancellation: z.boolean().optional(),
  })
  .refine((body) => !body.lateCancellation || body.status === 'cancelled', {
    message: 'Only a cancellation can be marked late',
    path: ['lateCancellation'],
  });

/** PATCH /api/admin/bookings/{id}/status (pending list): approve or reject, with a note. */
export const reviewDecisionSchema = z.object({
  status: z.enum(['confirmed', 'rejected'], { error: 'Status must be confirmed or rejected' }),
  /** She has seen that the request clashes with a busy time in her other calendars and approves anyway. */
  confirmClash: z.boolean().optional(),
  /** She has read the client's health red flags (docs/product.md §13) and approves anyway. */
  confirmHealth: z.boolean().optional(),
  /**
   * A request with a possible match (docs/decisions/034): 'link' (the same person: the request's client is merged
   * into the existing one) or 'separate' (another person). Left out, the match stays open on the client's page.
   */
  clientMatch: z.enum(MATCH_DECISIONS).optional(),
  // docs/product.md §5 Admin note: trimmed; an empty note is sent as absent.
  adminNote: z
    .string()
    .trim()
    .max(LIMITS.textMax)
    .refine(...multiLine)
    .nullish()
    .transform((v) => (v ? v : undefined)),
});

export const bookingRangeQuerySchema = z.object({
  startDate: z.string({ error: 'startDate is required' }).refine(isValidDateString, 'startDate must be yyyy-MM-dd'),
  endDate: z.string({ error: 'endDate is required' }).refine(isValidDateString, 'endDate must be yyyy-MM-dd'),
});

/** POST /api/email/send */
export const emailSendSchema = z.object({
  to: z.string({ error: 'Please enter a valid email' }).trim().pipe(z.email('Please enter a valid email')),
  subject: z
    .string({ error: 'Subject is required' })
    .trim()
    .min(1, 'Subject is required')
    .max(200)
    .refine(...singleLine),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(LIMITS.textMax * 5)
    .refine(...multiLine),
});
export type EmailSendInput = z.output<typeof emailSendSchema>;

export const bookingStatusSchema = z.enum(BOOKING_STATUSES);

/** A booking as the API answers it. */
export const bookingSchema = z
  .object({
    id: z.number().int(),
    serviceLengthId: z.number().int().nullable(),
    serviceName: z.string(),
    date: z.string(),
    time: z.string(),
    duration: z.number().int(),
    price: z.number(),
    travelCost: z.number(),
    distanceKm: z.number().nullable(),
    travelTimeMinutes: z.number().nullable(),
    isOutsideServiceArea: z.boolean(),
    /** The address could not be located: travel must be checked by hand. */
    travelUnresolved: z.boolean(),
    address: z.string(),
    hasInjuries: z.boolean(),
    injuryDetails: z.string().nullable(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    phone: z.string(),
    notes: z.string().nullable(),
    cancelToken: z.string(),
    status: bookingStatusSchema,
    adminNote: z.string().nullable(),
    createdAt: z.string(),
    /** When an unanswered pending request stops holding its slot (null once answered). */
    expiresAt: z.string().nullable(),
    /**
     * GET /api/bookings/token/{token} only: where the client stands with the health form (docs/product.md §13,
     * docs/product.md §13), null for a cancelled or declined booking.
     */
    healthForm: z.enum(HEALTH_FORM_STATUSES).nullable().optional(),
    /**
     * POST /api/bookings and GET /api/bookings/token/{token} only (docs/product.md §18.2): the deposit asked and how to
     * pay it, null when none was asked.
     */
    deposit: bookingDepositSchema.nullable().optional(),
  })
  .meta({ id: 'Booking' });
export type Booking = z.infer<typeof bookingSchema>;

/**
 * A booking as her screens get it (docs/product.md §12): with its client and that client's alerts ('Dog at the
 * gate'), plain text to show as text. Never in a public answer. `@__PURE__` (decision 040, here and on the two below):
 * a bundle that does not use it drops it, and with it the other calendars', payments' and deposits' schemas it needs
 * (the booking page imports this file for its form).
 */
export const adminBookingSchema = /* @__PURE__ */ bookingSchema
  .extend({
    /** Null only for a booking not linked yet (the server links them at start-up). */
    clientId: z.number().int().nullable(),
    clientAlerts: z.array(z.string()),
    /**
     * The existing client whose e-mail or phone the request used, until she decides whether it is the same person
     * (docs/decisions/034): 'same e-mail, different name and phone'. Null when the request matched nobody.
     */
    clientMatch: clientMatchSchema.nullable(),
    /** Her mark after the visit's start (docs/product.md §14, POST …/outcome); null until she marks it. */
    outcome: z.enum(VISIT_OUTCOMES).nullable(),
    /** She cancelled it for the client inside the change cut-off and marked it late (docs/product.md §4 "Client
     * cancellation"). */
    lateCancellation: z.boolean(),
    /** Whether she wrote treatment notes for the visit. */
    hasNote: z.boolean(),
    /** The client's health red flags ('blood thinners', '30 weeks pregnant'): a summary, not a read of the form. */
    healthFlags: z.array(z.string()),
    healthForm: z.enum(HEALTH_FORM_STATUSES),
    /** What the visit costs, was paid and is owed, from its payments (docs/product.md §18.1). */
    balance: balanceSchema,
    /** The deposit asked when it was made (docs/product.md §18.2), 0 for none; its bank reference; where it stands. */
    depositCents: z.number().int(),
    depositReference: z.string().nullable(),
    depositStatus: z.enum(ADMIN_DEPOSIT_STATUSES).nullable(),
    /**
     * What of the deposit is still to pay, in cents (shared depositDueCents: deposit payments only, voided ones
     * not counted); 0 once received, kept or refunded, or without a deposit. 'Mark deposit received' records it.
     */
    depositDueCents: z.number().int().nonnegative(),
    /** Whose distance (docs/product.md §19): her screens mark 'estimate' (the offline straight line); null when not
     * known. */
    travelSource: z.enum(TRAVEL_SOURCES).nullable(),
    /** Only on a booking she entered herself (docs/product.md §19, POST /api/admin/bookings): her username. */
    bookedBy: z.string().optional(),
    /** Only when she took it over a refusal ('Book anyway'): the refusal, in words. */
    overrideReason: z.string().optional(),
  })
  .meta({ id: 'AdminBooking' });
export type AdminBooking = z.infer<typeof adminBookingSchema>;

/** A request on the Pending Requests tab: with the busy times of her other calendars it now overlaps. */
export const pendingBookingSchema = /* @__PURE__ */ adminBookingSchema
  .extend({ clashes: z.array(calendarClashSchema) })
  .meta({ id: 'PendingBooking' });
export type PendingBooking = z.infer<typeof pendingBookingSchema>;

/** GET /api/admin/bookings/summary: the Appointments tab's side column (docs/product.md §2). */
export const adminBookingSummarySchema = /* @__PURE__ */ z
  .object({
    /** Confirmed bookings dated today (Pacific/Auckland). */
    today: z.number().int(),
    /** Confirmed bookings dated today or later. */
    upcoming: z.number().int(),
    /** The next UPCOMING_LIST_SIZE confirmed bookings that have not started, by date and time. */
    next: z.array(adminBookingSchema),
  })
  .meta({ id: 'AdminBookingSummary' });
export type AdminBookingSummary = z.infer<typeof adminBookingSummarySchema>;

/** POST /api/admin/bookings/{id}/reminder. */
export const reminderQueuedResponseSchema = z.object({
  message: z.string(),
  /** The outbox row of the queued e-mail. */
  id: z.number().int(),
});
export type ReminderQueuedResponse = z.infer<typeof reminderQueuedResponseSchema>;

/**
 * Why the drive refuses a free time (docs/product.md §10, docs/product.md §19: every refusal names its real cause): the
 * drive from base after opening, the drive home by closing plus the grace, or the appointment before or after it that
 * day.
 */
export const ROUTE_MISFITS = ['from-base', 'to-base', 'gap-before', 'gap-after'] as const;
export const routeMisfitSchema = z.enum(ROUTE_MISFITS);
export type RouteMisfit = z.infer<typeof routeMisfitSchema>;

const availabilityFields = {
  available: z.boolean(),
  timeSlots: z.array(z.string()),
  /**
   * Only when the request named an address (docs/product.md §10): the offered times
   * that sit next to another visit in the same area that day, so her route gets shorter.
   * A subset of timeSlots; nothing else about the other visits is revealed.
   */
  nearbyTimes: z.array(z.string()).optional(),
  /**
   * Only in a one-date answer for an address (decision 035): each time that is free but that the drive does not fit,
   * with why, so the wizard names the real cause. Nothing about the other visits but that one comes before or after.
   */
  routeMisfits: z.record(z.string(), routeMisfitSchema).optional(),
};

/** GET /api/availability/{date}: the free start times of one day. */
export const availabilityResponseSchema = z.object(availabilityFields).meta({ id: 'Availability' });
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

/** One day of GET /api/availability?from=&to=&duration=. */
export const dayAvailabilitySchema = z
  .object({ date: z.string(), ...availabilityFields })
  .meta({ id: 'DayAvailability' });
export type DayAvailability = z.infer<typeof dayAvailabilitySchema>;

/** GET /api/availability?from=&to=&duration=: every day of the range, in order. */
export const availabilityRangeResponseSchema = z.object({
  from: z.string(),
  to: z.string(),
  duration: z.number().int(),
  days: z.array(dayAvailabilitySchema),
});
export type AvailabilityRangeResponse = z.infer<typeof availabilityRangeResponseSchema>;

/**
 * Where an address falls (docs/product.md §9): free in the local towns, the standard fee up
 * to 30 km, the extended fee from 30 to 50 km, refused beyond; 'unresolved' when it could
 * not be located (bookable, checked by hand).
 */
export const travelZoneSchema = z.enum(['local', 'standard', 'extended', 'refused', 'unresolved']);
export type TravelZone = z.infer<typeof travelZoneSchema>;

/** POST /api/calculate-travel (docs/product.md §3). The booleans follow from `zone` (src/shared/travel-zone.ts). */
export const travelQuoteSchema = z
  .object({
    zone: travelZoneSchema,
    distanceKm: z.number().nullable(),
    travelTimeMinutes: z.number().nullable(),
    travelCost: z.number(),
    isWithinServiceArea: z.boolean(),
    /** 30-50 km: the extended range (docs/product.md §9). */
    isOutsideServiceArea: z.boolean(),
    /** Beyond 50 km: no booking. */
    refused: z.boolean(),
    /** The address could not be located. */
    unresolved: z.boolean(),
    message: z.string(),
  })
  .meta({ id: 'TravelQuote' });
export type TravelQuote = z.infer<typeof travelQuoteSchema>;
