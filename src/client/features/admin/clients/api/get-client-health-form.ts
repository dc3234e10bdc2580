/**
 * GET /api/admin/clients/{id}/health-form: the client's latest health form in full and the dates of
 * every form. Each read is written to the client's access log, so it is asked only when she opens
 * the section, and the log is refreshed after.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminClientHealth } from '@shared/schemas/health';
import { getJson } from '@/lib/get-json';
import { clientKeys } from '../client-keys';

export function getClientHealthForm(id: number, signal?: AbortSignal): Promise<AdminClientHealth> {
  return getJson<AdminClientHealth>(`/api/admin/clients/${id}/health-form`, signal);
}

export function useClientHealthForm(id: number, open: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: clientKeys.health(id),
    queryFn: async ({ signal }) => {
      const health = await getClientHealthForm(id, signal);
      void queryClient.invalidateQueries({ queryKey: clientKeys.accessLog(id) });
      return health;
    },
    enabled: open,
    // Read once per opening: kept while the page is open, never refetched behind her back.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
}
