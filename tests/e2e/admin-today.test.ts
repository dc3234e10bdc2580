/**
 * Decision 026, "Today offline", as she would use it on a 360x740 phone: three confirmed visits today, the day sheet
 * opened once online, then the network cut (context.setOffline) and the page reloaded: the three visits are there
 * with their addresses, Navigate links and 'Last updated'. Signing out empties IndexedDB and the admin caches, and
 * Today is no longer readable offline. HV_SHOTS=1 writes the screenshots of docs/screens/issue-26/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_RENDERED_HEADER } from '../../src/shared/admin-app';
import { nzToday } from '../../src/shared/time';
import { signInAsAdmin } from './admin';
import { openPage, useBrowser, waitInPage, type OpenOptions } from './browser';
import { adminCookie, root, startServer, type RunningServer } from './harness.mjs';
import { bookTodayVisits } from './today-visits';

useBrowser();

const SHOTS = process.env.HV_SHOTS === '1';
const SHOTS_DIR = path.join(root, 'docs/screens/issue-26');
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
};

const VISITS = [
  { time: '09:30', firstName: 'Aroha', lastName: 'Ngata', address: '12 Bow Street, Raglan', email: 'a@example.nz' },
  { time: '12:00', firstName: 'Ben', lastName: 'Carter', address: '5 Wainui Road, Manu Bay', email: 'b@example.nz' },
  { time: '15:00', firstName: 'Hine', lastName: 'Walker', address: '20 Te Uku Road, Te Uku', email: 'c@example.nz' },
];
/** The network gone: Chromium's failed loads and the app's own report of the unreachable session check. */
const OFFLINE_ERRORS: OpenOptions['allowConsoleErrors'] = [/ERR_INTERNET_DISCONNECTED/, /Failed to fetch/];

let server: RunningServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-today-'));
  await bookTodayVisits(dataDir, VISITS);
  server = await startServer({ quiet: true, env: { DATA_DIR: dataDir } });
}, 180_000);
afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const visitCards = (page: Page) => page.locator('article[data-visit]');

async function expectThreeVisits(page: Page) {
  await expect.poll(() => visitCards(page).count(), { timeout: 15_000 }).toBe(3);
  const names = await page.locator('article[data-visit] h3').allTextContents();
  expect(names).toEqual(['Aroha Ngata', 'Ben Carter', 'Hine Walker']);
  for (const v of VISITS) {
    const card = page.locator('article[data-visit]', { hasText: `${v.firstName} ${v.lastName}` });
    await expect.poll(() => card.textContent()).toContain(v.address);
    const navigate = card.getByRole('link', { name: /^Navigate/ });
    expect(await navigate.getAttribute('href')).toBe(
      `https://www.google.com/maps/dir/?api=1&destination=${encodeURIComponent(v.address)}`,
    );
    expect(await card.getByRole('link', { name: /Apple Maps/ }).getAttribute('href')).toBe(
      `https://maps.apple.com/?daddr=${encodeURIComponent(v.address)}`,
    );
    expect(await card.getByRole('link', { name: /021 123 4567/ }).getAttribute('href')).toBe('tel:0211234567');
  }
  expect(await page.getByTestId('sheet-meta').textContent()).toMatch(/Last updated \d{1,2}:\d{2} [AP]M/);
}

/** What the phone keeps: the admin's IndexedDB keys and the admin caches (run in the page, hence a string). */
const KEPT_ON_PHONE = `(async () => {
  const keys = await new Promise((resolve, reject) => {
    const open = indexedDB.open('keyval-store');
    open.onupgradeneeded = () => open.result.createObjectStore('keyval');
    open.onerror = () => reject(new Error(String(open.error)));
    open.onsuccess = () => {
      const req = open.result.transaction('keyval').objectStore('keyval').getAllKeys();
      req.onsuccess = () => {
        resolve(req.result.map(String));
        open.result.close();
      };
    };
  });
  const cacheNames = (await caches.keys()).filter((n) => n.startsWith('homevisit-admin'));
  return { keys, cacheNames };
})()`;
const keptOnPhone = (page: Page) => page.evaluate<{ keys: string[]; cacheNames: string[] }>(KEPT_ON_PHONE);

