/**
 * POST /api/admin/clients/{id}/erase: the Privacy Act's 'delete it'. The person goes; their bookings
 * stay, anonymised, for the tax rules. Every list that showed them refreshes, and the client's page is
 * forgotten (it is gone for good).
 */
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ClientErasure } from '@shared/schemas/client';
import { apiRequest } from '@/lib/api';
import { adminBookingKeys } from '../../shared/booking-keys';
import { clientKeys } from '../client-keys';

export async function eraseClient(id: number): Promise<ClientErasure> {
  const res = await apiRequest('POST', `/api/admin/clients/${id}/erase`);
  return (await res.json()) as ClientErasure;
}

/**
 * The erased client's page, health form and access log are dropped once her screen has left the page
 * (dropped while it shows, they would be asked for again, and answer 404).
 */
export function forgetErasedClient(queryClient: QueryClient, id: number): void {
  for (const queryKey of [clientKeys.detail(id), clientKeys.health(id), clientKeys.accessLog(id)]) {
    queryClient.removeQueries({ queryKey });
  }
}

export function useEraseClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: eraseClient,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.lists }),
        queryClient.invalidateQueries({ queryKey: adminBookingKeys.all }),
      ]);
    },
  });
}
