/** GET /api/admin/calendar-feed: whether a feed link works and since when (never the link itself). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CalendarFeedStatus } from '@shared/schemas/calendar-feed';
import { getJson } from '@/lib/get-json';
import { calendarFeedKeys } from './calendar-feed-keys';

export function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeedStatus> {
  return getJson<CalendarFeedStatus>('/api/admin/calendar-feed', signal);
}

export function calendarFeedQueryOptions() {
  return queryOptions({ queryKey: calendarFeedKeys.status, queryFn: ({ signal }) => getCalendarFeed(signal) });
}

export function useCalendarFeed() {
  return useQuery(calendarFeedQueryOptions());
}
