/** GET /api/admin/bookings/summary: the 'Today' and 'Upcoming' counters and the next confirmed appointments. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBookingSummary } from '@shared/schemas/booking';
import { getJson } from '@/lib/get-json';
import { adminBookingKeys } from '../../shared/booking-keys';

export function getBookingSummary(signal?: AbortSignal): Promise<AdminBookingSummary> {
  return getJson<AdminBookingSummary>('/api/admin/bookings/summary', signal);
}

export function bookingSummaryQueryOptions() {
  return queryOptions({
    queryKey: adminBookingKeys.summary,
    queryFn: ({ signal }) => getBookingSummary(signal),
    // "Today" moves on and visitors book meanwhile: asked again each time the tab opens.
    staleTime: 0,
    // She checks between visits: coming back to the page brings the counters up to date.
    refetchOnWindowFocus: true,
  });
}

export function useBookingSummary() {
  return useQuery(bookingSummaryQueryOptions());
}
