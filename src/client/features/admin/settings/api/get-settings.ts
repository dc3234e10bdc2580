/** GET /api/admin/settings: who the practice is, where it works and its booking rules (docs/product.md §19). */
import { useQuery } from '@tanstack/react-query';
import type { Settings } from '@shared/schemas/settings';
import { getJson } from '@/lib/get-json';
import { SETTINGS_KEY } from './settings-key';

export const getSettings = (signal?: AbortSignal) => getJson<Settings>(SETTINGS_KEY[0], signal);

export function useSettings() {
  return useQuery({ queryKey: SETTINGS_KEY, queryFn: ({ signal }) => getSettings(signal) });
}
