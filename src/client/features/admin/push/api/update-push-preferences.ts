/** PUT /api/admin/push/preferences: her switches, shown at once and put back if the server refuses. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PushPreferences, PushSettings } from '@shared/schemas/push';
import { apiRequest } from '@/lib/api';
import { pushKeys } from './push-keys';

export async function updatePushPreferences(preferences: PushPreferences): Promise<PushPreferences> {
  const res = await apiRequest('PUT', '/api/admin/push/preferences', preferences);
  return (await res.json()) as PushPreferences;
}

export function useUpdatePushPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: pushKeys.preferences,
    mutationFn: updatePushPreferences,
    onMutate: async (preferences) => {
      await queryClient.cancelQueries({ queryKey: pushKeys.settings });
      const before = queryClient.getQueryData<PushSettings>(pushKeys.settings);
      if (before) queryClient.setQueryData<PushSettings>(pushKeys.settings, { ...before, preferences });
      return { before };
    },
    onError: (_error, _preferences, context) => {
      if (context?.before) queryClient.setQueryData(pushKeys.settings, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: pushKeys.settings }),
  });
}
