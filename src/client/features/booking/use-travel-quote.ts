/**
 * The live travel quote of the address being typed (docs/product.md §4: the calculation runs
 * when the address is longer than 5 characters), debounced so a quote is asked for once typing pauses.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { TravelQuote } from '@shared/schemas/booking';
import { travelQuoteQueryOptions, useTravelQuoteQuery } from './api/calculate-travel';
import { shouldQuote } from './booking-request';
import { useDebouncedValue } from './use-debounced-value';

/** Also step 3's route check (use-route-check.ts): both follow the same pause in typing. */
export const TRAVEL_DEBOUNCE_MS = 500;

export type TravelState =
  { kind: 'idle' } | { kind: 'loading' } | { kind: 'error' } | { kind: 'ready'; quote: TravelQuote };

export function useTravelQuote(address: string): TravelState {
  const current = address.trim();
  const debounced = useDebouncedValue(current, TRAVEL_DEBOUNCE_MS);
  const query = useTravelQuoteQuery(debounced, { enabled: shouldQuote(debounced) });
  if (!shouldQuote(current)) return { kind: 'idle' };
  // Still typing: the last quote belongs to another address.
  if (debounced !== current || query.isPending) return { kind: 'loading' };
  if (query.isError) return { kind: 'error' };
  return { kind: 'ready', quote: query.data };
}

/** The quote of exactly this address, asked for now if it is not known yet (used on submit). */
export async function quoteNow(queryClient: QueryClient, address: string): Promise<TravelQuote | null> {
  if (!shouldQuote(address)) return null;
  try {
    return await queryClient.fetchQuery(travelQuoteQueryOptions(address));
  } catch {
    // No quote: the server works out travel again and refuses a far address itself.
    return null;
  }
}
