/** GET /api/availability/{date}?duration=&address=: the start times still free on one day. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailabilityResponse } from '@shared/schemas/booking';
import { getJson } from '@/lib/get-json';
import { availabilityDayKey } from '@/lib/queries/availability-key';
import { availabilityDateUrl } from './availability-endpoints';

export function getDayAvailability(
  date: string,
  duration: number,
  address: string | null,
  signal?: AbortSignal,
  changeToken: string | null = null,
): Promise<AvailabilityResponse> {
  return getJson(availabilityDateUrl(date, duration, address, changeToken), signal);
}

/**
 * `address`: the visitor's, when given (docs/product.md §10): only the times that fit the therapist's route.
 * `changeToken`: a private link moving its visit (docs/product.md §4 "Changing a visit"): the times that visit could
 * move to.
 */
export function dayAvailabilityQueryOptions(
  date: string,
  duration: number,
  address: string | null = null,
  changeToken: string | null = null,
) {
  return queryOptions({
    queryKey: availabilityDayKey(date, duration, address, changeToken),
    queryFn: ({ signal }) => getDayAvailability(date, duration, address, signal, changeToken),
  });
}

/**
 * No date chosen yet: nothing to ask. Times are taken all the time: always asked afresh, and
 * again when the window regains focus (docs/product.md §7). While the same day is asked about
 * for a new address, its last times stay shown (isPlaceholderData) instead of a skeleton.
 */
export function useDayAvailability(
  date: string | null,
  duration: number,
  address: string | null = null,
  changeToken: string | null = null,
) {
  return useQuery({
    ...dayAvailabilityQueryOptions(date ?? '', duration, address, changeToken),
    enabled: date !== null,
    staleTime: 0,
    refetchOnWindowFocus: 'always',
    placeholderData: (previous, previousQuery) => {
      const [, params] = previousQuery?.queryKey ?? [];
      return params?.date === date && params?.duration === duration ? previous : undefined;
    },
  });
}
