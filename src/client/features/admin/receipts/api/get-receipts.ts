/** GET /api/admin/bookings/{id}/receipts: the visit's receipts and credit notes, oldest first. */
import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { ReceiptSummary } from '@shared/schemas/receipts';
import { getJson } from '@/lib/get-json';
import { receiptsKey } from './receipt-keys';

export const getReceipts = (bookingId: number, signal?: AbortSignal) =>
  getJson<ReceiptSummary[]>(receiptsKey(bookingId)[0], signal);

/** A visit's receipts a server-rendered Today came with (decision 033): as fresh as the page, not asked for again. */
export function seedReceipts(queryClient: QueryClient, bookingId: number, receipts: ReceiptSummary[]): void {
  queryClient.setQueryData(receiptsKey(bookingId), receipts);
}

export function useReceipts(bookingId: number) {
  return useQuery({ queryKey: receiptsKey(bookingId), queryFn: ({ signal }) => getReceipts(bookingId, signal) });
}
