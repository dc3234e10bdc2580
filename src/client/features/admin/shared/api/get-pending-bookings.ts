/**
 * GET /api/admin/bookings/pending: the requests waiting for an answer, polled every 30 s; each with
 * the busy times of her other calendars it now overlaps (docs/product.md §11).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { PENDING_POLL_MS } from '@shared/constants';
import type { PendingBooking } from '@shared/schemas/booking';
import { getJson } from '@/lib/get-json';
import { adminBookingKeys } from '../booking-keys';

export function getPendingBookings(signal?: AbortSignal): Promise<PendingBooking[]> {
  return getJson<PendingBooking[]>('/api/admin/bookings/pending', signal);
}

export function pendingBookingsQueryOptions() {
  return queryOptions({
    queryKey: adminBookingKeys.pending,
    queryFn: ({ signal }) => getPendingBookings(signal),
    // docs/product.md §4: the pending list is polled every 30 seconds (also feeds the tab's badge).
    refetchInterval: PENDING_POLL_MS,
    staleTime: 0,
  });
}

/** The pending requests; the shell's tab badge and the Pending Requests tab share this query. */
export function usePendingBookings() {
  return useQuery(pendingBookingsQueryOptions());
}
