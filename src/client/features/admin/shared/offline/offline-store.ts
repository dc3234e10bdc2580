/**
 * What the admin app keeps on her phone for when there is no coverage (issue 26, decision 026): the day sheets in
 * IndexedDB (idb-keyval, keys 'day-sheet:{date}'), the signed-in administrator ('day-sheet:session', so the shell
 * opens offline) and the service worker's page cache (Cache Storage 'homevisit-admin-*'). All of it is same-origin
 * and only the admin pages read it: the service worker's scope is /admin/, no public page imports this file.
 * Sign-out and an ended session clear it all (forgetOfflineData).
 */
import { createStore, delMany, get, keys, set, type UseStore } from 'idb-keyval';
import { ADMIN_CACHE_PREFIX, DAY_SHEET_KEY_PREFIX } from '@shared/admin-app';
import type { SessionUser } from '@shared/schemas/auth';
import type { DaySheet } from '@shared/schemas/day-sheet';

/** The check-in presses queued offline (the check-in area's keys): cleared too after sign-out. */
const CHECK_IN_KEY_PREFIX = 'check-in:';
const SESSION_KEY = `${DAY_SHEET_KEY_PREFIX}session`;

let store: UseStore | undefined;
/** idb-keyval's default database; undefined where there is no IndexedDB (server rendering, old browsers). */
function kv(): UseStore | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  store ??= createStore('keyval-store', 'keyval');
  return store;
}

const sheetKey = (date: string) => `${DAY_SHEET_KEY_PREFIX}${date}`;

/** Storage failures (private mode, quota) never break the screen: the phone just keeps nothing. */
async function quietly<T>(work: (s: UseStore) => Promise<T>, fallback: T): Promise<T> {
  const s = kv();
  if (!s) return fallback;
  try {
    return await work(s);
  } catch {
    return fallback;
  }
}

export const saveDaySheet = (sheet: DaySheet) => quietly((s) => set(sheetKey(sheet.date), sheet, s), undefined);

export const loadDaySheet = (date: string) =>
  quietly((s) => get<DaySheet>(sheetKey(date), s).then((v) => v ?? null), null);

export const rememberSession = (user: SessionUser) => quietly((s) => set(SESSION_KEY, user, s), undefined);

export const lastKnownSession = () => quietly((s) => get<SessionUser>(SESSION_KEY, s).then((v) => v ?? null), null);

/** Sheets of days before `today` are of no use on the road: dropped so the phone keeps a few days at most. */
export const dropSheetsBefore = (today: string) =>
  quietly(async (s) => {
    const old = (await keys<string>(s)).filter(
      (k) =>
        typeof k === 'string' &&
        /^day-sheet:\d{4}-\d{2}-\d{2}$/.test(k) &&
        k.slice(DAY_SHEET_KEY_PREFIX.length) < today,
    );
    await delMany(old, s);
  }, undefined);

/** Whether a key is the admin's (day sheets, session, queued check-ins). */
export const isAdminKey = (key: unknown): key is string =>
  typeof key === 'string' && (key.startsWith(DAY_SHEET_KEY_PREFIX) || key.startsWith(CHECK_IN_KEY_PREFIX));

/** Everything above, gone: after sign-out or when the server says the session ended. Other sites' data is not ours. */
export async function forgetOfflineData(): Promise<void> {
  await quietly(async (s) => {
    await delMany((await keys(s)).filter(isAdminKey), s);
  }, undefined);
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((n) => n.startsWith(ADMIN_CACHE_PREFIX)).map((n) => caches.delete(n)));
  } catch {
    // No Cache Storage (an insecure origin): nothing was kept there.
  }
}
