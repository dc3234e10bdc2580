/** PUT /api/admin/safety: saves her safety contact. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SafetySettings } from '@shared/schemas/check-in';
import { apiRequest } from '@/lib/api';
import { SAFETY_KEY } from './check-in-keys';

export async function saveSafety(settings: SafetySettings): Promise<SafetySettings> {
  const res = await apiRequest('PUT', SAFETY_KEY[0], settings);
  return (await res.json()) as SafetySettings;
}

export function useSaveSafety() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSafety,
    onSuccess: (saved) => queryClient.setQueryData(SAFETY_KEY, saved),
  });
}
