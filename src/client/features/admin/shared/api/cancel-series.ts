/** DELETE /api/admin/series/{id}?from=: cancel this visit and the following ones, and end the series. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Series } from '@shared/schemas/series';
import { apiRequest } from '@/lib/api';
import { refreshSeries } from './series-keys';

export async function cancelSeries({ seriesId, from }: { seriesId: number; from: string }): Promise<Series> {
  const res = await apiRequest('DELETE', `/api/admin/series/${seriesId}?from=${encodeURIComponent(from)}`);
  return (await res.json()) as Series;
}

export function useCancelSeries() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelSeries, onSettled: () => refreshSeries(queryClient) });
}
