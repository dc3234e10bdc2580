/** POST /api/bookings/token/{token}/reschedule (docs/product.md §4 "Changing a visit", 'Change time'): the link moves
 * its visit. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, RescheduleRequest } from '@shared/schemas/booking';
import { apiRequest } from '@/lib/api';
import { AVAILABILITY_KEY } from '@/lib/queries/availability-key';
import { bookingByTokenQueryOptions } from './get-booking-by-token';

export async function rescheduleBooking(token: string, body: RescheduleRequest): Promise<Booking> {
  const res = await apiRequest('POST', `/api/bookings/token/${encodeURIComponent(token)}/reschedule`, body);
  return (await res.json()) as Booking;
}

/**
 * On success the cached booking is the moved one. Either way the times are asked afresh: a move frees one
 * time and takes another, and a refusal (the time was taken meanwhile) means the shown ones are old.
 */
export function useRescheduleBooking(
  token: string,
  callbacks: { onSuccess?: (booking: Booking) => void; onError?: (error: Error) => void } = {},
) {
  const queryClient = useQueryClient();
  const { queryKey } = bookingByTokenQueryOptions(token);
  return useMutation({
    mutationFn: (body: RescheduleRequest) => rescheduleBooking(token, body),
    onSuccess: (booking) => {
      queryClient.setQueryData(queryKey, (old: Booking | undefined) => ({ ...old, ...booking }));
      callbacks.onSuccess?.(booking);
    },
    onError: (error) => callbacks.onError?.(error),
    onSettled: () => queryClient.invalidateQueries({ queryKey: AVAILABILITY_KEY }),
  });
}
