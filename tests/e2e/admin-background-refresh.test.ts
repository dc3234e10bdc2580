/**
 * docs/product.md §17, "refreshed ... at least every 15 minutes in the background where the browser allows": signed in,
 * the admin page registers Periodic Background Sync 'day-sheet' (the permission granted as an installed app has it),
 * and the service worker, woken by the event (fired here through the DevTools protocol, as Chromium would every 15
 * minutes or more), keeps the day as the server has it now, with no admin page open: a visit confirmed meanwhile is
 * in the sheet she opens with the network cut. After sign-out, or once the server has ended the session, the event
 * leaves nothing on the phone.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CDPSession, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAY_SHEET_SYNC_TAG } from '../../src/shared/admin-app';
import { addDaysToDate, nzToday } from '../../src/shared/time';
import { signInAsAdmin } from './admin';
import { openPage, useBrowser, waitInPage, type OpenOptions } from './browser';
import { adminCookie, startServer, type RunningServer } from './harness.mjs';
import { bookTodayVisits } from './today-visits';

useBrowser();

/** Confirmed today from the start, and a request she confirms once the sheet is on the phone. */
const CONFIRMED = { time: '09:30', firstName: 'Aroha', lastName: 'Ngata', address: '12 Bow Street, Raglan' };
const LATER = { time: '15:00', firstName: 'Hine', lastName: 'Walker', address: '20 Te Uku Road, Te Uku' };
/** A request she confirms while Today is open in the background. */
const NOON = { time: '12:00', firstName: 'Mere', lastName: 'Tane', address: '7 Wainui Road, Raglan' };
/**
 * The network gone. Also Today's prefetch chunk (app/today-prefetch.ts), not in the worker's precache: opened from
 * another page with the network cut, Chromium still says navigator.onLine, so the entry asks for it (and, as meant,
 * carries on without it).
 */
const OFFLINE_ERRORS: OpenOptions['allowConsoleErrors'] = [
  /ERR_INTERNET_DISCONNECTED/,
  /Failed to fetch/,
  /net::ERR_FAILED \(http:\/\/[^)]*\/assets\/admin-today-prefetch-/,
];

let server: RunningServer;
let dataDir: string;
let laterId: number;
let noonId: number;

const confirm = async (id: number) => {
  const res = await fetch(`${server.baseUrl}/api/bookings/${id}/status`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', origin: server.baseUrl, cookie: await adminCookie(server.baseUrl) },
    body: JSON.stringify({ status: 'confirmed' }),
  });
  expect(res.status, await res.text()).toBe(200);
};

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-psync-'));
  const ids = await bookTodayVisits(dataDir, [
    { ...CONFIRMED, email: 'a@example.nz' },
    { ...LATER, email: 'c@example.nz', confirmed: false },
    { ...NOON, email: 'd@example.nz', confirmed: false },
  ]);
  laterId = ids[1]!;
  noonId = ids[2]!;
  server = await startServer({ quiet: true, env: { DATA_DIR: dataDir } });
}, 180_000);
afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** One value of idb-keyval's store, as the worker and the page keep it (run in the page, hence a string). */
const keptValue = (page: Page, key: string) =>
  page.evaluate<unknown>(`new Promise((resolve, reject) => {
    const open = indexedDB.open('keyval-store');
    open.onupgradeneeded = () => open.result.createObjectStore('keyval');
    open.onerror = () => reject(new Error(String(open.error)));
    open.onsuccess = () => {
      const req = open.result.transaction('keyval').objectStore('keyval').get(${JSON.stringify(key)});
      req.onsuccess = () => {
        resolve(req.result === undefined ? null : req.result);
        open.result.close();
      };
    };
  })`);

