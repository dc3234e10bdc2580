/** GET /api/admin/money/settings: whose bookings pay a deposit, and whether a late cancellation keeps it. */
import { useQuery } from '@tanstack/react-query';
import type { MoneySettings } from '@shared/schemas/deposit';
import { getJson } from '@/lib/get-json';
import { MONEY_SETTINGS_KEY } from './money-settings-key';

export const getMoneySettings = (signal?: AbortSignal) => getJson<MoneySettings>(MONEY_SETTINGS_KEY[0], signal);

export function useMoneySettings() {
  return useQuery({ queryKey: MONEY_SETTINGS_KEY, queryFn: ({ signal }) => getMoneySettings(signal) });
}
