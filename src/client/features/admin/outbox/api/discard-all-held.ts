/** POST /api/admin/outbox/held/discard `{ upToId }`: every held e-mail up to the newest she saw leaves unsent. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HeldAnswer } from '@shared/schemas/outbox';
import { apiRequest } from '@/lib/api';
import { invalidateOutbox } from './outbox-keys';

export async function discardAllHeld(upToId: number): Promise<HeldAnswer> {
  const res = await apiRequest('POST', '/api/admin/outbox/held/discard', { upToId });
  return (await res.json()) as HeldAnswer;
}

export function useDiscardAllHeld() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: discardAllHeld, onSettled: () => invalidateOutbox(queryClient) });
}
