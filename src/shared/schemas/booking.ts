import { z } from 'zod';
import { ADDRESS_MIN_LENGTH, BOOKING_STATUSES, LIMITS, PHONE_MIN_LENGTH, type BookingStatus } from '../constants';
import { isValidDateString, TIME_RE } from '../time';

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * SPEC §5 Booking form, used by the wizard and by POST /api/bookings. The money and
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
    address: z
      .string({ error: 'Please enter a valid address' })
      .trim()
      .min(ADDRESS_MIN_LENGTH, 'Please enter a valid address')
      .max(LIMITS.addressMax, 'Please enter a valid address'),
    firstName: z.string({ error: 'First name is required' }).trim().min(1, 'First name is required').max(LIMITS.nameMax),
    lastName: z.string({ error: 'Last name is required' }).trim().min(1, 'Last name is required').max(LIMITS.nameMax),
    email: z.string({ error: 'Please enter a valid email' }).trim().pipe(z.email('Please enter a valid email').max(LIMITS.emailMax)),
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
  // SPEC §5 Admin note: trimmed; an empty note is sent as absent.
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
  message: z.string({ error: 'Message is required' }).trim().min(1, 'Message is required').max(LIMITS.textMax * 5),
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

export interface AvailabilityResponse {
  available: boolean;
  timeSlots: string[];
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

export interface TravelQuote {
  distanceKm: number | null;
  travelTimeMinutes: number | null;
  travelCost: number;
  isWithinServiceArea: boolean;
  /** 30-50 km: the extended range (SPEC §9). */
  isOutsideServiceArea: boolean;
  /** Beyond 50 km: no booking. */
  refused: boolean;
  /** The address could not be located. */
  unresolved: boolean;
  message: string;
}
