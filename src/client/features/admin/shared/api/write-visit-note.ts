/** POST /api/admin/bookings/{id}/notes: the visit's first note (PATCH within 24 hours: edit-visit-note.ts). */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VisitNote, VisitNoteParts } from '@shared/schemas/visit-notes';
import { apiRequest } from '@/lib/api';
import { refreshVisit, visitNoteKeys } from './visit-note-keys';

export async function writeVisitNote({ bookingId, parts }: { bookingId: number; parts: VisitNoteParts }) {
  const res = await apiRequest('POST', `/api/admin/bookings/${bookingId}/notes`, parts);
  return (await res.json()) as VisitNote;
}

export function useWriteVisitNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: writeVisitNote,
    onSuccess: (note) => queryClient.setQueryData(visitNoteKeys.note(note.bookingId), note),
    onSettled: () => refreshVisit(queryClient),
  });
}
