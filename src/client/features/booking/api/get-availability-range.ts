/** GET /api/availability?from=&to=&duration=&address=: which days of a range have free times. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailabilityRangeResponse } from '@shared/schemas/booking';
import { getJson } from '@/lib/get-json';
import type { DateRange } from '../dates';
import { availabilityRangeKey } from '@/lib/queries/availability-key';
import { availabilityRangeUrl } from './availability-endpoints';

const RANGE_STALE_MS = 60_000;

export function getAvailabilityRange(
  range: DateRange,
  duration: number,
  address: string | null,
  signal?: AbortSignal,
  changeToken: string | null = null,
): Promise<AvailabilityRangeResponse> {
  return getJson(availabilityRangeUrl(range, duration, address, changeToken), signal);
}

/**
 * `address`: the visitor's, when given (docs/product.md §10); null asks for the times with the minimum gap.
 * `changeToken`: a private link moving its visit (docs/product.md §4 "Changing a visit").
 */
export function availabilityRangeQueryOptions(
  range: DateRange,
  duration: number,
  address: string | null = null,
  changeToken: string | null = null,
) {
  return queryOptions({
    queryKey: availabilityRangeKey(range, duration, address, changeToken),
    queryFn: ({ signal }) => getAvailabilityRange(range, duration, address, signal, changeToken),
    staleTime: RANGE_STALE_MS,
  });
}

/**
 * No range (a month wholly in the past): nothing to ask. While a new address is asked about,
 * the same range's last answer stays shown (the calendar does not flicker to "unknown").
 */
export function useAvailabilityRange(
  range: DateRange | null,
  duration: number,
  {
    enabled = true,
    refetchOnWindowFocus = false,
    address = null,
    changeToken = null,
  }: { enabled?: boolean; refetchOnWindowFocus?: boolean; address?: string | null; changeToken?: string | null } = {},
) {
  const from = range?.from ?? '';
  const to = range?.to ?? '';
  return useQuery({
    ...availabilityRangeQueryOptions({ from, to }, duration, address, changeToken),
    enabled: enabled && range !== null,
    refetchOnWindowFocus,
    placeholderData: (previous) =>
      previous && previous.from === from && previous.to === to && previous.duration === duration ? previous : undefined,
  });
}
