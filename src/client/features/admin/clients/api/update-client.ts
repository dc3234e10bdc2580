/**
 * PATCH /api/admin/clients/{id}: her corrections of the name, e-mail or phone (only the fields she
 * changed). 409 when the e-mail or phone belongs to another client; 400 names each invalid field.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClientDetail, ClientPatch } from '@shared/schemas/client';
import { apiRequest } from '@/lib/api';
import { clientKeys } from '../client-keys';

export async function updateClient({ id, patch }: { id: number; patch: ClientPatch }): Promise<ClientDetail> {
  const res = await apiRequest('PATCH', `/api/admin/clients/${id}`, patch);
  return (await res.json()) as ClientDetail;
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateClient,
    onSuccess: (client) => queryClient.setQueryData(clientKeys.detail(client.id), client),
    onSettled: () => queryClient.invalidateQueries({ queryKey: clientKeys.all }),
  });
}
