/**
 * POST /api/business-hours: one day's hours, saved on every change (docs/product.md §4). The
 * seeded '/api/business-hours' query is updated so the footer and the wizard follow at once.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessHours, BusinessHoursInput } from '@shared/schemas/hours';
import { apiRequest } from '@/lib/api';
import { businessHoursQueryOptions } from '@/lib/queries/get-business-hours';
import { AVAILABILITY_KEY } from '@/lib/queries/availability-key';

export async function saveBusinessHours(entry: BusinessHoursInput): Promise<BusinessHours> {
  const res = await apiRequest('POST', '/api/business-hours', entry);
  return (await res.json()) as BusinessHours;
}

export function useSaveBusinessHours() {
  const queryClient = useQueryClient();
  const { queryKey } = businessHoursQueryOptions();
  return useMutation({
    mutationFn: saveBusinessHours,
    onSuccess: async (saved) => {
      queryClient.setQueryData(queryKey, (old) =>
        [...(old ?? []).filter((e) => e.dayOfWeek !== saved.dayOfWeek), saved].sort(
          (a, b) => a.dayOfWeek - b.dayOfWeek,
        ),
      );
      await Promise.all([
        queryClient.invalidateQueries({ queryKey }),
        queryClient.invalidateQueries({ queryKey: AVAILABILITY_KEY }),
      ]);
    },
  });
}
