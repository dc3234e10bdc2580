/** GET /api/admin/settings/payments (decision 037): whether each Stripe key is set, where from, its last 4 characters.
 * */
import { useQuery } from '@tanstack/react-query';
import type { CardPaymentSettings } from '@shared/schemas/card-payments';
import { getJson } from '@/lib/get-json';
import { CARD_PAYMENT_SETTINGS_KEY } from './card-payment-settings-key';

export const getCardPaymentSettings = (signal?: AbortSignal) =>
  getJson<CardPaymentSettings>(CARD_PAYMENT_SETTINGS_KEY[0], signal);

export function useCardPaymentSettings() {
  return useQuery({ queryKey: CARD_PAYMENT_SETTINGS_KEY, queryFn: ({ signal }) => getCardPaymentSettings(signal) });
}
