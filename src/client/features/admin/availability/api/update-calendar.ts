/** PATCH /api/admin/calendars/{id}: rename a calendar, or switch whether its all-day events block the day. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { calendarPatchSchema, OtherCalendar } from '@shared/schemas/other-calendar';
import { apiRequest } from '@/lib/api';
import { otherCalendarKeys } from '../../shared/calendar-keys';
import { refreshAfterCalendarChange } from './calendar-changed';

export type CalendarPatch = z.input<typeof calendarPatchSchema>;

export async function updateCalendar(id: number, patch: CalendarPatch): Promise<OtherCalendar> {
  const res = await apiRequest('PATCH', `/api/admin/calendars/${id}`, patch);
  return (await res.json()) as OtherCalendar;
}

export function useUpdateCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: number; patch: CalendarPatch }) => updateCalendar(id, patch),
    onSuccess: (saved) => {
      // The switch shows its new state at once; the refetch below confirms it.
      queryClient.setQueryData<OtherCalendar[]>(otherCalendarKeys.list, (old) =>
        old?.map((c) => (c.id === saved.id ? saved : c)),
      );
      return refreshAfterCalendarChange(queryClient);
    },
  });
}
