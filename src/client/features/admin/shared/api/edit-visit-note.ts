/** PATCH /api/admin/bookings/{id}/notes: the whole note again, within 24 hours of writing it. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { VisitNote, VisitNoteParts } from '@shared/schemas/visit-notes';
import { apiRequest } from '@/lib/api';
import { refreshVisit, visitNoteKeys } from './visit-note-keys';

export async function editVisitNote({ bookingId, parts }: { bookingId: number; parts: VisitNoteParts }) {
  const res = await apiRequest('PATCH', `/api/admin/bookings/${bookingId}/notes`, parts);
  return (await res.json()) as VisitNote;
}

export function useEditVisitNote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editVisitNote,
    onSuccess: (note) => queryClient.setQueryData(visitNoteKeys.note(note.bookingId), note),
    onSettled: () => refreshVisit(queryClient),
  });
}
