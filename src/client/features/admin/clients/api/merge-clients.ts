/**
 * POST /api/admin/clients/{id}/merge: the other client's bookings, alerts and contacts move to this
 * one, with the name, e-mail and phone she chose; answers the kept client. The merged-away client's
 * page is forgotten (it is gone), and every list refreshes.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientDetail, ClientMerge } from '@shared/schemas/client';
import { apiRequest } from '@/lib/api';
import { adminBookingKeys } from '../../shared/booking-keys';
import { clientKeys } from '../client-keys';

export async function mergeClients({ id, body }: { id: number; body: ClientMerge }): Promise<ClientDetail> {
  const res = await apiRequest('POST', `/api/admin/clients/${id}/merge`, body);
  return (await res.json()) as ClientDetail;
}

export function useMergeClients() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: mergeClients,
    onSuccess: (kept, { id, body }) => {
      for (const gone of [id, body.otherId].filter((n) => n !== kept.id)) {
        queryClient.removeQueries({ queryKey: clientKeys.detail(gone) });
      }
      queryClient.setQueryData(clientKeys.detail(kept.id), kept);
    },
    onSettled: async () => {
      // Alerts show wherever the client's bookings show (docs/product.md §12): those lists refresh too.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
      ]);
    },
  });
}
