/** GET /api/setup: whether the site still has no administrator, so /admin/setup is open (docs/product.md §2 "First
 * run"). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SetupStatus } from '@shared/schemas/setup';
import { getJson } from '@/lib/get-json';

export const SETUP_STATUS_KEY = ['/api/setup'] as const;

export const getSetupStatus = (signal?: AbortSignal) => getJson<SetupStatus>(SETUP_STATUS_KEY[0], signal);

export function setupStatusQueryOptions() {
  return queryOptions({ queryKey: SETUP_STATUS_KEY, queryFn: ({ signal }) => getSetupStatus(signal) });
}

export function useSetupStatus() {
  return useQuery(setupStatusQueryOptions());
}
