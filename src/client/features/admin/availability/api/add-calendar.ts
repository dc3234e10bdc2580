/**
 * POST /api/admin/calendars: add a calendar. The server reads it once before saving, so a wrong
 * address or password fails here (422 CALENDAR_UNREACHABLE / _UNREADABLE / _AUTH_FAILED, 400
 * CALENDAR_URL_REFUSED) with a message that says why.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { calendarInputSchema, OtherCalendar } from '@shared/schemas/other-calendar';
import { apiRequest } from '@/lib/api';
import { refreshAfterCalendarChange } from './calendar-changed';

export type NewCalendar = z.output<typeof calendarInputSchema>;

export async function addCalendar(input: NewCalendar): Promise<OtherCalendar> {
  const res = await apiRequest('POST', '/api/admin/calendars', input);
  return (await res.json()) as OtherCalendar;
}

export function useAddCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCalendar,
    onSuccess: () => refreshAfterCalendarChange(queryClient),
  });
}
