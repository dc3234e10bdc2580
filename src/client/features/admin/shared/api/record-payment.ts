/** POST /api/admin/bookings/{id}/payments: a payment, or (negative) a refund with its reason. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentAnswer, RecordPaymentInput } from '@shared/schemas/payment';
import { apiRequest } from '@/lib/api';
import { refreshBalances } from './payment-keys';

export async function recordPayment({
  bookingId,
  ...payment
}: RecordPaymentInput & { bookingId: number }): Promise<PaymentAnswer> {
  const res = await apiRequest('POST', `/api/admin/bookings/${bookingId}/payments`, payment);
  return (await res.json()) as PaymentAnswer;
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recordPayment, onSettled: () => refreshBalances(queryClient) });
}
