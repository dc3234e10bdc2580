/**
 * GET /api/admin/bookings/{id}/availability?date=: the times a visit could move to on a date (its duration, its
 * address's drive, its own time free for itself), for 'Change time…'.
 */
import { useQuery } from '@tanstack/react-query';
import type { AvailabilityResponse } from '@shared/schemas/booking';
import { getJson } from '@/lib/get-json';

export const moveTimesKey = (id: number, date: string) => ['/api/admin/bookings', id, 'availability', date] as const;

export function getMoveTimes(id: number, date: string, signal?: AbortSignal): Promise<AvailabilityResponse> {
  return getJson<AvailabilityResponse>(
    `/api/admin/bookings/${id}/availability?date=${encodeURIComponent(date)}`,
    signal,
  );
}

export function useMoveTimes(id: number, date: string, enabled: boolean) {
  return useQuery({
    queryKey: moveTimesKey(id, date),
    queryFn: ({ signal }) => getMoveTimes(id, date, signal),
    enabled: enabled && /^\d{4}-\d{2}-\d{2}$/.test(date),
    staleTime: 0,
  });
}
