/**
 * Decision 026, "The offline day sheet, however she signs in": she signs in the way a person does (at /admin/login, or
 * at /admin as the README says), lands where the app sends her (/admin, the Appointments tab), taps Today and Tomorrow
 * with nothing but clicks (no page of hers was ever loaded through the worker), later loses coverage and reloads: the
 * kept sheet is there. Any admin page opened without coverage, even one she never opened, is the app's shell (decision
 * 026). HV_SHOTS=1 writes the screenshots of docs/screens/issue-42/.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillLogin } from './admin';
import { openPage, useBrowser, VIEWPORTS, waitInPage, type OpenOptions } from './browser';
import { root, startServer, type RunningServer } from './harness.mjs';
import { bookTodayVisits } from './today-visits';

useBrowser();

const SHOTS = process.env.HV_SHOTS === '1';
const SHOTS_DIR = path.join(root, 'docs/screens/issue-42');

const VISITS = [
  { time: '10:00', firstName: 'Mere', lastName: 'Tapsell', address: '3 Wallis Street, Raglan', email: 'm@example.nz' },
  { time: '14:00', firstName: 'Tom', lastName: 'Reid', address: '41 Calvert Road, Whale Bay', email: 't@example.nz' },
];
const NAMES = ['Mere Tapsell', 'Tom Reid'];
/** The network gone: Chromium's failed loads and the app's own report of the unreachable requests. */
const OFFLINE_ERRORS: OpenOptions['allowConsoleErrors'] = [/ERR_INTERNET_DISCONNECTED/, /Failed to fetch/];

let server: RunningServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-offline-sign-in-'));
  await bookTodayVisits(dataDir, VISITS);
  server = await startServer({ quiet: true, env: { DATA_DIR: dataDir } });
}, 180_000);
afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const welcome = (page: Page) => page.getByRole('heading', { name: /^Welcome back\b/ });
const sheetNames = (page: Page) => page.locator('article[data-visit] h3').allTextContents();

/** Signs in on the login page she is on and waits for the dashboard wherever the app sends her; answers its path. */
async function signIn(page: Page): Promise<string> {
  await fillLogin(page);
  await page.waitForURL((url) => url.pathname !== '/admin/login');
  await welcome(page).waitFor();
  return new URL(page.url()).pathname;
}

/** Today, then Tomorrow, then Today again, by the tab and the day buttons, as she taps them (no page load). */
async function tapTodayAndTomorrow(page: Page) {
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Today' }).click();
  await expect.poll(() => sheetNames(page), { timeout: 15_000 }).toEqual(NAMES);
  await page.getByRole('button', { name: 'Tomorrow' }).click();
  await page.getByText('No confirmed visits on this day.').waitFor();
  await page.getByRole('button', { name: 'Today' }).click();
  await expect.poll(() => sheetNames(page)).toEqual(NAMES);
}

/** What a person gives the phone after signing in: the time for the app to settle (its worker, what it keeps). */
async function settle(page: Page) {
  // The page she landed on is the worker's (decision 026: /admin was outside its scope /admin/, and kept nothing).
  await waitInPage(page, 'navigator.serviceWorker.controller !== null', 15_000);
  // Kept after load, once the page is idle: given a moment, as her minutes on the dashboard would.
  await waitInPage(page, "caches.match('/admin/today').then((r) => Boolean(r))", 10_000).catch(() => {});
}

/** The kept sheet, offline: React's drawing of it under the offline banner, and Tomorrow's (kept, empty) too. */
async function expectKeptSheet(page: Page) {
  await page.getByText('Offline: showing what this phone kept').waitFor();
  await expect.poll(() => sheetNames(page), { timeout: 15_000 }).toEqual(NAMES);
  expect(await page.getByTestId('sheet-meta').textContent()).toMatch(/Last updated .*Kept on this phone/);
}

describe('the kept day sheet after signing in the ordinary way', () => {
  it('signs in at /admin/login, lands on /admin, taps Today and Tomorrow; offline, the reload opens the kept sheet', async () => {
    const page = await openPage(null, { theme: 'light', allowConsoleErrors: OFFLINE_ERRORS });
    await page.goto(`${server.baseUrl}/admin/login`);
    expect(await signIn(page)).toBe('/admin');
    await settle(page);
    await tapTodayAndTomorrow(page);
    expect(new URL(page.url()).pathname).toBe('/admin/today');
    if (SHOTS) {
      await page.reload();
      await expect.poll(() => sheetNames(page)).toEqual(NAMES);
      await page.screenshot({ path: path.join(SHOTS_DIR, 'today-online-phone-light.png'), fullPage: true });
    }

    await page.context().setOffline(true);
    await page.reload();
    await expectKeptSheet(page);
    if (SHOTS) {
      await page.screenshot({ path: path.join(SHOTS_DIR, 'today-offline-phone-light.png'), fullPage: true });
      await page.setViewportSize(VIEWPORTS.desktop);
      await page.screenshot({ path: path.join(SHOTS_DIR, 'today-offline-desktop-light.png'), fullPage: true });
    }
    await page.getByRole('button', { name: 'Tomorrow' }).click();
    await page.getByText('No confirmed visits on this day.').waitFor();
    expect(await page.getByTestId('sheet-meta').textContent()).toContain('Kept on this phone');

    // The page she landed on, and a tab she never opened: each opens the app without coverage.
    for (const [where, tab] of [
      ['/admin', 'Appointments'],
      ['/admin/clients', 'Clients'],
    ] as const) {
      const response = await page.goto(`${server.baseUrl}${where}`);
      expect(response?.ok(), where).toBe(true);
      await welcome(page).waitFor();
      expect(await page.locator('nav[aria-label="Admin sections"] a[aria-current="page"]').textContent(), where).toBe(
        tab,
      );
      await page.getByText('Offline: showing what this phone kept').waitFor();
    }
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Today' }).click();
    await expect.poll(() => sheetNames(page)).toEqual(NAMES);
    await page.context().setOffline(false);
  });

  it('starts at /admin as the README says, signs in, and opens the kept sheet at /admin offline', async () => {
    const page = await openPage(null, {
      theme: 'dark',
      colorScheme: 'dark',
      viewport: 'desktop',
      allowConsoleErrors: OFFLINE_ERRORS,
    });
    await page.goto(`${server.baseUrl}/admin`);
    await page.waitForURL((url) => url.pathname === '/admin/login');
    expect(await signIn(page)).toBe('/admin');
    await settle(page);
    await tapTodayAndTomorrow(page);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS_DIR, 'today-online-desktop-dark.png'), fullPage: true });
    // Back to where she landed, and the network cut there.
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/admin');

    await page.context().setOffline(true);
    const response = await page.reload();
    expect(response?.ok()).toBe(true);
    await welcome(page).waitFor();
    await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Today' }).click();
    await expectKeptSheet(page);
    // Straight to Today without coverage: the shell paints the kept sheet.
    await page.goto(`${server.baseUrl}/admin/today`);
    await expectKeptSheet(page);
    if (SHOTS) {
      await page.screenshot({ path: path.join(SHOTS_DIR, 'today-offline-desktop-dark.png'), fullPage: true });
      await page.setViewportSize(VIEWPORTS.phone);
      await page.screenshot({ path: path.join(SHOTS_DIR, 'today-offline-phone-dark.png'), fullPage: true });
    }
    await page.context().setOffline(false);
  });
});
