/** POST /api/admin/outbox/{id}/discard, no body: one held e-mail leaves the outbox unsent (docs/product.md §2
 * "Outbox"). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HeldAnswer } from '@shared/schemas/outbox';
import { apiRequest } from '@/lib/api';
import { invalidateOutbox } from './outbox-keys';

export async function discardHeldEmail(id: number): Promise<HeldAnswer> {
  const res = await apiRequest('POST', `/api/admin/outbox/${id}/discard`);
  return (await res.json()) as HeldAnswer;
}

export function useDiscardHeldEmail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: discardHeldEmail, onSettled: () => invalidateOutbox(queryClient) });
}
