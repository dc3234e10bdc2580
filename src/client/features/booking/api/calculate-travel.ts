/**
 * POST /api/calculate-travel: the travel fee and distance of an address. A POST that only
 * reads, so it is a query: cached per address, asked again for the same address only after a while.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TravelQuote } from '@shared/schemas/booking';
import { apiRequest } from '@/lib/api';

const QUOTE_STALE_MS = 10 * 60 * 1000;

export async function calculateTravel(address: string, signal?: AbortSignal): Promise<TravelQuote> {
  const res = await apiRequest('POST', '/api/calculate-travel', { address });
  // The request itself is not aborted (it is cheap); an answer nobody waits for is dropped.
  if (signal?.aborted) throw new DOMException('Aborted', 'AbortError');
  return (await res.json()) as TravelQuote;
}

export function travelQuoteQueryOptions(address: string) {
  const trimmed = address.trim();
  return queryOptions({
    queryKey: ['/api/calculate-travel', trimmed],
    queryFn: ({ signal }) => calculateTravel(trimmed, signal),
    staleTime: QUOTE_STALE_MS,
  });
}

export function useTravelQuoteQuery(address: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...travelQuoteQueryOptions(address), enabled });
}
