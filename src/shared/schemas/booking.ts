import { z } from 'zod';
import { ADDRESS_MIN_LENGTH, BOOKING_STATUSES, LIMITS, PHONE_MIN_LENGTH, type BookingStatus } from '../constants';
import { isValidDateString } from '../time';
import { TIME_RE } from '../clock-time';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

const INVALID_ADDRESS = 'Please enter a valid address';

/** A client's address, as the booking form and POST /api/calculate-travel take it. */
export const addressSchema = z
  .string({ error: INVALID_ADDRESS })
  .trim()
  .min(ADDRESS_MIN_LENGTH, INVALID_ADDRESS)
  .max(LIMITS.addressMax, INVALID_ADDRESS);

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
    date: z.string({ error: 'Please select a date' }).refine(isValidDateString, 'Please select a date'),
    time: z.string({ error: 'Please select a time' }).regex(TIME_RE, 'Please select a time'),
    address: addressSchema,
    firstName: z
      .string({ error: 'First name is required' })
      .trim()
      .min(1, 'First name is required')
      .max(LIMITS.nameMax),
    lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(LIMITS.nameMax),
    email: z
      .string({ error: 'Please enter a valid email' })
      .trim()
      .pipe(z.email('Please enter a valid email').max(LIMITS.emailMax)),
    phone: z
      .string({ error: 'Please enter a valid phone number' })
      .trim()
      .min(PHONE_MIN_LENGTH, 'Please enter a valid phone number')
      .max(LIMITS.phoneMax, 'Please enter a valid phone number'),
    hasInjuries: z.boolean().default(false),
    injuryDetails: optionalText(LIMITS.textMax),
    notes: optionalText(LIMITS.textMax),
    travelCost: z.number().default(0),
  })
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

/** PATCH /api/bookings/{id}/status (calendar): cancel or confirm. */
export const calendarStatusSchema = z.object({
  status: z.enum(['cancelled', 'confirmed'], { error: 'Status must be cancelled or confirmed' }),
});

/** PATCH /api/admin/bookings/{id}/status (pending list): approve or reject, with a note. */
export const reviewDecisionSchema = z.object({
  status: z.enum(['confirmed', 'rejected'], { error: 'Status must be confirmed or rejected' }),
  // docs/product.md §5 Admin note: trimmed; an empty note is sent as absent.
  adminNote: z
    .string()
    .trim()
    .max(LIMITS.textMax)
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
  subject: z.string({ error: 'Subject is required' }).trim().min(1, 'Subject is required').max(200),
  message: z
    .string({ error: 'Message is required' })
    .trim()
    .min(1, 'Message is required')
    .max(LIMITS.textMax * 5),
});
export type EmailSendInput = z.output<typeof emailSendSchema>;

export const bookingStatusSchema = z.enum(BOOKING_STATUSES);

/** A booking as the API answers it. */
export interface Booking {
  id: number;
  serviceLengthId: number | null;
  serviceName: string;
  date: string;
  time: string;
  duration: number;
  price: number;
  travelCost: number;
  distanceKm: number | null;
  travelTimeMinutes: number | null;
  isOutsideServiceArea: boolean;
  /** The address could not be located: travel must be checked by hand. */
  travelUnresolved: boolean;
  address: string;
  hasInjuries: boolean;
  injuryDetails: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  notes: string | null;
  cancelToken: string;
  status: BookingStatus;
  adminNote: string | null;
  createdAt: string;
  /** When an unanswered pending request stops holding its slot (null once answered). */
  expiresAt: string | null;
}

/** GET /api/admin/bookings/summary: the Appointments tab's side column (docs/product.md §2). */
export interface AdminBookingSummary {
  /** Confirmed bookings dated today (Pacific/Auckland). */
  today: number;
  /** Confirmed bookings dated today or later. */
  upcoming: number;
  /** The next UPCOMING_LIST_SIZE confirmed bookings that have not started, by date and time. */
  next: Booking[];
}

/** POST /api/admin/bookings/{id}/reminder. */
export interface ReminderQueuedResponse {
  message: string;
  /** The outbox row of the queued e-mail. */
  id: number;
}

export interface AvailabilityResponse {
  available: boolean;
  timeSlots: string[];
  /**
   * Only when the request named an address (issue 13, docs/product.md §10): the offered times
   * that sit next to another visit in the same area that day, so her route gets shorter.
   * A subset of timeSlots; nothing else about the other visits is revealed.
   */
  nearbyTimes?: string[];
}

/** One day of GET /api/availability?from=&to=&duration=. */
export interface DayAvailability extends AvailabilityResponse {
  date: string;
}

/** GET /api/availability?from=&to=&duration=: every day of the range, in order. */
export interface AvailabilityRangeResponse {
  from: string;
  to: string;
  duration: number;
  days: DayAvailability[];
}

/**
 * Where an address falls (docs/product.md §9): free in the local towns, the standard fee up
 * to 30 km, the extended fee from 30 to 50 km, refused beyond; 'unresolved' when it could
 * not be located (bookable, checked by hand).
 */
export type TravelZone = 'local' | 'standard' | 'extended' | 'refused' | 'unresolved';

/** POST /api/calculate-travel (docs/product.md §3). The booleans follow from `zone` (src/shared/travel-zone.ts). */
export interface TravelQuote {
  zone: TravelZone;
  distanceKm: number | null;
  travelTimeMinutes: number | null;
  travelCost: number;
  isWithinServiceArea: boolean;
  /** 30-50 km: the extended range (docs/product.md §9). */
  isOutsideServiceArea: boolean;
  /** Beyond 50 km: no booking. */
  refused: boolean;
  /** The address could not be located. */
  unresolved: boolean;
  message: string;
}
