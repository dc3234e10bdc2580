import { describe, expect, it, vi } from 'vitest';
import { DAY_SHEET_SYNC_TAG, DAY_SHEETS_REFRESHED_MESSAGE } from '@shared/admin-app';
import type { KeptStore } from '../features/admin/shared/offline/kept-data';
import { sheetDateOf, refreshKeptSheets, registerDaySheetSync, type SyncScope } from './day-sheet-sync';

const TODAY = '2026-11-27';
const TOMORROW = '2026-11-28';

/** idb-keyval's store as a Map: what the worker keeps, readable by the test. */
function memoryStore(initial: Record<string, unknown> = {}): KeptStore & { data: Map<string, unknown> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    get: async (key) => data.get(key),
    set: async (key, value) => void data.set(key, value),
    keys: async () => [...data.keys()],
    delMany: async (keys) => keys.forEach((k) => data.delete(k as string)),
  };
}

const sheet = (date: string, clientName = 'Aroha Ngata') => ({
  date,
  generatedAt: `${date}T01:00:00.000Z`,
  totalKm: 12.5,
  visits: [{ bookingId: 1, startsAt: `${date}T21:00:00.000Z`, endsAt: `${date}T22:00:00.000Z`, clientName }],
});

/** The server: today is TODAY when no date is asked (the route's default), else the date asked for. */
function fakeServer(answer: (date: string) => Response | Promise<Response>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    const date = new URL(url, 'https://x.nz').searchParams.get('date') ?? TODAY;
    return answer(date);
  });
  return { fetch, calls };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const SESSION = { 'day-sheet:session': { id: 1, username: 'kate', name: 'Kate' } };

