/** POST /api/waitlist/offers/{token}/accept: 'Book this time' (docs/product.md §4 "Waitlist"): a normal pending
 * request. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@shared/schemas/booking';
import { apiRequest } from '@/lib/api';
import { waitlistOfferQueryOptions } from './get-waitlist-offer';

export async function acceptWaitlistOffer(token: string): Promise<Booking> {
  const res = await apiRequest('POST', `/api/waitlist/offers/${encodeURIComponent(token)}/accept`);
  return (await res.json()) as Booking;
}

/** Whatever the answer, the offer is read again (booked, or why not). */
export function useAcceptWaitlistOffer(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => acceptWaitlistOffer(token),
    onSettled: () => queryClient.invalidateQueries({ queryKey: waitlistOfferQueryOptions(token).queryKey }),
  });
}
