/**
 * The sheets the service worker kept in a background refresh (src/client/sw/day-sheet-sync.ts), put into this page's
 * queries. A Today left open in the background does not refresh itself (the browser pauses it), so without this she
 * would come back to it without coverage and see what it had when she left, while the phone kept a newer sheet.
 */
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { DAY_SHEETS_REFRESHED_MESSAGE, type DaySheetsRefreshed } from '@shared/admin-app';
import type { DaySheet } from '@shared/schemas/day-sheet';
import { daySheetKey } from './api/get-day-sheet';

const isRefreshedMessage = (data: unknown): data is DaySheetsRefreshed<DaySheet> =>
  typeof data === 'object' &&
  data !== null &&
  (data as { type?: unknown }).type === DAY_SHEETS_REFRESHED_MESSAGE &&
  Array.isArray((data as { sheets?: unknown }).sheets);

/**
 * Takes each sheet of a worker's message the page has not seen newer: an answer the page got itself after the worker
 * fetched stays. Answers the dates taken.
 */
export function applyWorkerSheets(queryClient: QueryClient, data: unknown): string[] {
  if (!isRefreshedMessage(data)) return [];
  const taken: string[] = [];
  for (const { date, sheet } of data.sheets) {
    if (sheet?.date !== date || typeof sheet.generatedAt !== 'string') continue;
    const shown = queryClient.getQueryData<DaySheet>(daySheetKey(date));
    if (shown && Date.parse(shown.generatedAt) >= Date.parse(sheet.generatedAt)) continue;
    queryClient.setQueryData(daySheetKey(date), sheet);
    taken.push(date);
  }
  return taken;
}

export function useWorkerSheets(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const worker = navigator.serviceWorker;
    if (!worker) return;
    const onMessage = (event: MessageEvent) => void applyWorkerSheets(queryClient, event.data);
    worker.addEventListener('message', onMessage);
    return () => worker.removeEventListener('message', onMessage);
  }, [queryClient]);
}
