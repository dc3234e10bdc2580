/** GET /api/admin/calendars: her other calendars, with how each last synced (docs/product.md §11). */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OtherCalendar } from '@shared/schemas/other-calendar';
import { getJson } from '@/lib/get-json';
import { otherCalendarKeys } from '../../shared/calendar-keys';

export function getCalendars(signal?: AbortSignal): Promise<OtherCalendar[]> {
  return getJson<OtherCalendar[]>('/api/admin/calendars', signal);
}

export function calendarsQueryOptions() {
  return queryOptions({
    queryKey: otherCalendarKeys.list,
    queryFn: ({ signal }) => getCalendars(signal),
    // The server syncs on its own schedule: coming back shows the newest 'Last synced'.
    refetchOnWindowFocus: true,
  });
}

export function useCalendars() {
  return useQuery(calendarsQueryOptions());
}
