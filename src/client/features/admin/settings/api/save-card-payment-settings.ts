/** PATCH /api/admin/settings/payments (decision 037): saves (or with null removes) her Stripe keys; answers no key. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardPaymentSettings, CardPaymentSettingsPatch } from '@shared/schemas/card-payments';
import { apiRequest } from '@/lib/api';
import { CARD_PAYMENT_SETTINGS_KEY } from './card-payment-settings-key';

export async function saveCardPaymentSettings(patch: CardPaymentSettingsPatch): Promise<CardPaymentSettings> {
  const res = await apiRequest('PATCH', CARD_PAYMENT_SETTINGS_KEY[0], patch);
  return (await res.json()) as CardPaymentSettings;
}

export function useSaveCardPaymentSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCardPaymentSettings,
    onSuccess: (saved) => queryClient.setQueryData(CARD_PAYMENT_SETTINGS_KEY, saved),
  });
}
