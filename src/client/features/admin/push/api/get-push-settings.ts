/** GET /api/admin/push: the VAPID public key, her subscribed phones and her switches per kind. */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PushSettings } from '@shared/schemas/push';
import { getJson } from '@/lib/get-json';
import { pushKeys } from './push-keys';

export function getPushSettings(signal?: AbortSignal): Promise<PushSettings> {
  return getJson<PushSettings>('/api/admin/push', signal);
}

export function pushSettingsQueryOptions() {
  return queryOptions({ queryKey: pushKeys.settings, queryFn: ({ signal }) => getPushSettings(signal) });
}

export function usePushSettings() {
  return useQuery(pushSettingsQueryOptions());
}
