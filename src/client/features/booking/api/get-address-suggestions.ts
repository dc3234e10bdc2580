/**
 * GET /api/address-suggestions?q=: a few New Zealand addresses for what the visitor has typed, from the site's
 * OpenStreetMap geocoder (decision 035), when the site config says addressSuggestions (no Google key).
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AddressSuggestions } from '@shared/site';
import { getJson } from '@/lib/get-json';

/** As the server: shorter asks nothing. */
export const SUGGESTION_MIN_LENGTH = 3;
const SUGGESTIONS_STALE_MS = 10 * 60 * 1000;

export function getAddressSuggestions(q: string, signal?: AbortSignal): Promise<AddressSuggestions> {
  return getJson(`/api/address-suggestions?q=${encodeURIComponent(q)}`, signal);
}

export function addressSuggestionsQueryOptions(q: string) {
  const trimmed = q.trim();
  return queryOptions({
    queryKey: ['/api/address-suggestions', trimmed],
    queryFn: ({ signal }) => getAddressSuggestions(trimmed, signal),
    staleTime: SUGGESTIONS_STALE_MS,
  });
}

export function useAddressSuggestionsQuery(q: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    ...addressSuggestionsQueryOptions(q),
    enabled: enabled && q.trim().length >= SUGGESTION_MIN_LENGTH,
  });
}
