/** GET /api/admin/waitlist: the active waitlist entries in join order, with their offers (docs/product.md §4
 * "Waitlist"). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminWaitlistEntry } from '@shared/schemas/waitlist';
import { getJson } from '@/lib/get-json';
import { PENDING_POLL_MS } from '@shared/constants';

export const ADMIN_WAITLIST_KEY = ['/api/admin/waitlist'] as const;

export function adminWaitlistQueryOptions() {
  return queryOptions({
    queryKey: ADMIN_WAITLIST_KEY,
    queryFn: ({ signal }) => getJson<AdminWaitlistEntry[]>('/api/admin/waitlist', signal),
  });
}

/** Refreshed with the pending list: offers change as times free. */
export function useAdminWaitlist() {
  return useQuery({ ...adminWaitlistQueryOptions(), refetchInterval: PENDING_POLL_MS });
}
