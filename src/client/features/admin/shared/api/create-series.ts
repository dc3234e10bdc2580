/** POST /api/admin/series: repeat a confirmed booking every 1-4 weeks, N visits or until a date. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SeriesCreated, SeriesRequest } from '@shared/schemas/series';
import { apiRequest } from '@/lib/api';
import { refreshSeries } from './series-keys';

export async function createSeries(input: SeriesRequest): Promise<SeriesCreated> {
  const res = await apiRequest('POST', '/api/admin/series', input);
  return (await res.json()) as SeriesCreated;
}

export function useCreateSeries() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createSeries, onSettled: () => refreshSeries(queryClient) });
}
