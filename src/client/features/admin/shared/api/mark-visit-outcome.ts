/** POST /api/admin/bookings/{id}/outcome: Completed or No-show after the visit's start (null clears it). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VisitOutcome } from '@shared/constants';
import type { VisitOutcomeAnswer } from '@shared/schemas/visit-notes';
import { apiRequest } from '@/lib/api';
import { refreshVisit } from './visit-note-keys';

export async function markVisitOutcome({ bookingId, outcome }: { bookingId: number; outcome: VisitOutcome | null }) {
  const res = await apiRequest('POST', `/api/admin/bookings/${bookingId}/outcome`, { outcome });
  return (await res.json()) as VisitOutcomeAnswer;
}

export function useMarkVisitOutcome() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: markVisitOutcome, onSettled: () => refreshVisit(queryClient) });
}
