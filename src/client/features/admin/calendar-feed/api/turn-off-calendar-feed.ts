/** DELETE /api/admin/calendar-feed: the link stops working; calendars subscribed to it stop updating. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedStatus } from '@shared/schemas/calendar-feed';
import { apiRequest } from '@/lib/api';
import { calendarFeedKeys } from './calendar-feed-keys';

export async function turnOffCalendarFeed(): Promise<CalendarFeedStatus> {
  const res = await apiRequest('DELETE', '/api/admin/calendar-feed');
  return (await res.json()) as CalendarFeedStatus;
}

export function useTurnOffCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: calendarFeedKeys.turnOff,
    mutationFn: turnOffCalendarFeed,
    onSuccess: (status) => queryClient.setQueryData<CalendarFeedStatus>(calendarFeedKeys.status, status),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedKeys.status }),
  });
}
