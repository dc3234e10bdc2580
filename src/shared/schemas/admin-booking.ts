/**
 * POST /api/admin/bookings ('Bookings she takes herself'; docs/product.md §4): a booking she enters for a
 * client who phoned, with the booking form's own fields and messages, plus her choices.
 */
import { z } from 'zod';
import { LIMITS, MIN_DURATION_MINUTES } from '../constants';
import { bookingFormSchema, contactFields } from './booking';

const form = bookingFormSchema.in.shape;

export const ADMIN_BOOKING_STATUSES = ['confirmed', 'pending'] as const;
export type AdminBookingStatus = (typeof ADMIN_BOOKING_STATUSES)[number];

export const adminBookingRequestSchema = z.object({
  /** One of her clients: the booking is theirs (her own choice; a visitor's request never links, decision 034). */
  clientId: z.coerce
    .number({ error: 'Choose a client from the list' })
    .int('Choose a client from the list')
    .positive('Choose a client from the list')
    .max(2_147_483_647, 'Choose a client from the list')
    .nullish()
    .transform((v) => v ?? undefined),
  /**
   * The waitlist entry she books from ('Book' on the Waitlist): it ends, booked, with the booking (a 409 when it has
   * ended already, a 404 when there is none).
   */
  waitlistEntryId: z.coerce
    .number({ error: 'Choose an entry from the waitlist' })
    .int('Choose an entry from the waitlist')
    .positive('Choose an entry from the waitlist')
    .max(2_147_483_647, 'Choose an entry from the waitlist')
    .nullish()
    .transform((v) => v ?? undefined),
  ...contactFields,
  serviceLengthId: form.serviceLengthId,
  duration: z.coerce
    .number({ error: 'Please choose a duration' })
    .int('Please choose a duration')
    .min(MIN_DURATION_MINUTES, 'Please choose a duration')
    .max(LIMITS.maxDurationMinutes, 'Please choose a duration'),
  date: form.date,
  time: form.time,
  status: z.enum(ADMIN_BOOKING_STATUSES, { error: 'Status must be confirmed or pending' }),
  /** The usual e-mail to the client (the confirmation, or 'We received your booking request'). */
  notifyClient: z.boolean({ error: 'notifyClient must be true or false' }).default(true),
  /** She confirmed 'Book anyway' over a refusal of the visitor's rules (never over another booking). */
  override: z.boolean({ error: 'override must be true or false' }).default(false),
});
export type AdminBookingRequest = z.output<typeof adminBookingRequestSchema>;
export type AdminBookingInput = z.input<typeof adminBookingRequestSchema>;
