/** GET /api/admin/clients/{id}/access-log: who read or changed the client's sensitive record, newest first. */
import { useQuery } from '@tanstack/react-query';
import type { AccessLogEntry } from '@shared/schemas/health';
import { getJson } from '@/lib/get-json';
import { clientKeys } from '../client-keys';

export function getClientAccessLog(id: number, signal?: AbortSignal): Promise<AccessLogEntry[]> {
  return getJson<AccessLogEntry[]>(`/api/admin/clients/${id}/access-log`, signal);
}

export function useClientAccessLog(id: number) {
  return useQuery({ queryKey: clientKeys.accessLog(id), queryFn: ({ signal }) => getClientAccessLog(id, signal) });
}
