/**
 * POST /api/admin/bookings/{id}/receipt: a receipt of what was paid, a corrected one (`replaces`), or a credit note.
 * The server numbers it, stores it and queues the e-mail with the PDF; the visit's list is read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReceiptIssued, ReceiptRequest } from '@shared/schemas/receipts';
import { apiRequest } from '@/lib/api';
import { receiptsKey } from './receipt-keys';

export async function issueReceipt(bookingId: number, body: ReceiptRequest = {}): Promise<ReceiptIssued> {
  const res = await apiRequest('POST', `/api/admin/bookings/${bookingId}/receipt`, body);
  return (await res.json()) as ReceiptIssued;
}

export function useIssueReceipt(bookingId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceiptRequest = {}) => issueReceipt(bookingId, body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: receiptsKey(bookingId) }),
  });
}
