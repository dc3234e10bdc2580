/** DELETE /api/admin/waitlist/{id}: her Remove (docs/product.md §4 "Waitlist"); a time held for the entry goes to the
 * next person. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { ADMIN_WAITLIST_KEY } from './get-waitlist';

export async function removeWaitlistEntry(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/admin/waitlist/${id}`);
}

export function useRemoveWaitlistEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeWaitlistEntry,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ADMIN_WAITLIST_KEY }),
  });
}
