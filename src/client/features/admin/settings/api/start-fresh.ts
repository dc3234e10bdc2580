/**
 * POST /api/admin/start-fresh `{ confirm: 'START FRESH' }` (docs/product.md §2 "Start fresh"): the demo content goes
 * and an example service takes its place. Afterwards every list she has open is out of date, so every query is
 * refreshed.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StartFreshAnswer, StartFreshInput } from '@shared/schemas/start-fresh';
import { apiRequest } from '@/lib/api';

export async function startFresh(input: StartFreshInput): Promise<StartFreshAnswer> {
  const res = await apiRequest('POST', '/api/admin/start-fresh', input);
  return (await res.json()) as StartFreshAnswer;
}

export function useStartFresh() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: startFresh, onSuccess: () => queryClient.invalidateQueries() });
}
