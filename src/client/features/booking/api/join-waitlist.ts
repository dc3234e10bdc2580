/** POST /api/waitlist: 'Tell me if a time opens' (docs/product.md §4 "Waitlist"). */
import { useMutation } from '@tanstack/react-query';
import type { WaitlistJoined, WaitlistJoinInput } from '@shared/schemas/waitlist';
import { apiRequest } from '@/lib/api';

export async function joinWaitlist(body: WaitlistJoinInput): Promise<WaitlistJoined> {
  const res = await apiRequest('POST', '/api/waitlist', body);
  return (await res.json()) as WaitlistJoined;
}

export function useJoinWaitlist() {
  return useMutation({ mutationFn: joinWaitlist });
}
