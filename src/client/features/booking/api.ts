/** The booking calls of SPEC §7 (and the .ics link), for the wizard, confirmation and cancel pages. */
import type { Booking, TravelQuote } from '@shared/schemas/booking';
import { apiRequest } from '@/lib/api';
import type { BookingRequestBody } from './booking-request';

/** The query key (and URL) of a booking looked up by its cancel token. */
export function bookingByTokenKey(token: string): [string] {
  return [`/api/bookings/token/${encodeURIComponent(token)}`];
}

/** 'Add to calendar': the booking as an .ics download. */
export function bookingCalendarUrl(token: string): string {
  return `/api/bookings/token/${encodeURIComponent(token)}/calendar.ics`;
}

export async function fetchTravelQuote(address: string, signal?: AbortSignal): Promise<TravelQuote> {
  const res = await apiRequest('POST', '/api/calculate-travel', { address });
  if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
  return (await res.json()) as TravelQuote;
}

/** POST /api/bookings; a retry sends the same Idempotency-Key, so it can never book twice. */
export async function createBooking(body: BookingRequestBody, idempotencyKey: string): Promise<Booking> {
  const res = await apiRequest('POST', '/api/bookings', body, { 'Idempotency-Key': idempotencyKey });
  return (await res.json()) as Booking;
}

/** POST /api/bookings/cancel/{token} (SPEC §7: sends { cancelToken }). */
export async function cancelBookingByToken(token: string): Promise<Booking> {
  const res = await apiRequest('POST', `/api/bookings/cancel/${encodeURIComponent(token)}`, { cancelToken: token });
  return (await res.json()) as Booking;
}