/** Every admin key and admin cache on the phone. */
const keptOnPhone = (page: Page) =>
  page.evaluate<{ keys: string[]; cacheNames: string[] }>(`(async () => {
    const keys = await new Promise((resolve, reject) => {
      const open = indexedDB.open('keyval-store');
      open.onupgradeneeded = () => open.result.createObjectStore('keyval');
      open.onerror = () => reject(new Error(String(open.error)));
      open.onsuccess = () => {
        const req = open.result.transaction('keyval').objectStore('keyval').getAllKeys();
        req.onsuccess = () => {
          resolve(req.result.map(String).filter((k) => /^(day-sheet|check-in):/.test(k)));
          open.result.close();
        };
      };
    });
    const cacheNames = (await caches.keys()).filter((n) => n.startsWith('homevisit-admin'));
    return { keys, cacheNames };
  })()`);

const visitNames = (sheet: unknown) =>
  ((sheet as { visits?: { clientName: string }[] } | null)?.visits ?? []).map((v) => v.clientName);

const tagsOf = (page: Page) =>
  page.evaluate<string[]>(
    "navigator.serviceWorker.getRegistration('/admin/').then((r) => (r && r.periodicSync ? r.periodicSync.getTags() : []))",
  );

/**
 * The phone as Chromium runs it: Periodic Background Sync allowed for the site (as for an installed app), and the
 * DevTools protocol's ServiceWorker domain to fire the event the browser would fire on its own schedule.
 */
async function phoneWithBackgroundSync(page: Page): Promise<{ fire: () => Promise<void> }> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const { targetInfo } = await cdp.send('Target.getTargetInfo');
  await cdp.send('Browser.grantPermissions', {
    origin: server.baseUrl,
    permissions: ['periodicBackgroundSync'],
    browserContextId: targetInfo.browserContextId,
  });
  const registrations = new Map<string, string>();
  cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: list }) => {
    for (const r of list) {
      if (r.isDeleted) registrations.delete(r.scopeURL);
      else registrations.set(r.scopeURL, r.registrationId);
    }
  });
  await cdp.send('ServiceWorker.enable');
  const scope = `${server.baseUrl}/admin`;
  return {
    async fire() {
      await expect.poll(() => registrations.get(scope), { timeout: 10_000 }).toBeDefined();
      await cdp.send('ServiceWorker.dispatchPeriodicSyncEvent', {
        origin: server.baseUrl,
        registrationId: registrations.get(scope)!,
        tag: DAY_SHEET_SYNC_TAG,
      });
    },
  };
}

/** Signed in on Today with the worker in control and today's sheet kept. */
async function signedInWithSheet(page: Page): Promise<void> {
  await signInAsAdmin(page, server.baseUrl, '/admin/today');
  await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
  await waitInPage(page, 'navigator.serviceWorker.controller !== null', 10_000);
  // One visit through the worker keeps the page itself for later (as on her phone).
  await page.reload();
  await page.locator('article[data-visit]').first().waitFor();
  await expect.poll(async () => visitNames(await keptValue(page, `day-sheet:${nzToday()}`))).not.toEqual([]);
}

