/** GET /api/admin/clients?q= : the clients, or those matching a search (name, e-mail, phone or suburb). */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ClientSummary } from '@shared/schemas/client';
import { getJson } from '@/lib/get-json';
import { asList } from '../../shared/as-list';
import { clientKeys } from '../client-keys';

export function clientsUrl(q: string): string {
  const query = q.trim();
  return query ? `/api/admin/clients?q=${encodeURIComponent(query)}` : '/api/admin/clients';
}

export async function getClients(q: string, signal?: AbortSignal): Promise<ClientSummary[]> {
  return asList<ClientSummary>(await getJson<unknown>(clientsUrl(q), signal));
}

export function clientsQueryOptions(q: string) {
  const query = q.trim();
  return queryOptions({
    queryKey: clientKeys.list(query),
    queryFn: ({ signal }) => getClients(query, signal),
    // Her clients change with every booking: read again whenever the list is shown.
    staleTime: 0,
  });
}

/** While a new search loads, the last answer stays on screen (no flash of the skeleton per key press). */
export function useClients(q: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...clientsQueryOptions(q), enabled, placeholderData: keepPreviousData });
}
