/**
 * Her week's hours from the setup's hours step: POST /api/business-hours once per weekday (the Availability tab's
 * call), in order; the public pages' hours and the free times follow.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessHours, BusinessHoursInput } from '@shared/schemas/hours';
import { apiRequest } from '@/lib/api';
import { AVAILABILITY_KEY } from '@/lib/queries/availability-key';
import { businessHoursQueryOptions } from '@/lib/queries/get-business-hours';

export async function saveWeekHours(week: BusinessHoursInput[]): Promise<BusinessHours[]> {
  const saved: BusinessHours[] = [];
  for (const day of week) {
    const res = await apiRequest('POST', '/api/business-hours', day);
    saved.push((await res.json()) as BusinessHours);
  }
  return saved;
}

export function useSaveWeekHours() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveWeekHours,
    onSuccess: async (saved) => {
      queryClient.setQueryData(businessHoursQueryOptions().queryKey, saved);
      await queryClient.invalidateQueries({ queryKey: AVAILABILITY_KEY });
    },
  });
}