describe('the day sheet refreshed in the background', () => {
  it('registers the refresh signed in and keeps the day as the server has it now, for the network cut', async () => {
    const page = await openPage(null, { theme: 'light', allowConsoleErrors: OFFLINE_ERRORS });
    const phone = await phoneWithBackgroundSync(page);
    await signedInWithSheet(page);
    await expect.poll(() => tagsOf(page), { timeout: 15_000 }).toEqual([DAY_SHEET_SYNC_TAG]);
    const today = nzToday();
    expect(visitNames(await keptValue(page, `day-sheet:${today}`))).toEqual(['Aroha Ngata']);

    // No admin page open (a public page of the same site only reads IndexedDB): whatever changes the kept sheet now
    // is the worker.
    await page.goto(`${server.baseUrl}/`);
    await confirm(laterId);
    await phone.fire();
    await expect
      .poll(async () => visitNames(await keptValue(page, `day-sheet:${today}`)), { timeout: 15_000 })
      .toEqual(['Aroha Ngata', 'Hine Walker']);
    const tomorrow = addDaysToDate(today, 1);
    expect(((await keptValue(page, `day-sheet:${tomorrow}`)) as { date?: string } | null)?.date).toBe(tomorrow);

    await page.context().setOffline(true);
    await page.goto(`${server.baseUrl}/admin/today`);
    // The Today the worker kept (drawn a moment ago, so its session is not checked again), showing the newer sheet the
    // worker kept in IndexedDB, marked as the phone's copy (Playwright's offline page still says navigator.onLine).
    await page.getByTestId('sheet-meta').getByText('Kept on this phone').waitFor();
    await expect
      .poll(() => page.locator('article[data-visit] h3').allTextContents(), { timeout: 15_000 })
      .toEqual(['Aroha Ngata', 'Hine Walker']);
    const later = page.locator('article[data-visit]', { hasText: 'Hine Walker' });
    expect(await later.textContent()).toContain(LATER.address);
    await page.context().setOffline(false);
  });

  it('shows the sheets it kept on a Today left open, without the page fetching them itself', async () => {
    const page = await openPage(null, { theme: 'light' });
    const phone = await phoneWithBackgroundSync(page);
    await signedInWithSheet(page);
    const cards = page.locator('article[data-visit] h3');
    await expect.poll(() => cards.allTextContents()).not.toContain('Mere Tane');
    // From here the page asks the server nothing of its own (it would not, paused in the background).
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/admin/day-sheet') asked.push(r.url());
    });

    await confirm(noonId);
    await phone.fire();
    await expect.poll(() => cards.allTextContents(), { timeout: 15_000 }).toContain('Mere Tane');
    const noon = page.locator('article[data-visit]', { hasText: 'Mere Tane' });
    expect(await noon.textContent()).toContain(NOON.address);
    expect(asked).toEqual([]);
  });

  it('keeps nothing after sign-out: the refresh is unregistered and the event finds no session', async () => {
    // A query of Today's still in flight when the session ends is refused (seen once: check-ins of tomorrow): not
    // what this test is about (the app then forgets everything, asserted below).
    const page = await openPage(null, {
      theme: 'light',
      allowConsoleErrors: [/status of 401 \(Unauthorized\) \(http:\/\/[^/]+\/api\/admin\//],
    });
    const phone = await phoneWithBackgroundSync(page);
    await signedInWithSheet(page);
    await expect.poll(() => tagsOf(page), { timeout: 15_000 }).toEqual([DAY_SHEET_SYNC_TAG]);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    await expect.poll(() => keptOnPhone(page), { timeout: 10_000 }).toEqual({ keys: [], cacheNames: [] });
    await expect.poll(() => tagsOf(page), { timeout: 10_000 }).toEqual([]);

    // Chromium would not fire it now; fired anyway, it must not bring her sheet back.
    await phone.fire();
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await keptOnPhone(page)).toEqual({ keys: [], cacheNames: [] });
  });

  it('clears the phone when the server has ended the session meanwhile', async () => {
    const page = await openPage(null, { theme: 'light' });
    const phone = await phoneWithBackgroundSync(page);
    await signedInWithSheet(page);
    await page.goto(`${server.baseUrl}/`);
    // Signed out elsewhere (or the session expired): the phone still holds the sheet and the session key.
    const cookie = (await page.context().cookies(server.baseUrl)).map((c) => `${c.name}=${c.value}`).join('; ');
    const out = await fetch(`${server.baseUrl}/api/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl, cookie },
    });
    expect(out.status).toBeLessThan(300);
    expect((await keptOnPhone(page)).keys).toContain('day-sheet:session');

    await phone.fire();
    await expect.poll(() => keptOnPhone(page), { timeout: 15_000 }).toEqual({ keys: [], cacheNames: [] });
    await expect.poll(() => tagsOf(page), { timeout: 10_000 }).toEqual([]);
  });
});
