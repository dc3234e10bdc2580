/** POST /api/admin/payments/{id}/void: a wrong entry struck through with her reason, never deleted. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentAnswer } from '@shared/schemas/payment';
import { apiRequest } from '@/lib/api';
import { refreshBalances } from './payment-keys';

export async function voidPayment({
  paymentId,
  reason,
}: {
  paymentId: number;
  reason: string;
}): Promise<PaymentAnswer> {
  const res = await apiRequest('POST', `/api/admin/payments/${paymentId}/void`, { reason });
  return (await res.json()) as PaymentAnswer;
}

export function useVoidPayment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: voidPayment, onSettled: () => refreshBalances(queryClient) });
}