describe('Today on her phone', () => {
  it('opens with the network cut after one online visit, and is gone after sign-out', async () => {
    const page = await openPage(null, { theme: 'light', allowConsoleErrors: OFFLINE_ERRORS });
    await signInAsAdmin(page, server.baseUrl, '/admin/today');
    await expectThreeVisits(page);
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await waitInPage(page, 'navigator.serviceWorker.controller !== null', 10_000);
    // One visit through the worker keeps the page itself for later.
    await page.reload();
    await expectThreeVisits(page);
    await shot(page, 'today-online-light');
    const kept = await keptOnPhone(page);
    expect(kept.keys).toContain(`day-sheet:${nzToday()}`);
    expect(kept.cacheNames.length).toBeGreaterThan(0);

    await page.context().setOffline(true);
    await page.reload();
    await expectThreeVisits(page);
    await page.getByText('Offline: showing what this phone kept').waitFor();
    await shot(page, 'today-offline-light');

    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    await expect.poll(() => keptOnPhone(page), { timeout: 10_000 }).toEqual({ keys: [], cacheNames: [] });

    await page.context().setOffline(true);
    const offlineAgain = await page.goto('/admin/today').catch(() => null);
    expect(offlineAgain === null || !offlineAgain.ok() || offlineAgain.status() === 0).toBe(true);
    expect(await visitCards(page).count()).toBe(0);
    expect(await page.content()).not.toContain('Aroha Ngata');
  });

  it('offline, paints the Today the worker kept from its HTML, then shows the newer sheet kept on the phone (033)', async () => {
    const page = await openPage(null, { theme: 'light', allowConsoleErrors: OFFLINE_ERRORS });
    await signInAsAdmin(page, server.baseUrl, '/admin/today');
    await expectThreeVisits(page);
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    await waitInPage(page, 'navigator.serviceWorker.controller !== null', 10_000);
    // The reload's own refresh (a task after hydration) keeps its sheet in IndexedDB: let it land before the edit
    // below, or on a busy machine it lands after and overwrites it.
    const refreshed = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/admin/day-sheet');
    await page.reload();
    await expectThreeVisits(page);
    const { generatedAt } = (await (await refreshed).json()) as { generatedAt: string };
    await waitInPage(
      page,
      `new Promise((resolve) => { const r = indexedDB.open('keyval-store'); r.onsuccess = () => {
        const get = r.result.transaction('keyval').objectStore('keyval').get('day-sheet:${nzToday()}');
        get.onsuccess = () => resolve(get.result?.generatedAt === '${generatedAt}'); }; })`,
      10_000,
    );
    // A later sheet in IndexedDB than the one the kept page was drawn from (as the background refresh keeps one).
    await page.evaluate(`(async () => {
      const db = await new Promise((resolve) => { const r = indexedDB.open('keyval-store'); r.onsuccess = () => resolve(r.result); });
      const store = () => db.transaction('keyval', 'readwrite').objectStore('keyval');
      const key = 'day-sheet:${nzToday()}';
      const sheet = await new Promise((resolve) => { const r = store().get(key); r.onsuccess = () => resolve(r.result); });
      sheet.generatedAt = new Date(Date.parse(sheet.generatedAt) + 60_000).toISOString();
      sheet.visits[0].alerts = ['Dog at the gate'];
      await new Promise((resolve) => { const r = store().put(sheet, key); r.onsuccess = resolve; });
    })()`);
    // What paints is the HTML the worker kept: her sheet drawn by the server (no script needed), without health data.
    await page.context().setOffline(true);
    const offline = await page.reload();
    expect(offline?.headers()[SERVER_RENDERED_HEADER]).toBe('1');
    const html = (await offline?.text()) ?? '';
    for (const v of VISITS) expect(html).toContain(`${v.firstName} ${v.lastName}`);
    expect(html).not.toMatch(/"healthFlags":\[[^\]]/);
    // Hydrated from its precached scripts, the app shows the phone's newer copy, marked as kept.
    await expectThreeVisits(page);
    await page.getByText('Dog at the gate').waitFor();
    await page.getByText('Kept on this phone').waitFor();
    await page.getByText(/From base \d+ min/).waitFor();
    await shot(page, 'today-offline-kept');
    await page.context().setOffline(false);
  });

  it('hydrates the rendered Today with its inline sheet alone, then refreshes the sheet and the badge (decision 033)', async () => {
    // A first visit with her session (no worker yet), as Lighthouse's audit of the dashboard opens it.
    const page = await openPage(null, { theme: 'light' });
    const { hostname } = new URL(server.baseUrl);
    const cookies = (await adminCookie(server.baseUrl)).split('; ').map((pair) => {
      const [name = '', ...value] = pair.split('=');
      return { name, value: value.join('='), domain: hostname, path: '/' };
    });
    await page.context().addCookies(cookies);
    const asked: string[] = [];
    page.on('request', (request) => asked.push(new URL(request.url()).pathname));
    const response = await page.goto(`${server.baseUrl}/admin/today`);
    expect(response?.headers()[SERVER_RENDERED_HEADER]).toBe('1');
    await expectThreeVisits(page);
    // Asked once each: the server's sheet lacks the red flags, and its HTML the pending badge.
    await expect.poll(() => asked.filter((p) => p === '/api/admin/day-sheet').length).toBe(1);
    await expect.poll(() => asked.filter((p) => p === '/api/admin/bookings/pending').length).toBe(1);
    // The lazy tabs' imports never add the stylesheet next to the inline one (vite.config.ts `cssCodeSplit: false`).
    await page.getByRole('link', { name: 'Settings' }).click();
    await page.getByRole('heading', { name: 'Safety contact' }).waitFor();
    expect(asked.filter((p) => p.endsWith('.css'))).toEqual([]);
    expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    // Still styled: a tab drawn after hydration uses the inline sheet (the active tab has a background).
    const activeTab = page.locator('nav[aria-label="Admin sections"] a[aria-current="page"]');
    const background = await activeTab.evaluate(
      (a) => a.ownerDocument.defaultView!.getComputedStyle(a).backgroundColor,
    );
    expect(background).not.toBe('rgba(0, 0, 0, 0)');
  });

  it('reads well in dark and shows the install help in Settings', async () => {
    const page = await openPage(null, { theme: 'dark', colorScheme: 'dark' });
    await signInAsAdmin(page, server.baseUrl, '/admin/today');
    await expectThreeVisits(page);
    expect(await page.locator('meta[name="theme-color"][media="(prefers-color-scheme: dark)"]').count()).toBe(1);
    await shot(page, 'today-online-dark');
    await page.getByRole('button', { name: 'Tomorrow' }).click();
    await page.getByRole('heading', { name: /^Tomorrow/ }).waitFor();
    await page.getByRole('link', { name: 'Settings' }).click();
    const help = page.getByRole('region', { name: 'Install on your phone' });
    await help.waitFor();
    expect(await help.textContent()).toContain('Add to Home Screen');
    await shot(page, 'settings-dark');
  });
});
