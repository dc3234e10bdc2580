/** GET /api/availability/{date}?duration=: the start times still free on one day. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailabilityResponse } from '@shared/schemas/booking';
import { getJson } from '@/lib/api';
import { AVAILABILITY_KEY } from '@/lib/queries/availability-key';
import { availabilityDateUrl } from './availability-endpoints';

export function getDayAvailability(date: string, duration: number, signal?: AbortSignal): Promise<AvailabilityResponse> {
  return getJson(availabilityDateUrl(date, duration), signal);
}

export function dayAvailabilityQueryOptions(date: string, duration: number) {
  return queryOptions({
    queryKey: [...AVAILABILITY_KEY, { date, duration }],
    queryFn: ({ signal }) => getDayAvailability(date, duration, signal),
  });
}

/**
 * No date chosen yet: nothing to ask. Times are taken all the time: always asked afresh, and
 * again when the window regains focus (docs/product.md §7).
 */
export function useDayAvailability(date: string | null, duration: number) {
  return useQuery({
    ...dayAvailabilityQueryOptions(date ?? '', duration),
    enabled: date !== null,
    staleTime: 0,
    refetchOnWindowFocus: 'always',
  });
}
