/**
 * POST /api/bookings/token/{token}/pay (decision 037): a Stripe Checkout page for the deposit or the balance; the
 * amount is the server's. The caller sends the browser there.
 */
import { useMutation } from '@tanstack/react-query';
import type { CheckoutUrl, PayPurpose } from '@shared/schemas/card-payments';
import { apiRequest } from '@/lib/api';

export async function startCardPayment({
  token,
  purpose,
}: {
  token: string;
  purpose: PayPurpose;
}): Promise<CheckoutUrl> {
  const res = await apiRequest('POST', `/api/bookings/token/${encodeURIComponent(token)}/pay`, { purpose });
  return (await res.json()) as CheckoutUrl;
}

export function useStartCardPayment() {
  return useMutation({ mutationFn: startCardPayment });
}
