/** GET /api/admin/bookings/{id}/payments: a visit's payments (voided ones included) and its balance. */
import { useQuery } from '@tanstack/react-query';
import type { BookingPayments } from '@shared/schemas/payment';
import { apiRequest } from '@/lib/api';
import { paymentKeys } from './payment-keys';

export async function getBookingPayments(bookingId: number): Promise<BookingPayments> {
  const res = await apiRequest('GET', `/api/admin/bookings/${bookingId}/payments`);
  return (await res.json()) as BookingPayments;
}

export function useBookingPayments(bookingId: number) {
  return useQuery({ queryKey: paymentKeys.ofBooking(bookingId), queryFn: () => getBookingPayments(bookingId) });
}
