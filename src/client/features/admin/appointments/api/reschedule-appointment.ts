/**
 * POST /api/admin/bookings/{id}/reschedule: her 'Change time…' (docs/product.md §4 "Changing a visit"):
 * the visit moves in place with every rule a new booking meets, no change cut-off; the client is e-mailed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Booking } from '@shared/schemas/booking';
import { apiRequest } from '@/lib/api';
import { adminBookingKeys } from '../../shared/booking-keys';
import { seriesKeys } from '../../shared/api/series-keys';

export interface MoveRequest {
  id: number;
  date: string;
  time: string;
}

export async function rescheduleAppointment({ id, date, time }: MoveRequest): Promise<Booking> {
  const res = await apiRequest('POST', `/api/admin/bookings/${id}/reschedule`, { date, time });
  return (await res.json()) as Booking;
}

export function useRescheduleAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rescheduleAppointment,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminBookingKeys.ranges }),
        queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: seriesKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['/api/admin/clients'] }),
      ]);
    },
  });
}
