/** PUT /api/admin/money/settings: saves her deposit settings. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MoneySettings } from '@shared/schemas/deposit';
import { apiRequest } from '@/lib/api';
import { MONEY_SETTINGS_KEY } from './money-settings-key';

export async function saveMoneySettings(settings: MoneySettings): Promise<MoneySettings> {
  const res = await apiRequest('PUT', MONEY_SETTINGS_KEY[0], settings);
  return (await res.json()) as MoneySettings;
}

export function useSaveMoneySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveMoneySettings,
    onSuccess: (saved) => queryClient.setQueryData(MONEY_SETTINGS_KEY, saved),
  });
}
