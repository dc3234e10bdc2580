/**
 * PATCH /api/admin/bookings/{id}/status: approve or reject a pending request, with an optional
 * note (docs/product.md §4). The server e-mails the client through the outbox.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking, PendingBooking } from '@shared/schemas/booking';
import { apiRequest } from '@/lib/api';
import { adminBookingKeys } from '../../shared/booking-keys';
import type { ReviewDecisionBody } from '../review-decision';

export async function reviewPendingBooking(id: number, body: ReviewDecisionBody): Promise<Booking> {
  const res = await apiRequest('PATCH', `/api/admin/bookings/${id}/status`, body);
  return (await res.json()) as Booking;
}

export interface ReviewVariables {
  id: number;
  body: ReviewDecisionBody;
}

/**
 * On success the row leaves the pending list at once. Success or not, every admin list and the
 * calendar's ranges are refetched (docs/product.md §4: "the pending and all-bookings lists
 * refresh"; after a 409 the list was stale). Not awaited: 'Processing...' ends with the answer.
 */
export function useReviewPendingBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: ReviewVariables) => reviewPendingBooking(id, body),
    onSuccess: (_booking, { id }) => {
      queryClient.setQueryData<PendingBooking[]>(adminBookingKeys.pending, (old) => old?.filter((b) => b.id !== id));
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: adminBookingKeys.all });
      void queryClient.invalidateQueries({ queryKey: adminBookingKeys.ranges });
    },
  });
}
