/**
 * POST /api/admin/calendar-feed: a new private link. Replaces the old one, which stops working at
 * once. The answer is the only time the link is seen (the server keeps only its hash).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CalendarFeedCreated, CalendarFeedStatus } from '@shared/schemas/calendar-feed';
import { apiRequest } from '@/lib/api';
import { calendarFeedKeys } from './calendar-feed-keys';

export async function createCalendarFeed(): Promise<CalendarFeedCreated> {
  const res = await apiRequest('POST', '/api/admin/calendar-feed');
  return (await res.json()) as CalendarFeedCreated;
}

export function useCreateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: calendarFeedKeys.create,
    mutationFn: createCalendarFeed,
    onSuccess: ({ createdAt }) =>
      queryClient.setQueryData<CalendarFeedStatus>(calendarFeedKeys.status, { active: true, createdAt }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: calendarFeedKeys.status }),
  });
}
