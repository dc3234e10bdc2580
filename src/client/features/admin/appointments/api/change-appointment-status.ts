/**
 * PATCH /api/bookings/{id}/status: the calendar's Confirm and Cancel (docs/product.md §4). The
 * server sends the client's e-mail through the outbox; the booking lists refresh here. Confirming
 * a visit that overlaps a busy time of her other calendars answers 409 CALENDAR_CLASH until she
 * confirms anyway (confirmClash, docs/product.md §11). Confirming a request whose client may be an existing one carries
 * her answer (clientMatch, decision 034); left out, the match stays open.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MatchDecision } from '@shared/client-match';
import type { Booking } from '@shared/schemas/booking';
import { apiRequest } from '@/lib/api';
import { adminBookingKeys } from '../../shared/booking-keys';

export type NewStatus = 'confirmed' | 'cancelled';

export interface StatusChange {
  id: number;
  /** She has seen the clash with her calendar and confirms anyway. */
  confirmClash?: boolean;
  /** She has read the client's health red flags (docs/product.md §13). */
  confirmHealth?: boolean;
  /** Her answer on a possible match (decision 034): the same person ('link') or someone else ('separate'). */
  clientMatch?: MatchDecision;
  /** 'Late cancellation' (docs/product.md §4 "Client cancellation"): a confirmed visit she cancels for the client
   * inside the change cut-off. */
  lateCancellation?: boolean;
}

export async function changeAppointmentStatus(
  { id, confirmClash, confirmHealth, clientMatch, lateCancellation }: StatusChange,
  status: NewStatus,
): Promise<Booking> {
  const body = {
    status,
    ...(confirmClash ? { confirmClash: true } : {}),
    ...(confirmHealth ? { confirmHealth: true } : {}),
    ...(clientMatch ? { clientMatch } : {}),
    ...(lateCancellation ? { lateCancellation: true } : {}),
  };
  const res = await apiRequest('PATCH', `/api/bookings/${id}/status`, body);
  return (await res.json()) as Booking;
}

/** Refetches the calendar's ranges and every admin list (pending, summary, all) on success. */
export function useChangeAppointmentStatus(status: NewStatus) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: StatusChange) => changeAppointmentStatus(change, status),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminBookingKeys.ranges }),
        queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
        // A client's page counts cancellations and late cancellations (docs/product.md §4 "Client cancellation").
        queryClient.invalidateQueries({ queryKey: ['/api/admin/clients'] }),
      ]);
    },
  });
}
