/**
 * GET /api/admin/bookings/{id}/card (decision 037): a visit's refunds waiting for Stripe and what a 'Pay now' link
 * would ask; null when card payments are not set up (`enabled: false`), so the panel shows nothing of them.
 */
import { useQuery } from '@tanstack/react-query';
import type { BookingCardState } from '@shared/schemas/card-payments';
import { getJson } from '@/lib/get-json';

/** Under '/api/admin/bookings', so every booking or payment change refreshes it too. */
export const bookingCardKey = (bookingId: number) => ['/api/admin/bookings', 'card', bookingId] as const;

export async function getBookingCard(bookingId: number, signal?: AbortSignal): Promise<BookingCardState | null> {
  const state = await getJson<BookingCardState>(`/api/admin/bookings/${bookingId}/card`, signal);
  return state.enabled ? state : null;
}

export function useBookingCard(bookingId: number) {
  return useQuery({
    queryKey: bookingCardKey(bookingId),
    queryFn: ({ signal }) => getBookingCard(bookingId, signal),
    // A refund waits for Stripe's event: look again while one is waiting.
    refetchInterval: (query) => ((query.state.data?.pendingRefunds.length ?? 0) > 0 ? 4000 : false),
  });
}
