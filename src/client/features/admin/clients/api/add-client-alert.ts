/** POST /api/admin/clients/{id}/alerts: a short note about the client (at most 200 characters, 20 per client). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientAlert } from '@shared/schemas/client';
import { apiRequest } from '@/lib/api';
import { adminBookingKeys } from '../../shared/booking-keys';
import { clientKeys } from '../client-keys';

export async function addClientAlert({ clientId, text }: { clientId: number; text: string }): Promise<ClientAlert> {
  const res = await apiRequest('POST', `/api/admin/clients/${clientId}/alerts`, { text });
  return (await res.json()) as ClientAlert;
}

/** The list's badges and the client page both show alerts: everything under the clients refreshes. */
export function useAddClientAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addClientAlert,
    onSettled: async () => {
      // Alerts show wherever the client's bookings show (docs/product.md §12): those lists refresh too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
      ]);
    },
  });
}
