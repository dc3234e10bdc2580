/** POST /api/blocked-dates: block a whole day or part of one (docs/product.md §5 Block date). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BlockedDate, BlockedDateInput } from '@shared/schemas/blocked-date';
import { apiRequest } from '@/lib/api';
import { blockedDatesQueryOptions } from './get-blocked-dates';
import { AVAILABILITY_KEY } from '@/lib/queries/availability-key';

export async function blockDate(input: BlockedDateInput): Promise<BlockedDate> {
  const res = await apiRequest('POST', '/api/blocked-dates', input);
  return (await res.json()) as BlockedDate;
}

export function useBlockDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: blockDate,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: blockedDatesQueryOptions().queryKey }),
        queryClient.invalidateQueries({ queryKey: AVAILABILITY_KEY }),
      ]);
    },
  });
}
