/**
 * GET/POST /api/bookings/token/{token}/voucher (docs/product.md §18.5): the gift voucher given for this visit, and
 * giving one ('Have a gift voucher?'). It is spent when the therapist confirms the visit (at once when it is confirmed
 * already).
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BookingVoucherAnswer } from '@shared/schemas/vouchers';
import { apiRequest } from '@/lib/api';
import { getJson } from '@/lib/get-json';

const url = (token: string) => `/api/bookings/token/${encodeURIComponent(token)}/voucher`;

export const bookingVoucherQuery = (token: string) =>
  queryOptions({
    queryKey: ['/api/bookings/token', token, 'voucher'],
    queryFn: ({ signal }) => getJson<BookingVoucherAnswer>(url(token), signal),
    staleTime: 30_000,
  });

export const useBookingVoucher = (token: string) => useQuery({ ...bookingVoucherQuery(token), enabled: token !== '' });

export async function giveBookingVoucher(token: string, code: string): Promise<BookingVoucherAnswer> {
  const res = await apiRequest('POST', url(token), { code });
  return (await res.json()) as BookingVoucherAnswer;
}

export function useGiveBookingVoucher(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => giveBookingVoucher(token, code),
    onSuccess: (answer) => queryClient.setQueryData(bookingVoucherQuery(token).queryKey, answer),
  });
}
