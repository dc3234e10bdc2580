/**
 * The rules of what the admin app keeps on her phone (decision 026), shared by the page (offline-store.ts)
 * and the service worker (src/client/sw/day-sheet-sync.ts), so neither writes them again: the keys, which sheets are
 * dropped, and what an ended session deletes. No React and no window here: this file runs in the worker too.
 */
import { createStore, delMany, get, keys, set } from 'idb-keyval';
import { ADMIN_CACHE_PREFIX, DAY_SHEET_KEY_PREFIX } from '@shared/admin-app';

/** The check-in presses queued offline (the check-in area's keys): cleared too after sign-out. */
const CHECK_IN_KEY_PREFIX = 'check-in:';
/** The signed-in administrator: present only while she is signed in on this phone. */
export const SESSION_KEY = `${DAY_SHEET_KEY_PREFIX}session`;

export const sheetKey = (date: string) => `${DAY_SHEET_KEY_PREFIX}${date}`;

/** What of IndexedDB the rules need: idb-keyval's store in the browser and the worker, a Map in the unit tests. */
export interface KeptStore {
  get(key: string): Promise<unknown>;
  set(key: string, value: unknown): Promise<void>;
  keys(): Promise<IDBValidKey[]>;
  delMany(keys: IDBValidKey[]): Promise<void>;
}

/** What of Cache Storage sign-out needs. */
export interface CacheNames {
  keys(): Promise<string[]>;
  delete(name: string): Promise<boolean>;
}

let idbStore: KeptStore | undefined;
/** idb-keyval's default database (the inline painter reads it too); undefined where there is no IndexedDB. */
export function idbKeptStore(): KeptStore | undefined {
  if (typeof indexedDB === 'undefined') return undefined;
  if (!idbStore) {
    const s = createStore('keyval-store', 'keyval');
    idbStore = {
      get: (key) => get(key, s),
      set: (key, value) => set(key, value, s),
      keys: () => keys(s),
      delMany: (all) => delMany(all, s),
    };
  }
  return idbStore;
}

/** Whether a key is the admin's (day sheets, session, queued check-ins). */
export const isAdminKey = (key: unknown): key is string =>
  typeof key === 'string' && (key.startsWith(DAY_SHEET_KEY_PREFIX) || key.startsWith(CHECK_IN_KEY_PREFIX));

/** Sheets of days before `today` are of no use on the road: dropped so the phone keeps a few days at most. */
export async function dropSheetsBeforeIn(store: KeptStore, today: string): Promise<void> {
  const old = (await store.keys()).filter(
    (k) =>
      typeof k === 'string' && /^day-sheet:\d{4}-\d{2}-\d{2}$/.test(k) && k.slice(DAY_SHEET_KEY_PREFIX.length) < today,
  );
  if (old.length > 0) await store.delMany(old);
}

/**
 * Every admin key and every admin cache, gone: after sign-out, or when the server says the session ended (to the page
 * or to the worker's background refresh). Other sites' data is not ours.
 */
export async function forgetKept(store: KeptStore | undefined, cacheStorage: CacheNames | undefined): Promise<void> {
  if (store) {
    try {
      await store.delMany((await store.keys()).filter(isAdminKey));
    } catch {
      // Storage failures (private mode) leave nothing to delete.
    }
  }
  if (!cacheStorage) return;
  try {
    const names = await cacheStorage.keys();
    await Promise.all(names.filter((n) => n.startsWith(ADMIN_CACHE_PREFIX)).map((n) => cacheStorage.delete(n)));
  } catch {
    // No Cache Storage (an insecure origin): nothing was kept there.
  }
}
