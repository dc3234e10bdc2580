/** PUT /api/admin/vouchers/settings: at least 36 months (the law's three years); issued vouchers keep their expiry. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VoucherSettings, VoucherSettingsInput } from '@shared/schemas/vouchers';
import { apiRequest } from '@/lib/api';
import { VOUCHER_SETTINGS_KEY } from './get-voucher-settings';

export async function saveVoucherSettings(input: VoucherSettingsInput): Promise<VoucherSettings> {
  const res = await apiRequest('PUT', VOUCHER_SETTINGS_KEY[0], input);
  return (await res.json()) as VoucherSettings;
}

export function useSaveVoucherSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveVoucherSettings,
    onSuccess: (saved) => queryClient.setQueryData(VOUCHER_SETTINGS_KEY, saved),
  });
}
