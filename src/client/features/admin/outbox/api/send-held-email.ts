/** POST /api/admin/outbox/{id}/send, no body: she sends one held e-mail (docs/product.md §2 "Outbox"); the worker sends
 * it next poll. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HeldAnswer } from '@shared/schemas/outbox';
import { apiRequest } from '@/lib/api';
import { invalidateOutbox } from './outbox-keys';

export async function sendHeldEmail(id: number): Promise<HeldAnswer> {
  const res = await apiRequest('POST', `/api/admin/outbox/${id}/send`);
  return (await res.json()) as HeldAnswer;
}

export function useSendHeldEmail() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendHeldEmail, onSettled: () => invalidateOutbox(queryClient) });
}
