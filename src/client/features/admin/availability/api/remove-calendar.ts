/** DELETE /api/admin/calendars/{id} (answers { message, id }): its busy times stop blocking bookings. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api';
import { refreshAfterCalendarChange } from './calendar-changed';

export async function removeCalendar(id: number): Promise<void> {
  await apiRequest('DELETE', `/api/admin/calendars/${id}`);
}

export function useRemoveCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeCalendar,
    onSuccess: () => refreshAfterCalendarChange(queryClient),
  });
}
