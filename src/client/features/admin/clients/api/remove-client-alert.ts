/** DELETE /api/admin/clients/{id}/alerts/{alertId}: the alert goes. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { adminBookingKeys } from '../../shared/booking-keys';
import { clientKeys } from '../client-keys';

export async function removeClientAlert({ clientId, alertId }: { clientId: number; alertId: number }): Promise<void> {
  await apiRequest('DELETE', `/api/admin/clients/${clientId}/alerts/${alertId}`);
}

export function useRemoveClientAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeClientAlert,
    onSettled: async () => {
      // Alerts show wherever the client's bookings show (docs/product.md §12): those lists refresh too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
      ]);
    },
  });
}
