/**
 * Decision 022: her client's page, loaded signed in, comes drawn by the server, and the browser hydrates that very
 * HTML (the same elements, no second request for the client, no hydration error) and it answers at once: the Edit
 * dialog opens and closes, the notes of a visit open. On a phone, light and dark, the browser in America/Los_Angeles:
 * the dates stay New Zealand's. Without a session the same URL is the sign-in page, as before.
 */
import { format } from 'date-fns';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HYDRATION_SHIELD_ID } from '../../src/shared/constants';
import type { ClientSummary } from '../../src/shared/schemas/client';
import { openPage, useBrowser } from './browser';
import { addAdminSession } from './admin-session';
import { adminCookie, createBooking, nzWeekdayAhead, startServer, type RunningServer } from './harness.mjs';

useBrowser();

const NAME = { firstName: 'Hana', lastName: 'Rendered' };
let server: RunningServer;
let clientId = 0;
let visitDay = '';

beforeAll(async () => {
  server = await startServer({ quiet: true });
  const cookie = await adminCookie(server.baseUrl);
  visitDay = nzWeekdayAhead(9);
  await createBooking(server.baseUrl, {
    ...NAME,
    email: 'hana.rendered@example.nz',
    phone: '021 555 0303',
    date: visitDay,
    time: '09:00',
  });
  const res = await fetch(`${server.baseUrl}/api/admin/clients?q=Rendered`, {
    headers: { origin: server.baseUrl, cookie },
  });
  const found = (await res.json()) as ClientSummary[];
  clientId = found[0]!.id;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** Before any of the page's scripts: remembers the server's heading element once the HTML is parsed. */
const REMEMBER_SERVER_HEADING = `document.addEventListener('readystatechange', () => {
  if (document.readyState === 'interactive') window.__serverHeading = document.querySelector('#root h2');
});`;

/** Her theme choice stored as `colorScheme` (the site's default is dark), and the system's the same. */
async function openSignedIn(
  colorScheme: 'light' | 'dark',
): Promise<{ page: Page; clientRequests: string[]; stylesheets: string[] }> {
  const page = await openPage(null, { viewport: 'phone', colorScheme, theme: colorScheme });
  // Her session cookie, as after signing in (the form itself is admin-auth's): this load is the page's first.
  await addAdminSession(page, server.baseUrl);
  await page.addInitScript(REMEMBER_SERVER_HEADING);
  const clientRequests: string[] = [];
  const stylesheets: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/admin\/clients\/\d+$/.test(r.url())) clientRequests.push(r.url());
    if (new URL(r.url()).pathname.endsWith('.css')) stylesheets.push(r.url());
  });
  const res = await page.goto(`${server.baseUrl}/admin/clients/${clientId}`);
  expect(res?.headers()['cache-control']).toBe('no-store, private');
  // The HTML itself holds her page.
  expect(await res?.text()).toContain(`${NAME.firstName} ${NAME.lastName}</h2>`);
  return { page, clientRequests, stylesheets };
}

/** React took over the server's elements (the same heading node, now React's) and the page takes input. */
const HYDRATED = `(() => {
  const heading = document.querySelector('#root h2');
  return document.getElementById('${HYDRATION_SHIELD_ID}') === null && heading !== null &&
    heading === window.__serverHeading && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
})()`;
const hydrated = (page: Page) => page.evaluate<boolean>(HYDRATED);

describe('her client page from the server', () => {
  for (const colorScheme of ['light', 'dark'] as const) {
    it(`hydrates the server's HTML and answers at once (${colorScheme}, phone)`, async () => {
      const { page, clientRequests, stylesheets } = await openSignedIn(colorScheme);
      await expect.poll(() => hydrated(page), { timeout: 15_000 }).toBe(true);
      expect(await page.evaluate("document.documentElement.classList.contains('dark')")).toBe(colorScheme === 'dark');
      // New Zealand's date of the visit, though the browser is in Los Angeles.
      const [y, m, d] = visitDay.split('-').map(Number) as [number, number, number];
      const visits = page.getByRole('list', { name: 'Visits, newest first' });
      await expect.poll(() => visits.innerText()).toContain(format(new Date(y, m - 1, d, 12), 'EEE d MMM yyyy'));
      expect(await visits.innerText()).toContain('9:00 AM');

      // Interactive: the Edit dialog opens with her details and closes.
      await page.getByRole('button', { name: 'Edit contact details' }).click();
      const dialog = page.getByRole('dialog', { name: 'Edit contact details' });
      await dialog.waitFor();
      expect(await dialog.getByLabel('First name').inputValue()).toBe(NAME.firstName);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      // The page did not ask for the client again: the server's answer was enough. Nor for a stylesheet: the whole
      // sheet is inline (decision 033), so no sheet arrives after the first paint to restyle the page.
      expect(clientRequests).toEqual([]);
      expect(stylesheets).toEqual([]);
      expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
    });
  }

  it('is the sign-in page without a session, as before', async () => {
    const page = await openPage(null, { viewport: 'phone' });
    const res = await page.goto(`${server.baseUrl}/admin/clients/${clientId}`);
    expect(res?.headers()['cache-control']).toBe('no-cache');
    expect(await res?.text()).not.toContain(NAME.lastName);
    await page.waitForURL((url) => url.pathname === '/admin/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
  });
});
