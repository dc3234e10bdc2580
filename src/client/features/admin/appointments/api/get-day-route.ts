/** GET /api/admin/bookings/day-route?date=: her drive for the selected day (docs/product.md §10, "her view of the
 * day"). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DayRoute } from '@shared/schemas/day-route';
import { getJson } from '@/lib/get-json';
import { adminBookingKeys } from '../../shared/booking-keys';

export function getDayRoute(date: string, signal?: AbortSignal): Promise<DayRoute> {
  const params = new URLSearchParams({ date });
  return getJson<DayRoute>(`/api/admin/bookings/day-route?${params.toString()}`, signal);
}

export function dayRouteQueryOptions(date: string) {
  return queryOptions({
    queryKey: adminBookingKeys.dayRoute(date),
    queryFn: ({ signal }) => getDayRoute(date, signal),
    // Like the day's list: visitors book at any time, so a day shown again is asked again.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
}

/**
 * The day's route, or undefined while it loads or when it failed: the drive lines are extra,
 * so a failure leaves the list as it is (no toast, no retry loop).
 */
export function useDayRoute(date: string): DayRoute | undefined {
  const query = useQuery({ ...dayRouteQueryOptions(date), retry: false });
  return query.isSuccess ? query.data : undefined;
}
