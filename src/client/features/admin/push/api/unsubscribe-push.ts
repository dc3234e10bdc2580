/** POST /api/admin/push/unsubscribe: this browser gets no more pushes (its queued ones go too). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MessageAnswer } from '@shared/schemas/message';
import { apiRequest } from '@/lib/api';
import { pushKeys } from './push-keys';

export async function unsubscribePush(endpoint: string): Promise<MessageAnswer> {
  const res = await apiRequest('POST', '/api/admin/push/unsubscribe', { endpoint });
  return (await res.json()) as MessageAnswer;
}

export function useUnsubscribePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: pushKeys.unsubscribe,
    mutationFn: unsubscribePush,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.settings }),
  });
}
