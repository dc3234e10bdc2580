/** GET /api/admin/bookings/{id}/notes: the visit's note, or null (each read is in the client's access log). */
import { useQuery } from '@tanstack/react-query';
import type { VisitNote } from '@shared/schemas/visit-notes';
import { getJson } from '@/lib/get-json';
import { visitNoteKeys } from './visit-note-keys';

export function getVisitNote(bookingId: number, signal?: AbortSignal): Promise<VisitNote | null> {
  return getJson<VisitNote | null>(`/api/admin/bookings/${bookingId}/notes`, signal);
}

/** Read only while the notes view is open: opening it is what the access log records. */
export function useVisitNote(bookingId: number, enabled: boolean) {
  return useQuery({
    queryKey: visitNoteKeys.note(bookingId),
    queryFn: ({ signal }) => getVisitNote(bookingId, signal),
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}
