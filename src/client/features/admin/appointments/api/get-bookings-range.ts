/** GET /api/bookings/range?startDate=&endDate=: the bookings of the calendar's visible weeks. */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminBooking } from '@shared/schemas/booking';
import { getJson } from '@/lib/get-json';
import { adminBookingKeys } from '../../shared/booking-keys';
import { asList } from '../../shared/as-list';
import type { DateRange } from '../appointment-days';

export async function getBookingsRange(
  { startDate, endDate }: DateRange,
  signal?: AbortSignal,
): Promise<AdminBooking[]> {
  const params = new URLSearchParams({ startDate, endDate });
  // docs/product.md §7: an answer that is not a list counts as empty.
  return asList<AdminBooking>(await getJson<unknown>(`/api/bookings/range?${params.toString()}`, signal));
}

export function bookingsRangeQueryOptions(range: DateRange) {
  return queryOptions({
    queryKey: adminBookingKeys.range(range.startDate, range.endDate),
    queryFn: ({ signal }) => getBookingsRange(range, signal),
    // Bookings arrive from visitors at any time: a month shown again is asked again.
    staleTime: 0,
    // Coming back to the page (her phone, between visits) shows what was booked meanwhile.
    refetchOnWindowFocus: true,
  });
}

/**
 * The bookings of the visible weeks. docs/product.md §7/§8: a failed fetch reads as an empty
 * calendar (apiRequest has logged it); the caller may offer a quiet retry, never a toast.
 */
export function useBookingsRange(range: DateRange) {
  const query = useQuery({ ...bookingsRangeQueryOptions(range), placeholderData: keepPreviousData });
  return { ...query, bookings: query.isError ? [] : (query.data ?? []) };
}
