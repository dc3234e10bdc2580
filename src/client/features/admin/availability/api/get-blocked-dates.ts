/** GET /api/blocked-dates: every blocked day or part of a day (the wizard reads the same key). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlockedDate } from '@shared/schemas/blocked-date';
import { getJson } from '@/lib/get-json';

export function getBlockedDates(signal?: AbortSignal): Promise<BlockedDate[]> {
  return getJson<BlockedDate[]>('/api/blocked-dates', signal);
}

/** The same key as the booking wizard's query, so a change here refreshes its calendar too. */
export function blockedDatesQueryOptions() {
  return queryOptions({
    queryKey: ['/api/blocked-dates'],
    queryFn: ({ signal }) => getBlockedDates(signal),
    staleTime: 0,
  });
}

export function useBlockedDates() {
  return useQuery(blockedDatesQueryOptions());
}
