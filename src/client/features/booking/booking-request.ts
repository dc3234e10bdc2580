/** The POST /api/bookings body and the money the wizard shows, pure. */
import type { z } from 'zod';
import { ADDRESS_MIN_LENGTH } from '@shared/constants';
import type { bookingFormSchema, TravelQuote } from '@shared/schemas/booking';
import type { DurationOption } from '@shared/schemas/service';

export type BookingFormInput = z.input<typeof bookingFormSchema>;
export type BookingFormValues = z.output<typeof bookingFormSchema>;

export interface BookingRequestBody extends BookingFormValues {
  duration: number;
  price: number;
  isOutsideServiceArea: boolean;
  travelCost: number;
  distanceKm: number | null;
  travelTimeMinutes: number | null;
}

/** docs/product.md §4, §9: the travel calculation runs once the address is longer than 5 characters. */
export function shouldQuote(address: string): boolean {
  return address.trim().length > ADDRESS_MIN_LENGTH;
}

/** The travel fee a quote adds: nothing while unknown, unlocated or refused. */
export function travelFeeOf(quote: TravelQuote | null | undefined): number {
  if (!quote || quote.refused || quote.unresolved) return 0;
  return Math.max(0, quote.travelCost);
}

/**
 * docs/product.md §7: the form plus duration, price, isOutsideServiceArea, travelCost, distanceKm, travelTimeMinutes.
 */
export function buildBookingRequest(
  values: BookingFormValues,
  option: DurationOption,
  quote: TravelQuote | null | undefined,
): BookingRequestBody {
  return {
    ...values,
    duration: option.duration,
    price: option.price,
    isOutsideServiceArea: quote?.isOutsideServiceArea ?? false,
    travelCost: travelFeeOf(quote),
    distanceKm: quote?.distanceKm ?? null,
    travelTimeMinutes: quote?.travelTimeMinutes ?? null,
  };
}

export function bookingTotal(price: number, travelCost: number): number {
  return price + Math.max(0, travelCost);
}

export interface SubmissionAttempt {
  /** The JSON body sent. */
  body: string;
  key: string;
}

/**
 * The Idempotency-Key of a submission: the same key when the very same body is sent again
 * (a retry after a lost answer must not book twice), a new one as soon as anything changed
 * (the server refuses a reused key with another body).
 */
export function attemptFor(previous: SubmissionAttempt | null, body: string, newKey: () => string): SubmissionAttempt {
  if (previous && previous.body === body) return previous;
  return { body, key: newKey() };
}

/** crypto.randomUUID where the browser offers it (secure contexts), else the same shape from getRandomValues. */
export function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (typeof c?.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
