/** POST /api/admin/series/{id}/change: 'this and following' at a new time (all or nothing). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeSeries, Series } from '@shared/schemas/series';
import { apiRequest } from '@/lib/api';
import { refreshSeries } from './series-keys';

export async function changeSeries({ seriesId, ...change }: ChangeSeries & { seriesId: number }): Promise<Series> {
  const res = await apiRequest('POST', `/api/admin/series/${seriesId}/change`, change);
  return (await res.json()) as Series;
}

export function useChangeSeries() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changeSeries, onSettled: () => refreshSeries(queryClient) });
}
