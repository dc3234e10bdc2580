/**
 * POST /api/admin/bookings/{id}/check-in: one press of 'Arrived' or 'Leaving'. The press is first kept on the
 * phone (press-queue.ts), then sent; without coverage it stays queued and is sent on reconnect. networkMode
 * 'always': an offline mutation must run (and queue), not pause.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CheckInKind, CheckInState } from '@shared/schemas/check-in';
import { nzDateOf } from '@shared/time';
import { apiRequest } from '@/lib/api';
import { queuePress, sendQueued, type QueuedPress } from '../press-queue';
import { checkInsKey } from './check-in-keys';

export async function postCheckIn(p: QueuedPress): Promise<CheckInState> {
  const res = await apiRequest('POST', `/api/admin/bookings/${p.bookingId}/check-in`, {
    kind: p.kind,
    at: p.at,
    pressId: p.pressId,
  });
  return (await res.json()) as CheckInState;
}

export function usePressCheckIn(startsAt: string) {
  const queryClient = useQueryClient();
  const date = nzDateOf(new Date(startsAt));
  return useMutation({
    networkMode: 'always',
    mutationFn: async ({ bookingId, kind }: { bookingId: number; kind: CheckInKind }) => {
      const press = await queuePress({ bookingId, kind, date });
      await sendQueued(press, postCheckIn);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: checkInsKey(date) }),
  });
}
