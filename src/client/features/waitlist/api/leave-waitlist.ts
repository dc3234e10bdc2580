/** POST /api/waitlist/{token}/leave: the visitor leaves the waitlist by the e-mailed link (docs/product.md §4
 * "Waitlist"). */
import { useMutation } from '@tanstack/react-query';
import type { WaitlistJoined } from '@shared/schemas/waitlist';
import { apiRequest } from '@/lib/api';

export async function leaveWaitlist(token: string): Promise<WaitlistJoined> {
  const res = await apiRequest('POST', `/api/waitlist/${encodeURIComponent(token)}/leave`);
  return (await res.json()) as WaitlistJoined;
}

export function useLeaveWaitlist(token: string) {
  return useMutation({ mutationFn: () => leaveWaitlist(token) });
}
