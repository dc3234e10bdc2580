/**
 * POST /api/admin/outbox/held/send `{ upToId }`: she sends every held e-mail up to the newest she saw
 * (docs/product.md §2 "Outbox"); one held after she looked waits for its own decision.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { HeldAnswer } from '@shared/schemas/outbox';
import { apiRequest } from '@/lib/api';
import { invalidateOutbox } from './outbox-keys';

export async function sendAllHeld(upToId: number): Promise<HeldAnswer> {
  const res = await apiRequest('POST', '/api/admin/outbox/held/send', { upToId });
  return (await res.json()) as HeldAnswer;
}

export function useSendAllHeld() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: sendAllHeld, onSettled: () => invalidateOutbox(queryClient) });
}
