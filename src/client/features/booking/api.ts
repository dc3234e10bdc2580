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

/**
 * POST /api/bookings with its Idempotency-Key header. apiRequest takes no headers, so this
 * follows the same contract by hand (SPEC §7, §8): cookies sent, JSON body, and a non-OK answer
 * becomes Error('STATUS: body'), logged as 'API request error:'.
 */
export async function createBooking(body: BookingRequestBody, idempotencyKey: string): Promise<Booking> {
  const res = await fetch('/api/bookings', {
    method: 'POST',
    credentials: 'include',
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': idempotencyKey },
    body: JSON.stringify(body),
  });
  if (!res.ok) {
    let text = '';
    try {
      text = await res.text();
    } catch {
      // Unreadable body: the status text stands in.
    }
    const err = new Error(`${res.status}: ${text || res.statusText}`);
    console.error('API request error:', err);
    throw err;
  }
  return (await res.json()) as Booking;
}

/** POST /api/bookings/cancel/{token} (SPEC §7: sends { cancelToken }). */
export async function cancelBookingByToken(token: string): Promise<Booking> {
  const res = await apiRequest('POST', `/api/bookings/cancel/${encodeURIComponent(token)}`, { cancelToken: token });
  return (await res.json()) as Booking;
}
