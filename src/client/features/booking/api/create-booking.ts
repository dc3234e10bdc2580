/** POST /api/bookings: the wizard's booking request. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@shared/schemas/booking';
import { apiRequest, errorCode } from '@/lib/api';
import type { BookingRequestBody } from '../booking-request';
import { refusesTime } from '../submit-error';
import { AVAILABILITY_KEY } from '@/lib/queries/availability-key';
import { bookingByTokenQueryOptions } from './get-booking-by-token';

/** A retry sends the same Idempotency-Key, so it can never book twice. */
export async function createBooking(body: BookingRequestBody, idempotencyKey: string): Promise<Booking> {
  const res = await apiRequest('POST', '/api/bookings', body, { 'Idempotency-Key': idempotencyKey });
  return (await res.json()) as Booking;
}

/**
 * The new booking goes into the cache, so its confirmation page shows at once. SLOT_TAKEN or
 * ROUTE_DOES_NOT_FIT means the time was just taken: every availability answer is stale then.
 */
export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: BookingRequestBody; idempotencyKey: string }) =>
      createBooking(body, idempotencyKey),
    onSuccess: (booking) => queryClient.setQueryData(bookingByTokenQueryOptions(booking.cancelToken).queryKey, booking),
    onError: (error) => {
      if (refusesTime(errorCode(error))) void queryClient.invalidateQueries({ queryKey: AVAILABILITY_KEY });
    },
  });
}
