/**
 * PATCH /api/admin/settings/sms (decision 038): saves the fields given (null clears one: the environment's stands
 * again); answers the settings, never the token. Whether the booking form offers texts follows, so the site settings
 * are asked again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SmsSettings, SmsSettingsPatch } from '@shared/schemas/sms';
import { apiRequest } from '@/lib/api';
import { siteConfigQueryOptions } from '@/lib/queries/get-site-config';
import { SMS_SETTINGS_KEY } from './sms-settings-key';

export async function saveSmsSettings(patch: SmsSettingsPatch): Promise<SmsSettings> {
  const res = await apiRequest('PATCH', SMS_SETTINGS_KEY[0], patch);
  return (await res.json()) as SmsSettings;
}

export function useSaveSmsSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSmsSettings,
    onSuccess: (saved) => {
      queryClient.setQueryData(SMS_SETTINGS_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: siteConfigQueryOptions().queryKey });
    },
  });
}
