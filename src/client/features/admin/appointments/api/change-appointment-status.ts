/**
 * PATCH /api/bookings/{id}/status: the calendar's Confirm and Cancel (docs/product.md §4). The
 * server sends the client's e-mail through the outbox; the booking lists refresh here.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@shared/schemas/booking';
import { apiRequest } from '@/lib/api';
import { adminBookingKeys } from '../../shared/booking-keys';

export type NewStatus = 'confirmed' | 'cancelled';

export async function changeAppointmentStatus(id: number, status: NewStatus): Promise<Booking> {
  const res = await apiRequest('PATCH', `/api/bookings/${id}/status`, { status });
  return (await res.json()) as Booking;
}

/** Refetches the calendar's ranges and every admin list (pending, summary, all) on success. */
export function useChangeAppointmentStatus(status: NewStatus) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => changeAppointmentStatus(id, status),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminBookingKeys.ranges }),
        queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
      ]);
    },
  });
}
