/** GET /api/admin/settings: what the guided setup's steps start from (the install's first values). */
import { useQuery } from '@tanstack/react-query';
import type { Settings } from '@shared/schemas/settings';
import { getJson } from '@/lib/get-json';

export const SETTINGS_KEY = ['/api/admin/settings'] as const;

export const getSettings = (signal?: AbortSignal) => getJson<Settings>(SETTINGS_KEY[0], signal);

export function useSettings() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => getSettings(signal) });
}
