/** GET /api/admin/series?bookingId=: the series a booking belongs to, if any. */
import { useQuery } from '@tanstack/react-query';
import type { Series } from '@shared/schemas/series';
import { getJson } from '@/lib/get-json';
import { seriesKeys } from './series-keys';

export async function getBookingSeries(bookingId: number, signal?: AbortSignal): Promise<Series | null> {
  const list = await getJson<Series[]>(`/api/admin/series?bookingId=${bookingId}`, signal);
  return list[0] ?? null;
}

export function useBookingSeries(bookingId: number, enabled = true) {
  return useQuery({
    queryKey: seriesKeys.ofBooking(bookingId),
    queryFn: ({ signal }) => getBookingSeries(bookingId, signal),
    enabled,
  });
}
