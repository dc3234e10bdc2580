/**
 * GET /api/bookings/token/{token}/pay (decision 037): what the client may pay by card now; null when card payments are
 * not set up (the server answers `enabled: false`), so nothing of them shows.
 */
import { useQuery } from '@tanstack/react-query';
import type { CardPayable } from '@shared/schemas/card-payments';
import { getJson } from '@/lib/get-json';

export const cardPayableKey = (token: string) => ['/api/bookings/token', token, 'pay'] as const;

export async function getCardPayable(token: string, signal?: AbortSignal): Promise<CardPayable | null> {
  const payable = await getJson<CardPayable>(`/api/bookings/token/${encodeURIComponent(token)}/pay`, signal);
  return payable.enabled ? payable : null;
}

export function useCardPayable(token: string, options: { refetchInterval?: number | false } = {}) {
  return useQuery({
    queryKey: cardPayableKey(token),
    queryFn: ({ signal }) => getCardPayable(token, signal),
    enabled: token !== '',
    refetchInterval: options.refetchInterval,
  });
}
