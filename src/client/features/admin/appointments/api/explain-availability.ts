/**
 * GET /api/admin/availability/explain?date=&address=&serviceId=&duration=: for each start time of
 * the day, whether a visitor is offered it and every reason why not (docs/product.md §11). Asked only when
 * she presses 'Explain'; the same question again within a minute is answered from the cache.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AvailabilityExplanation } from '@shared/schemas/other-calendar';
import { getJson } from '@/lib/get-json';
import { explainSearch, type ExplainParams } from '../explain-view';

export function explainAvailability(params: ExplainParams, signal?: AbortSignal): Promise<AvailabilityExplanation> {
  return getJson<AvailabilityExplanation>(`/api/admin/availability/explain?${explainSearch(params)}`, signal);
}

export function explainQueryOptions(params: ExplainParams) {
  return queryOptions({
    queryKey: ['/api/admin/availability/explain', params] as const,
    queryFn: ({ signal }) => explainAvailability(params, signal),
    staleTime: 60_000,
    retry: false,
  });
}

/** Nothing is asked until `params` is given (her 'Explain'). */
export function useExplainAvailability(params: ExplainParams | null) {
  return useQuery({
    ...explainQueryOptions(params ?? { date: '' }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}
