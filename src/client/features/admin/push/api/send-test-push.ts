/** POST /api/admin/push/test: a test push to every subscribed phone, through the push outbox. */
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { pushKeys } from './push-keys';

export interface TestPushQueued {
  message: string;
  queued: number;
}

export async function sendTestPush(): Promise<TestPushQueued> {
  const res = await apiRequest('POST', '/api/admin/push/test');
  return (await res.json()) as TestPushQueued;
}

export function useSendTestPush() {
  return useMutation({ mutationKey: pushKeys.test, mutationFn: sendTestPush });
}
