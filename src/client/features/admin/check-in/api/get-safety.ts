/** GET /api/admin/safety: her safety contact, grace and whether alerts are on. */
import { useQuery } from '@tanstack/react-query';
import type { SafetySettings } from '@shared/schemas/check-in';
import { getJson } from '@/lib/get-json';
import { SAFETY_KEY } from './check-in-keys';

export const getSafety = (signal?: AbortSignal) => getJson<SafetySettings>(SAFETY_KEY[0], signal);

export function useSafety() {
  return useQuery({ queryKey: SAFETY_KEY, queryFn: ({ signal }) => getSafety(signal) });
}
