/** GET /api/admin/clients?q=: her clients matching what she types in 'New booking' (name, e-mail, phone, suburb). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ClientSummary } from '@shared/schemas/client';
import { getJson } from '@/lib/get-json';

export function findClients(q: string, signal?: AbortSignal): Promise<ClientSummary[]> {
  return getJson<ClientSummary[]>(`/api/admin/clients?q=${encodeURIComponent(q)}`, signal);
}

/** Asked once she has typed two characters; the last answer stays while the next loads. */
export function useFindClients(q: string) {
  const query = q.trim();
  return useQuery({
    queryKey: ['/api/admin/clients', 'new-booking', query] as const,
    queryFn: ({ signal }) => findClients(query, signal),
    enabled: query.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
