/** GET /api/admin/check-ins?date=YYYY-MM-DD: the check-in state of the day's visits. */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { CheckInState } from '@shared/schemas/check-in';
import { getJson } from '@/lib/get-json';
import { checkInsKey } from './check-in-keys';

export const getCheckIns = (date: string, signal?: AbortSignal) =>
  getJson<CheckInState[]>(checkInsKey(date)[0], signal);

/** The day's check-ins a server-rendered Today came with (decision 033): as fresh as the page, not asked for again. */
export function seedCheckIns(queryClient: QueryClient, date: string, checkIns: CheckInState[]): void {
  queryClient.setQueryData(checkInsKey(date), checkIns);
}

/** While she is at a visit (arrived, not left), the state is asked for again each minute: an alert shows by itself. */
export const AT_A_VISIT_REFRESH_MS = 60_000;

export function useCheckIns(date: string) {
  return useQuery({
    queryKey: checkInsKey(date),
    queryFn: ({ signal }) => getCheckIns(date, signal),
    refetchInterval: (query) =>
      query.state.data?.some((c) => c.arrivedAt && !c.leftAt) ? AT_A_VISIT_REFRESH_MS : false,
  });
}
