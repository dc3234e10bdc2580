/** POST /api/admin/bookings/{id}/pay-link (decision 037): the client's 'Pay now' link for the balance, e-mailed too. */
import { useMutation } from '@tanstack/react-query';
import type { PayLinkAnswer } from '@shared/schemas/card-payments';
import { apiRequest } from '@/lib/api';

export async function sendPayLink({ bookingId, send }: { bookingId: number; send: boolean }): Promise<PayLinkAnswer> {
  const res = await apiRequest('POST', `/api/admin/bookings/${bookingId}/pay-link`, { send });
  return (await res.json()) as PayLinkAnswer;
}

export function usePayLink() {
  return useMutation({ mutationFn: sendPayLink });
}
