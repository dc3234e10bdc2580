/** POST /api/bookings/cancel/{token}: the client cancels through the private link. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@shared/schemas/booking';
import { apiRequest, errorCode } from '@/lib/api';
import { bookingByTokenQueryOptions } from './get-booking-by-token';

/** docs/product.md §7: the body repeats the token as { cancelToken }. */
export async function cancelBooking(token: string): Promise<Booking> {
  const res = await apiRequest('POST', `/api/bookings/cancel/${encodeURIComponent(token)}`, { cancelToken: token });
  return (await res.json()) as Booking;
}

/**
 * 'alreadyCancelled': the call answered 404 BOOKING_NOT_FOUND_OR_CANCELLED, which docs/product.md §4
 * counts as cancelled before.
 */
export type CancelResult = { kind: 'cancelled'; booking: Booking } | { kind: 'alreadyCancelled' };

async function cancelOrNotFound(token: string): Promise<CancelResult> {
  try {
    return { kind: 'cancelled', booking: await cancelBooking(token) };
  } catch (error) {
    if (errorCode(error) === 'BOOKING_NOT_FOUND_OR_CANCELLED') return { kind: 'alreadyCancelled' };
    throw error;
  }
}

/** Either way the cached booking shows as cancelled afterwards. */
export function useCancelBooking(
  token: string,
  callbacks: { onSuccess?: (result: CancelResult) => void; onError?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  const { queryKey } = bookingByTokenQueryOptions(token);
  return useMutation({
    mutationFn: () => cancelOrNotFound(token),
    onSuccess: (result) => {
      if (result.kind === 'cancelled') queryClient.setQueryData(queryKey, result.booking);
      else queryClient.setQueryData(queryKey, (old) => (old ? { ...old, status: 'cancelled' as const } : old));
      callbacks.onSuccess?.(result);
    },
    onError: (error) => callbacks.onError?.(error),
  });
}
