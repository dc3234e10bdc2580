/** GET /api/admin/clients/{id}: one client with their contacts, addresses, visits, totals and alerts. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientDetail } from '@shared/schemas/client';
import { getJson } from '@/lib/api';
import { clientKeys } from '../client-keys';

export function getClient(id: number, signal?: AbortSignal): Promise<ClientDetail> {
  return getJson<ClientDetail>(`/api/admin/clients/${id}`, signal);
}

export function clientQueryOptions(id: number) {
  return queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => getClient(id, signal),
    staleTime: 0,
  });
}

export function useClient(id: number) {
  return useQuery(clientQueryOptions(id));
}