describe('the background refresh of the kept day sheet', () => {
  it('keeps Today and Tomorrow with her cookie when she is signed in, and drops past days', async () => {
    const store = memoryStore({
      ...SESSION,
      'day-sheet:2026-11-26': sheet('2026-11-26'),
      [`day-sheet:${TODAY}`]: sheet(TODAY, 'Old Name'),
      'homevisit-theme': 'dark',
    });
    const server = fakeServer((date) => json(sheet(date, `Client of ${date}`)));

    expect(await refreshKeptSheets({ store, fetch: server.fetch })).toBe('saved');

    expect(server.calls.map((c) => c.url)).toEqual(['/api/admin/day-sheet', `/api/admin/day-sheet?date=${TOMORROW}`]);
    expect(server.calls.every((c) => c.init.credentials === 'same-origin')).toBe(true);
    // Exactly what the page's saveDaySheet keeps: the server's answer under 'day-sheet:{date}'.
    expect(store.data.get(`day-sheet:${TODAY}`)).toEqual(sheet(TODAY, `Client of ${TODAY}`));
    expect(store.data.get(`day-sheet:${TOMORROW}`)).toEqual(sheet(TOMORROW, `Client of ${TOMORROW}`));
    expect(store.data.has('day-sheet:2026-11-26')).toBe(false);
    expect(store.data.has('day-sheet:session')).toBe(true);
    expect(store.data.get('homevisit-theme')).toBe('dark');
  });

  it('does nothing when no one is signed in on the phone', async () => {
    const store = memoryStore({ 'homevisit-theme': 'dark' });
    const server = fakeServer((date) => json(sheet(date)));
    expect(await refreshKeptSheets({ store, fetch: server.fetch })).toBe('signed-out');
    expect(server.fetch).not.toHaveBeenCalled();
    expect([...store.data.keys()]).toEqual(['homevisit-theme']);
  });

  it('deletes every admin key and cache, and stops, when the server says the session ended', async () => {
    const store = memoryStore({
      ...SESSION,
      [`day-sheet:${TODAY}`]: sheet(TODAY),
      'check-in:1': { bookingId: 1 },
      'homevisit-theme': 'dark',
    });
    const cacheNames = ['homevisit-admin-precache', 'homevisit-admin-pages', 'other-site'];
    const caches = {
      keys: async () => [...cacheNames],
      delete: async (name: string) => {
        cacheNames.splice(cacheNames.indexOf(name), 1);
        return true;
      },
    };
    const stop = vi.fn(async () => undefined);
    const server = fakeServer(() => json({ error: 'Unauthorized' }, 401));

    expect(await refreshKeptSheets({ store, fetch: server.fetch, caches, stop })).toBe('session-ended');

    expect([...store.data.keys()]).toEqual(['homevisit-theme']);
    expect(cacheNames).toEqual(['other-site']);
    expect(stop).toHaveBeenCalledOnce();
  });

  it('keeps the old sheet when there is no coverage or the server fails', async () => {
    const kept = { ...SESSION, [`day-sheet:${TODAY}`]: sheet(TODAY), [`day-sheet:${TOMORROW}`]: sheet(TOMORROW) };
    for (const answer of [
      () => Promise.reject(new TypeError('Failed to fetch')),
      () => json({ error: 'boom' }, 500),
      () => new Response('<html>captive portal</html>', { status: 200 }),
    ]) {
      const store = memoryStore(kept);
      const announce = vi.fn(async () => undefined);
      expect(await refreshKeptSheets({ store, fetch: fakeServer(answer).fetch, announce })).toBe('unreachable');
      expect(Object.fromEntries(store.data)).toEqual(kept);
      // Nothing new: the open pages are not told.
      expect(announce).not.toHaveBeenCalled();
    }
    // Today came, Tomorrow's fetch lost the signal: nothing is half-written.
    const store = memoryStore(kept);
    const server = fakeServer((date) =>
      date === TODAY ? json(sheet(TODAY, 'New')) : Promise.reject(new TypeError('Failed to fetch')),
    );
    expect(await refreshKeptSheets({ store, fetch: server.fetch })).toBe('unreachable');
    expect(Object.fromEntries(store.data)).toEqual(kept);
  });

  it('writes nothing back when she signed out while the answers came', async () => {
    const store = memoryStore(SESSION);
    const server = fakeServer((date) => {
      store.data.clear();
      return json(sheet(date));
    });
    expect(await refreshKeptSheets({ store, fetch: server.fetch })).toBe('signed-out');
    expect(store.data.size).toBe(0);
  });

  it('keeps an answer under its own date, and nothing without one', () => {
    expect(sheetDateOf(sheet(TODAY))).toBe(TODAY);
    expect(sheetDateOf({ ...sheet(TODAY), date: 'session' })).toBeNull();
    expect(sheetDateOf('<html>captive portal</html>')).toBeNull();
    expect(sheetDateOf(null)).toBeNull();
  });

  it('answers only its own tag, and keeps the worker alive until the sheets are kept', async () => {
    const listeners = new Map<string, (e: Event) => void>();
    const store = memoryStore(SESSION);
    const server = fakeServer((date) => json(sheet(date)));
    const posted: unknown[] = [];
    const scope: SyncScope = {
      registration: {},
      fetch: server.fetch,
      clients: { matchAll: async () => [{ postMessage: (m) => posted.push(m) }] },
      addEventListener: (type, listener) => listeners.set(type, listener),
    };
    registerDaySheetSync(scope, () => store);
    const waits: Promise<unknown>[] = [];
    const fire = (tag: string) =>
      listeners.get('periodicsync')!(
        Object.assign(new Event('periodicsync'), { tag, waitUntil: (p: Promise<unknown>) => waits.push(p) }),
      );

    fire('something-else');
    expect(waits).toHaveLength(0);
    fire(DAY_SHEET_SYNC_TAG);
    await Promise.all(waits);
    expect(store.data.has(`day-sheet:${TODAY}`)).toBe(true);
    expect(store.data.has(`day-sheet:${TOMORROW}`)).toBe(true);
    // The open pages are told, with the sheets kept.
    expect(posted).toEqual([
      {
        type: DAY_SHEETS_REFRESHED_MESSAGE,
        sheets: [
          { date: TODAY, sheet: store.data.get(`day-sheet:${TODAY}`) },
          { date: TOMORROW, sheet: store.data.get(`day-sheet:${TOMORROW}`) },
        ],
      },
    ]);
  });
});
