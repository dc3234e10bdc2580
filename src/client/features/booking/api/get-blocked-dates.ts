/** GET /api/blocked-dates: the days (or parts of days) the therapist is away. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BlockedDate } from '@shared/schemas/blocked-date';
import { getJson } from '@/lib/get-json';

export function getBlockedDates(signal?: AbortSignal): Promise<BlockedDate[]> {
  return getJson('/api/blocked-dates', signal);
}

export function blockedDatesQueryOptions() {
  return queryOptions({ queryKey: ['/api/blocked-dates'], queryFn: ({ signal }) => getBlockedDates(signal) });
}

export function useBlockedDates() {
  return useQuery(blockedDatesQueryOptions());
}
