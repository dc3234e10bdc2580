/**
 * What the admin app keeps on her phone for when there is no coverage (decision 026): the day sheets in
 * IndexedDB (idb-keyval, keys 'day-sheet:{date}'), the signed-in administrator ('day-sheet:session', so the shell
 * opens offline) and the service worker's page cache (Cache Storage 'homevisit-admin-*'). All of it is same-origin
 * and only the admin pages read it: the service worker's scope is /admin, no public page imports this file.
 * Sign-out and an ended session clear it all (forgetOfflineData). The rules themselves are in kept-data.ts, which the
 * service worker's background refresh uses too.
 */
import type { SessionUser } from '@shared/schemas/auth';
import type { DaySheet } from '@shared/schemas/day-sheet';
import { forgetBackgroundRefresh } from './background-refresh';
import { dropSheetsBeforeIn, forgetKept, idbKeptStore, SESSION_KEY, sheetKey, type KeptStore } from './kept-data';

/** Storage failures (private mode, quota) never break the screen: the phone just keeps nothing. */
async function quietly<T>(work: (s: KeptStore) => Promise<T>, fallback: T): Promise<T> {
  const s = idbKeptStore();
  if (!s) return fallback;
  try {
    return await work(s);
  } catch {
    return fallback;
  }
}

export const saveDaySheet = (sheet: DaySheet) => quietly((s) => s.set(sheetKey(sheet.date), sheet), undefined);

export const loadDaySheet = (date: string) =>
  quietly(async (s) => ((await s.get(sheetKey(date))) as DaySheet | undefined) ?? null, null);

export const rememberSession = (user: SessionUser) => quietly((s) => s.set(SESSION_KEY, user), undefined);

export const lastKnownSession = () =>
  quietly(async (s) => ((await s.get(SESSION_KEY)) as SessionUser | undefined) ?? null, null);

/** Sheets of days before `today` are of no use on the road: dropped so the phone keeps a few days at most. */
export const dropSheetsBefore = (today: string) => quietly((s) => dropSheetsBeforeIn(s, today), undefined);

/**
 * Everything above, gone, and the background refresh stopped: after sign-out or when the server says the session
 * ended. Other sites' data is not ours.
 */
export async function forgetOfflineData(): Promise<void> {
  await forgetKept(idbKeptStore(), typeof caches === 'undefined' ? undefined : caches);
  await forgetBackgroundRefresh();
}
