/**
 * POST /api/admin/bookings: 'New booking' (docs/product.md §4 "Bookings she takes herself"): confirmed at
 * once or held as pending, with the visitor's refusals unless she books anyway (`override`).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminBookingInput } from '@shared/schemas/admin-booking';
import type { AdminBooking } from '@shared/schemas/booking';
import { apiRequest } from '@/lib/api';
import { adminBookingKeys } from '../../shared/booking-keys';

export async function createBooking(body: AdminBookingInput): Promise<AdminBooking> {
  const res = await apiRequest('POST', '/api/admin/bookings', body);
  return (await res.json()) as AdminBooking;
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createBooking,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: adminBookingKeys.ranges }),
        queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: ['/api/admin/clients'] }),
        queryClient.invalidateQueries({ queryKey: ['/api/availability'] }),
        // Booked from a waitlist entry: it has left the list.
        queryClient.invalidateQueries({ queryKey: ['/api/admin/waitlist'] }),
      ]);
    },
  });
}
