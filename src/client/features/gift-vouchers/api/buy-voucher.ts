/** POST /api/vouchers: starts the card payment; the answer is Stripe Checkout's page, where the browser goes next. */
import { useMutation } from '@tanstack/react-query';
import type { VoucherPurchaseInput } from '@shared/schemas/vouchers';
import { apiRequest } from '@/lib/api';

export async function buyVoucher(input: VoucherPurchaseInput): Promise<{ url: string }> {
  const res = await apiRequest('POST', '/api/vouchers', input);
  return (await res.json()) as { url: string };
}

export const useBuyVoucher = () => useMutation({ mutationFn: buyVoucher });
