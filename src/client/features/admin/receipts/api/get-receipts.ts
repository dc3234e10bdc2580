/** GET /api/admin/bookings/{id}/receipts: the visit's receipts and credit notes, oldest first. */
import { useQuery } from '@tanstack/react-query';
import type { ReceiptSummary } from '@shared/schemas/receipts';
import { getJson } from '@/lib/api';
import { receiptsKey } from './receipt-keys';

export const getReceipts = (bookingId: number, signal?: AbortSignal) =>
  getJson<ReceiptSummary[]>(receiptsKey(bookingId)[0], signal);

export function useReceipts(bookingId: number) {
  return useQuery({ queryKey: receiptsKey(bookingId), queryFn: ({ signal }) => getReceipts(bookingId, signal) });
}
