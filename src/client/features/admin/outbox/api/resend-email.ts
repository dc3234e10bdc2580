/**
 * POST /api/admin/outbox/{id}/resend, no body: a failed e-mail goes back in the queue (a retrying
 * one is tried now), under its same Message-ID; the worker sends it at its next poll.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OutboxResendResponse } from '@shared/schemas/outbox';
import { apiRequest } from '@/lib/api';
import { invalidateOutbox } from './outbox-keys';

export async function resendEmail(id: number): Promise<OutboxResendResponse> {
  const res = await apiRequest('POST', `/api/admin/outbox/${id}/resend`);
  return (await res.json()) as OutboxResendResponse;
}

export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendEmail,
    onSettled: () => invalidateOutbox(queryClient),
  });
}
