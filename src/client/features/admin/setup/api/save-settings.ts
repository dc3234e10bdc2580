/**
 * PATCH /api/admin/settings: the part of her settings one setup step sends (practice, base, service area); the answer
 * is the whole settings. The public pages read the practice from /api/practice, refreshed here.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Settings, SettingsPatch } from '@shared/schemas/settings';
import { apiRequest } from '@/lib/api';
import { practiceInfoQueryOptions } from '@/lib/queries/get-practice-info';
import { SETTINGS_KEY } from './get-settings';

export async function saveSettings(patch: SettingsPatch): Promise<Settings> {
  const res = await apiRequest('PATCH', SETTINGS_KEY[0], patch);
  return (await res.json()) as Settings;
}

export function useSaveSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(SETTINGS_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: practiceInfoQueryOptions().queryKey });
    },
  });
}
