/** GET /api/availability?from=&to=&duration=: which days of a range have free times. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailabilityRangeResponse } from '@shared/schemas/booking';
import { getJson } from '@/lib/api';
import type { DateRange } from '../dates';
import { AVAILABILITY_KEY } from '@/lib/queries/availability-key';
import { availabilityRangeUrl } from './availability-endpoints';

const RANGE_STALE_MS = 60_000;

export function getAvailabilityRange(range: DateRange, duration: number, signal?: AbortSignal): Promise<AvailabilityRangeResponse> {
  return getJson(availabilityRangeUrl(range, duration), signal);
}

export function availabilityRangeQueryOptions(range: DateRange, duration: number) {
  return queryOptions({
    queryKey: [...AVAILABILITY_KEY, { from: range.from, to: range.to, duration }],
    queryFn: ({ signal }) => getAvailabilityRange(range, duration, signal),
    staleTime: RANGE_STALE_MS,
  });
}

/** No range (a month wholly in the past): nothing to ask. */
export function useAvailabilityRange(
  range: DateRange | null,
  duration: number,
  { enabled = true, refetchOnWindowFocus = false }: { enabled?: boolean; refetchOnWindowFocus?: boolean } = {},
) {
  return useQuery({
    ...availabilityRangeQueryOptions(range ?? { from: '', to: '' }, duration),
    enabled: enabled && range !== null,
    refetchOnWindowFocus,
  });
}
