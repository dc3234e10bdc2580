/**
 * GET /api/admin/calendar-busy?from=&to=: the busy times of her other calendars (docs/product.md §11) over
 * the calendar's visible weeks, with their titles (hers only). A failure shows no blocks: the
 * appointments matter more, and the Availability tab says why a calendar failed.
 */
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { BusyBlock } from '@shared/schemas/other-calendar';
import { getJson } from '@/lib/get-json';
import { asList } from '../../shared/as-list';
import { otherCalendarKeys } from '../../shared/calendar-keys';
import type { DateRange } from '../appointment-days';

export async function getBusyBlocks({ startDate, endDate }: DateRange, signal?: AbortSignal): Promise<BusyBlock[]> {
  const params = new URLSearchParams({ from: startDate, to: endDate });
  return asList<BusyBlock>(await getJson<unknown>(`/api/admin/calendar-busy?${params.toString()}`, signal));
}

export function busyBlocksQueryOptions(range: DateRange) {
  return queryOptions({
    queryKey: otherCalendarKeys.busyRange(range.startDate, range.endDate),
    queryFn: ({ signal }) => getBusyBlocks(range, signal),
    // The server syncs her calendars every few minutes: a minute old is fresh enough.
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });
}

export function useBusyBlocks(range: DateRange) {
  const query = useQuery({ ...busyBlocksQueryOptions(range), placeholderData: keepPreviousData });
  return { ...query, blocks: query.isError ? [] : (query.data ?? []) };
}
