/** GET /api/bookings/token/{token}: a booking, looked up by the private token of its links. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Booking } from '@shared/schemas/booking';
import { getJson } from '@/lib/get-json';

export function getBookingByToken(token: string, signal?: AbortSignal): Promise<Booking> {
  return getJson(`/api/bookings/token/${encodeURIComponent(token)}`, signal);
}

export function bookingByTokenQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['/api/bookings/token', token],
    queryFn: ({ signal }) => getBookingByToken(token, signal),
    // The therapist may answer a request meanwhile: a returning visitor sees its new status.
    staleTime: 30_000,
  });
}

/** An empty token (a malformed link) is not asked for: the query stays pending. */
export function useBookingByToken(token: string) {
  return useQuery({ ...bookingByTokenQueryOptions(token), enabled: token !== '' });
}
