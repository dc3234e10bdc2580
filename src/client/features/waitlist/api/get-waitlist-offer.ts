/** GET /api/waitlist/offers/{token}: what an offer's e-mailed link shows (docs/product.md §4 "Waitlist"). Reading never
 * books. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WaitlistOfferView } from '@shared/schemas/waitlist';
import { getJson } from '@/lib/get-json';

export function waitlistOfferQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['/api/waitlist/offers', token],
    queryFn: ({ signal }) => getJson<WaitlistOfferView>(`/api/waitlist/offers/${encodeURIComponent(token)}`, signal),
    retry: false,
  });
}

export function useWaitlistOffer(token: string) {
  return useQuery({ ...waitlistOfferQueryOptions(token), enabled: token !== '' });
}
