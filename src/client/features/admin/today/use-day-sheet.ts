import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { DaySheet } from '@shared/schemas/day-sheet';
import { ApiError } from '@/lib/api';
import { afterHydration, isHydrated } from '@/lib/hydrated';
import { loadDaySheet } from '../shared/offline/offline-store';
import { daySheetQueryOptions, isSeededSheet } from './api/get-day-sheet';

export interface DaySheetState {
  /** The server's answer, else the copy kept on the phone; undefined while neither is there. */
  sheet: DaySheet | undefined;
  /** The server could not be reached (not a refusal): what is shown is the kept copy, if any. */
  unreachable: boolean;
  /** Neither the server nor the phone had it. */
  missing: boolean;
  failed: boolean;
}

/**
 * The day sheet of `date`: the kept copy at once (IndexedDB), the server's as soon as it answers (decision 026). A
 * rendered Today came with the sheet: it is asked for again a task after hydration, and the kept copy is read only if
 * that fails (offline, the worker answered the Today it kept, decision 033): then the kept copy is shown when it is as
 * new or newer (the background refresh may have kept a later one, and it holds the red flags the HTML leaves out).
 */
export function useDaySheet(date: string): DaySheetState {
  const query = useQuery({
    ...daySheetQueryOptions(date),
    // The server's sheet is refreshed a task after hydration (below), not in the hydration's effects.
    refetchOnMount: (q) => isHydrated() || !isSeededSheet(q.state),
  });
  const seeded = isSeededSheet(query);
  const { refetch } = query;
  useEffect(() => (seeded ? afterHydration(() => void refetch()) : undefined), [seeded, refetch]);
  const unreachable = query.isError && !(query.error instanceof ApiError);
  const readKept = query.data === undefined || (seeded && unreachable);
  const [kept, setKept] = useState<{ date: string; sheet: DaySheet | null } | undefined>(undefined);
  useEffect(() => {
    if (!readKept) return;
    let live = true;
    void loadDaySheet(date).then((sheet) => {
      if (live) setKept({ date, sheet });
    });
    return () => {
      live = false;
    };
  }, [date, readKept]);
  const keptSheet = kept?.date === date ? kept.sheet : undefined;
  const data = query.data;
  const sheet =
    keptSheet && (data === undefined || (seeded && keptSheet.generatedAt >= data.generatedAt)) ? keptSheet : data;
  return {
    sheet,
    unreachable,
    missing: !sheet && query.isError && keptSheet === null,
    failed: query.isError && !unreachable,
  };
}
