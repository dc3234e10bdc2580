/** POST /api/admin/receipts/{number}/send: the same receipt (same number) e-mailed to the client again. */
import { useMutation } from '@tanstack/react-query';
import type { ReceiptIssued } from '@shared/schemas/receipts';
import { apiRequest } from '@/lib/api';

export async function resendReceipt(number: number): Promise<ReceiptIssued> {
  const res = await apiRequest('POST', `/api/admin/receipts/${number}/send`);
  return (await res.json()) as ReceiptIssued;
}

export function useResendReceipt() {
  return useMutation({ mutationFn: resendReceipt });
}
