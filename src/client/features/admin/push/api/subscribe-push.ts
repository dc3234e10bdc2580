/** POST /api/admin/push/subscriptions: this browser's push subscription (upserted by endpoint). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PushSubscribe, PushSubscriptionView } from '@shared/schemas/push';
import { apiRequest } from '@/lib/api';
import { pushKeys } from './push-keys';

export async function subscribePush(subscription: PushSubscribe): Promise<PushSubscriptionView> {
  const res = await apiRequest('POST', '/api/admin/push/subscriptions', subscription);
  return (await res.json()) as PushSubscriptionView;
}

export function useSubscribePush() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: pushKeys.subscribe,
    mutationFn: subscribePush,
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.settings }),
  });
}
