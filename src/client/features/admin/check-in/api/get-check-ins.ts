/** GET /api/admin/check-ins?date=YYYY-MM-DD: the check-in state of the day's visits. */
import { useQuery } from '@tanstack/react-query';
import type { CheckInState } from '@shared/schemas/check-in';
import { getJson } from '@/lib/api';
import { checkInsKey } from './check-in-keys';

export const getCheckIns = (date: string, signal?: AbortSignal) =>
  getJson<CheckInState[]>(checkInsKey(date)[0], signal);

export function useCheckIns(date: string) {
  return useQuery({ queryKey: checkInsKey(date), queryFn: ({ signal }) => getCheckIns(date, signal) });
}
