/** GET /api/admin/clients/{id}: the client 'New booking' is for (their names, address used last, last service). */
import { useQuery } from '@tanstack/react-query';
import type { ClientDetail } from '@shared/schemas/client';
import { getJson } from '@/lib/get-json';

export function getBookingClient(id: number, signal?: AbortSignal): Promise<ClientDetail> {
  return getJson<ClientDetail>(`/api/admin/clients/${id}`, signal);
}

export function useBookingClient(id: number | null) {
  return useQuery({
    queryKey: ['/api/admin/clients', 'detail', id] as const,
    queryFn: ({ signal }) => getBookingClient(id!, signal),
    enabled: id !== null,
    staleTime: 0,
  });
}
