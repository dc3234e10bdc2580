/**
 * GET /api/admin/day-sheet?date=: her confirmed visits of a day (decision 026). Each answer is kept on her phone
 * (IndexedDB) so the sheet opens without coverage; refreshed on focus, on reconnect and every 15 minutes
 * (and in the background by the service worker where the browser allows: src/client/sw/day-sheet-sync.ts).
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { DAY_SHEET_REFRESH_MS } from '@shared/admin-app';
import type { DaySheet } from '@shared/schemas/day-sheet';
import { getJson } from '@/lib/get-json';
import { saveDaySheet } from '../../shared/offline/offline-store';

export const daySheetKey = (date: string) => ['/api/admin/day-sheet', date] as const;

export async function getDaySheet(date: string, signal?: AbortSignal): Promise<DaySheet> {
  const sheet = await getJson<DaySheet>(`/api/admin/day-sheet?${new URLSearchParams({ date }).toString()}`, signal);
  await saveDaySheet(sheet);
  return sheet;
}

/**
 * The sheet a server-rendered Today came with (decision 033): drawn from at once, but not kept on the phone (its health
 * red flags were left out of the HTML) and stale at once, so the page asks for the full one as soon as it runs.
 */
export function seedDaySheet(queryClient: QueryClient, sheet: DaySheet): void {
  queryClient.setQueryData(daySheetKey(sheet.date), sheet, { updatedAt: SEEDED_AT });
}

/** The time a seeded sheet is dated: none, so that it is stale at once and told apart from any answer. */
const SEEDED_AT = 0;

/** Whether a query's sheet is the one the page came with (not yet an answer of the API). */
export const isSeededSheet = (state: { data?: unknown; dataUpdatedAt: number }) =>
  state.data !== undefined && state.dataUpdatedAt === SEEDED_AT;

export function daySheetQueryOptions(date: string) {
  return queryOptions({
    queryKey: daySheetKey(date),
    queryFn: ({ signal }) => getDaySheet(date, signal),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchOnReconnect: true,
    refetchInterval: DAY_SHEET_REFRESH_MS,
    // Asked even when the phone says it is offline: its word is not always right, and a failure shows the kept sheet.
    networkMode: 'always',
  });
}
