/** POST /api/admin/bookings/{id}/notes/amendments: an addition kept with its time, never changed. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VisitNote } from '@shared/schemas/visit-notes';
import { apiRequest } from '@/lib/api';
import { refreshVisit, visitNoteKeys } from './visit-note-keys';

export async function amendVisitNote({ bookingId, text }: { bookingId: number; text: string }) {
  const res = await apiRequest('POST', `/api/admin/bookings/${bookingId}/notes/amendments`, { text });
  return (await res.json()) as VisitNote;
}

export function useAmendVisitNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: amendVisitNote,
    onSuccess: (note) => queryClient.setQueryData(visitNoteKeys.note(note.bookingId), note),
    onSettled: () => refreshVisit(queryClient),
  });
}
