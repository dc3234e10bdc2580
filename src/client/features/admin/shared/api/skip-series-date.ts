/** POST /api/admin/series/{id}/skip: leave a conflicting date without a visit. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SeriesOccurrence } from '@shared/schemas/series';
import { apiRequest } from '@/lib/api';
import { refreshSeries } from './series-keys';

export async function skipSeriesDate({ seriesId, date }: { seriesId: number; date: string }) {
  const res = await apiRequest('POST', `/api/admin/series/${seriesId}/skip`, { date });
  return (await res.json()) as SeriesOccurrence;
}

export function useSkipSeriesDate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: skipSeriesDate, onSettled: () => refreshSeries(queryClient) });
}
