/**
 * POST /api/admin/payments/{id}/refund (decision 037): a refund of a card payment, asked of Stripe; it becomes a
 * negative payment when Stripe confirms it (the panel looks again meanwhile).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CardRefundAnswer } from '@shared/schemas/card-payments';
import { apiRequest } from '@/lib/api';
import { refreshBalances } from '../../shared/api/payment-keys';

export async function refundCardPayment({
  paymentId,
  amountCents,
  reason,
}: {
  paymentId: number;
  amountCents: number;
  reason: string;
}): Promise<CardRefundAnswer> {
  const res = await apiRequest('POST', `/api/admin/payments/${paymentId}/refund`, { amountCents, reason });
  return (await res.json()) as CardRefundAnswer;
}

export function useRefundCardPayment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: refundCardPayment, onSettled: () => refreshBalances(queryClient) });
}
