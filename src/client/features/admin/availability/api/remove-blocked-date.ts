/** DELETE /api/blocked-dates/{id}: unblock (from the list's remove button or a click on the calendar). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { blockedDatesQueryOptions } from './get-blocked-dates';
import { AVAILABILITY_KEY } from '@/lib/queries/availability-key';

export async function removeBlockedDate(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/blocked-dates/${id}`);
}

export function useRemoveBlockedDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBlockedDate,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: blockedDatesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: AVAILABILITY_KEY }),
      ]);
    },
  });
}
