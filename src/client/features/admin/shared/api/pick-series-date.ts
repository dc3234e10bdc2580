/** POST /api/admin/series/{id}/occurrences: book a conflicting date at another time (checked again). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PickOccurrence, SeriesOccurrence } from '@shared/schemas/series';
import { apiRequest } from '@/lib/api';
import { refreshSeries } from './series-keys';

export async function pickSeriesDate({ seriesId, ...pick }: PickOccurrence & { seriesId: number }) {
  const res = await apiRequest('POST', `/api/admin/series/${seriesId}/occurrences`, pick);
  return (await res.json()) as SeriesOccurrence;
}

export function usePickSeriesDate() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: pickSeriesDate, onSettled: () => refreshSeries(queryClient) });
}
