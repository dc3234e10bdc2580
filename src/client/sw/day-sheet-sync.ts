/**
 * The day sheet refreshed in the background (decision 026 'Background refresh'): on the Periodic Background
 * Sync event the page registered (features/admin/shared/offline/background-refresh.ts), the worker fetches Today's and
 * Tomorrow's sheets and keeps them where the page keeps them (IndexedDB 'day-sheet:{date}'), so the sheet she opens
 * without coverage is at most about 15 minutes old even if she has not opened the app. The storage rules are the
 * page's own (kept-data.ts): a refused session deletes everything exactly as sign-out does.
 */
import { DAY_SHEET_SYNC_TAG, DAY_SHEETS_REFRESHED_MESSAGE, type DaySheetsRefreshed } from '@shared/admin-app';
import { addDaysToDate } from '@shared/time';
import {
  dropSheetsBeforeIn,
  forgetKept,
  idbKeptStore,
  SESSION_KEY,
  sheetKey,
  type CacheNames,
  type KeptStore,
} from '../features/admin/shared/offline/kept-data';

export type SyncOutcome = 'saved' | 'signed-out' | 'session-ended' | 'unreachable';

export interface SheetSyncDeps {
  store: KeptStore;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  caches?: CacheNames;
  /** Stops the background refresh: the session ended, nothing to refresh until she signs in again. */
  stop?: () => Promise<void>;
  /** Tells the open admin pages of the sheets just kept. */
  announce?: (sheets: readonly KeptSheet[]) => Promise<void>;
}

type KeptSheet = DaySheetsRefreshed['sheets'][number];

const DAY_SHEET_PATH = '/api/admin/day-sheet';
export const daySheetUrl = (date: string) => `${DAY_SHEET_PATH}?${new URLSearchParams({ date }).toString()}`;

/**
 * The NZ date an answer is kept under, or null when it has none (not an answer of the route: a captive portal's page,
 * an error), and then the previous sheet stays. The sheet's shape is checked once, where it is written: the route
 * answers through `daySheetSchema` (zod in sw.js would be several times the worker's size), and the page draws it.
 */
export function sheetDateOf(value: unknown): string | null {
  const date = typeof value === 'object' && value !== null ? (value as { date?: unknown }).date : undefined;
  return typeof date === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null;
}

const hasSession = async (store: KeptStore) => Boolean(await store.get(SESSION_KEY));

const fetchSheet = (deps: SheetSyncDeps, date?: string) =>
  deps.fetch(date ? daySheetUrl(date) : DAY_SHEET_PATH, { credentials: 'same-origin', cache: 'no-store' });

const ended = (r: Response) => r.status === 401 || r.status === 403;

const readSheet = async (r: Response): Promise<unknown> => (r.ok ? r.json().catch(() => null) : null);

/**
 * One background refresh: nothing without her session on the phone; Today and Tomorrow fetched with her cookie and
 * kept; a 401/403 deletes every admin key and cache (a session ended leaves nothing on the phone); no coverage (a
 * fetch that throws) or a server error changes nothing, the kept sheets stay.
 *
 * Today is the server's NZ today (the route's default date) and Tomorrow the day after the date it answers: the NZ
 * calendar helpers of src/shared/time.ts would more than double sw.js (date-fns and its zone support), which every
 * page of the admin waits for when it opens without coverage.
 */
export async function refreshKeptSheets(deps: SheetSyncDeps): Promise<SyncOutcome> {
  const { store } = deps;
  if (!(await hasSession(store))) return 'signed-out';
  const kept: KeptSheet[] = [];
  try {
    const todayAnswer = await fetchSheet(deps);
    if (ended(todayAnswer)) return await sessionEnded(deps);
    const today = await readSheet(todayAnswer);
    // The server's own answer without a date: its date is NZ today. A server error keeps what is there.
    const date = sheetDateOf(today);
    if (!date) return 'unreachable';
    kept.push({ date, sheet: today });
    const tomorrow = addDaysToDate(date, 1);
    const tomorrowAnswer = await fetchSheet(deps, tomorrow);
    if (ended(tomorrowAnswer)) return await sessionEnded(deps);
    const next = await readSheet(tomorrowAnswer);
    if (sheetDateOf(next) === tomorrow) kept.push({ date: tomorrow, sheet: next });
  } catch {
    return 'unreachable';
  }
  // She may have signed out while the answers came: then nothing is written back.
  if (!(await hasSession(store))) return 'signed-out';
  for (const { date, sheet } of kept) await store.set(sheetKey(date), sheet);
  await dropSheetsBeforeIn(store, kept[0]!.date);
  await deps.announce?.(kept).catch(() => undefined);
  return 'saved';
}

async function sessionEnded(deps: SheetSyncDeps): Promise<SyncOutcome> {
  await forgetKept(deps.store, deps.caches);
  await deps.stop?.().catch(() => undefined);
  return 'session-ended';
}

interface PeriodicSyncEventLike extends Event {
  tag: string;
  waitUntil(promise: Promise<unknown>): void;
}

type PeriodicSyncHolder = { periodicSync?: { unregister(tag: string): Promise<void> } };

/** What the handler needs of the service worker's global scope (ServiceWorkerGlobalScope fits). */
export interface SyncScope {
  /** Its periodicSync (not in TypeScript's WebWorker types) stops the refresh when the session ended. */
  registration: object;
  caches?: CacheNames;
  fetch(url: string, init: RequestInit): Promise<Response>;
  /** The open pages (ServiceWorkerGlobalScope's clients). */
  clients?: { matchAll(options: { type: 'window' }): Promise<readonly { postMessage(message: unknown): void }[]> };
  addEventListener(type: string, listener: (event: Event) => void): void;
}

export function registerDaySheetSync(scope: SyncScope, store: () => KeptStore | undefined = idbKeptStore): void {
  scope.addEventListener('periodicsync', (event) => {
    const e = event as PeriodicSyncEventLike;
    const kept = store();
    if (e.tag !== DAY_SHEET_SYNC_TAG || !kept) return;
    e.waitUntil(
      refreshKeptSheets({
        store: kept,
        fetch: (url, init) => scope.fetch(url, init),
        caches: scope.caches,
        stop: async () => (scope.registration as PeriodicSyncHolder).periodicSync?.unregister(DAY_SHEET_SYNC_TAG),
        announce: async (sheets) => {
          for (const page of (await scope.clients?.matchAll({ type: 'window' })) ?? []) {
            const message: DaySheetsRefreshed = { type: DAY_SHEETS_REFRESHED_MESSAGE, sheets };
            page.postMessage(message);
          }
        },
      }).catch(() => undefined),
    );
  });
}
