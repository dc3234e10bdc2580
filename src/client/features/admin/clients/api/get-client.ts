/** GET /api/admin/clients/{id}: one client with their contacts, addresses, visits, totals and alerts. */
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import type { ClientDetail } from '@shared/schemas/client';
import { getJson } from '@/lib/get-json';
import { clientKeys } from '../client-keys';

/** A prefetched answer is shown as it is, without asking again, for this long after it came. */
const PREFETCH_FRESH_MS = 30_000;

/** When each client's prefetched answer (prefetchClient) arrived: its dataUpdatedAt. */
const prefetchedAt = new Map<number, number>();

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

/**
 * Asks for the client while the admin code still loads (decision 021): the page then finds the answer in the cache
 * and does not ask again on mount (it would otherwise: the page always reads a client afresh).
 */
export async function prefetchClient(queryClient: QueryClient, id: number): Promise<void> {
  await queryClient.prefetchQuery(clientQueryOptions(id));
  const state = queryClient.getQueryState(clientKeys.detail(id));
  if (state?.status === 'success') prefetchedAt.set(id, state.dataUpdatedAt);
}

/**
 * The client as the server embedded it in a server-rendered page (decision 022): in the cache, and shown without
 * asking again on mount, as a prefetched answer is. `inBrowser` false on the server, which keeps no such mark.
 */
export function seedClient(queryClient: QueryClient, client: ClientDetail, inBrowser: boolean): void {
  queryClient.setQueryData(clientKeys.detail(client.id), client);
  const state = queryClient.getQueryState(clientKeys.detail(client.id));
  if (inBrowser && state) prefetchedAt.set(client.id, state.dataUpdatedAt);
}

export function useClient(id: number) {
  return useQuery({
    ...clientQueryOptions(id),
    refetchOnMount: ({ state }) =>
      !(prefetchedAt.get(id) === state.dataUpdatedAt && Date.now() - state.dataUpdatedAt < PREFETCH_FRESH_MS),
  });
}
