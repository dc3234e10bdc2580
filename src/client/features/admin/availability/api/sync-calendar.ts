/**
 * POST /api/admin/calendars/{id}/sync: read the calendar now. Success or not the list is
 * refetched: a failure changes its lastError, and the busy times of the last good sync stay.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarSyncResult } from '@shared/schemas/other-calendar';
import { apiRequest } from '@/lib/api';
import { refreshAfterCalendarChange } from './calendar-changed';

export async function syncCalendar(id: number): Promise<CalendarSyncResult> {
  const res = await apiRequest('POST', `/api/admin/calendars/${id}/sync`);
  return (await res.json()) as CalendarSyncResult;
}

export function useSyncCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: syncCalendar,
    onSettled: () => refreshAfterCalendarChange(queryClient),
  });
}
