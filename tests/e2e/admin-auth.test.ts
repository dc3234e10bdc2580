/**
 * The therapist's sign-in and the dashboard's frame (docs/product.md §2 "Admin dashboard"): the signed-out redirect and
 * the way back to the page she asked for, the login messages (§5, §8), a session ended elsewhere,
 * logout ending the server session, the tabs as links, noindex and the page title, and axe on the login page with
 * its messages (opened once, checked in place on a phone and a desktop, light and dark). The sign-in form is proven
 * here; the frame's tests start from her session cookie, each of the two that end a session from a session of its own.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillLogin } from './admin';
import { AXE_VARIANTS, showVariant } from './axe';
import { api, baseUrl, openPage, useBrowser } from './browser';
import { adminCookie, E2E_ADMIN } from './harness.mjs';
import { addAdminSession } from './admin-session';
import { checkInEveryVariant, openSignedIn } from './e2e-d-session';
import { openToasts } from './toasts';

useBrowser();

const UNAUTHORIZED = [/status of 401 \(Unauthorized\)/, /API request error: Error: 401: /];
const dashboardHeading = (page: Page) => page.getByRole('heading', { name: 'Welcome back, E2E Admin' });
const tabLink = (page: Page, name: string | RegExp) =>
  page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name });

/** The session cookie the browser holds, as a Cookie header. */
async function sessionCookie(page: Page): Promise<string> {
  const cookies = await page.context().cookies();
  return cookies.map((c) => `${c.name}=${c.value}`).join('; ');
}

/** A session of the page's own (not the file's shared one), signed in through the API: for a test that ends it. */
async function addOwnSession(page: Page): Promise<void> {
  const own = await adminCookie(baseUrl());
  await page.context().addCookies(
    own.split('; ').map((pair) => {
      const [name = '', ...value] = pair.split('=');
      return { name, value: value.join('='), url: baseUrl() };
    }),
  );
}

describe('admin sign-in', () => {
  it('sends a signed-out visitor to the login page, then back to the page she asked for', async () => {
    const page = await openPage('/admin/pending');
    await page.waitForURL((url) => url.pathname === '/admin/login');
    expect(new URL(page.url()).searchParams.get('next')).toBe('/admin/pending');
    await page.getByRole('heading', { name: 'Administrator Login' }).waitFor();
    await fillLogin(page);
    await page.waitForURL((url) => url.pathname === '/admin/pending');
    await dashboardHeading(page).waitFor();
    expect(await tabLink(page, 'Pending Requests').getAttribute('aria-current')).toBe('page');
  });

  it('shows the §5 messages for empty fields (no serious axe violations) and the server message for a wrong password', async () => {
    // As a session ended elsewhere arrives (its notice shown too), following the system's colour scheme.
    const page = await openPage('/admin/login?next=%2Fadmin%2Fpending&reason=expired', {
      theme: 'system',
      allowConsoleErrors: UNAUTHORIZED,
    });
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Username is required').waitFor();
    await page.getByText('Password is required').waitFor();
    expect(await page.getByLabel('Username').getAttribute('aria-invalid')).toBe('true');
    const problems = await checkInEveryVariant(page, '/admin/login');
    expect(problems, problems.join('\n\n')).toEqual([]);
    await showVariant(page, AXE_VARIANTS[0]!);

    await fillLogin(page, { username: E2E_ADMIN.username, password: 'not-the-password' });
    await expect.poll(() => page.getByRole('alert').textContent()).toContain('Invalid credentials');
    expect(new URL(page.url()).pathname).toBe('/admin/login');
  });

  it("says how long to wait when the server refuses more attempts, and 'Login failed' when it gives no message", async () => {
    const page = await openPage('/admin/login', {
      allowConsoleErrors: [/status of (429|500)/, /API request error: Error: (429|500): /],
    });
    await page.route('**/api/auth/login', (route) =>
      route.fulfill({
        status: 429,
        headers: { 'content-type': 'application/json', 'retry-after': '840' },
        body: JSON.stringify({
          code: 'TOO_MANY_ATTEMPTS',
          message: 'Too many sign-in attempts. Please wait a few minutes and try again.',
        }),
      }),
    );
    await fillLogin(page);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toBe(
        'Too many sign-in attempts. Please wait a few minutes and try again. You can try again in about 14 minutes.',
      );

    await page.unroute('**/api/auth/login');
    await page.route('**/api/auth/login', (route) => route.fulfill({ status: 500, body: '' }));
    await fillLogin(page);
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Login failed');
  });

  it('sends a signed-in user from the login page to /admin', async () => {
    const page = await openPage(null);
    await addAdminSession(page, baseUrl());
    await page.goto('/admin/login');
    await page.waitForURL((url) => url.pathname === '/admin');
    await dashboardHeading(page).waitFor();
  });
});

describe('the dashboard frame', () => {
  it("is titled 'Admin Dashboard', marked noindex, and its tabs are links that select by path", async () => {
    const page = await openSignedIn(baseUrl(), '/admin', { viewport: 'phone' });
    await dashboardHeading(page).waitFor();
    expect(await page.title()).toBe('Admin Dashboard');
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    expect(await tabLink(page, 'Appointments').getAttribute('aria-current')).toBe('page');

    const tabs = [
      ['Appointments', '/admin/appointments'],
      ['Pending Requests', '/admin/pending'],
      ['Availability', '/admin/availability'],
      ['Reviews', '/admin/reviews'],
      ['Services', '/admin/services'],
      ['Outbox', '/admin/outbox'],
      ['Money', '/admin/money'],
    ] as const;
    for (const [name, path] of tabs) {
      const link = tabLink(page, new RegExp(`^${name}`));
      expect(await link.getAttribute('href')).toBe(path);
      await link.click();
      await page.waitForURL((url) => url.pathname === path);
      expect(await link.getAttribute('aria-current')).toBe('page');
      // Phone: every tab reachable, and the page never scrolls sideways.
      expect(await link.isVisible()).toBe(true);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    }
  });

  it('opens a tab straight from its address', async () => {
    const page = await openSignedIn(baseUrl(), '/admin/services', { viewport: 'desktop' });
    await dashboardHeading(page).waitFor();
    expect(await tabLink(page, 'Services').getAttribute('aria-current')).toBe('page');
  });

  it('logout ends the server session and returns to the login page', async () => {
    const page = await openPage(null, { viewport: 'desktop' });
    await addOwnSession(page);
    await page.goto('/admin');
    await dashboardHeading(page).waitFor();
    const cookie = await sessionCookie(page);
    expect((await api('/api/auth/me', { cookie })).status).toBe(200);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    await page.getByRole('heading', { name: 'Administrator Login' }).waitFor();
    expect((await api('/api/auth/me', { cookie })).status).toBe(401);

    await page.goto('/admin');
    await page.waitForURL((url) => url.pathname === '/admin/login');
  });

  it("says 'Logout failed' when the server cannot sign her out", async () => {
    const page = await openSignedIn(baseUrl(), '/admin', {
      viewport: 'desktop',
      allowConsoleErrors: [/status of 500/, /API request error: Error: 500: /],
    });
    await dashboardHeading(page).waitFor();
    await page.route('**/api/auth/logout', (route) => route.fulfill({ status: 500, body: '' }));
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect.poll(() => openToasts(page).first().textContent()).toContain('Logout failed');
    expect(new URL(page.url()).pathname).toBe('/admin');
  });

  it('a session ended elsewhere sends her to sign in, with the reason, and back to where she was', async () => {
    const page = await openPage(null, { viewport: 'phone', allowConsoleErrors: UNAUTHORIZED });
    // The tab asks for its data a moment after the frame shows (its code comes on demand); it must have had its
    // answers before the session ends, or that request, not the tab she presses, finds the session gone.
    const tabData = [
      '/api/admin/bookings/summary',
      '/api/bookings/range',
      '/api/admin/bookings/day-route',
      '/api/admin/calendar-busy',
    ];
    const answered = Promise.all(
      tabData.map((path) => page.waitForResponse((r) => new URL(r.url()).pathname === path)),
    );
    await addOwnSession(page);
    await page.goto('/admin/appointments');
    await dashboardHeading(page).waitFor();
    await answered;
    // Signed out on another device: the server session is gone, the page does not know yet.
    expect((await api('/api/auth/logout', { method: 'POST', cookie: await sessionCookie(page) })).status).toBe(200);

    await tabLink(page, 'Pending Requests').click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    const url = new URL(page.url());
    expect(url.searchParams.get('next')).toBe('/admin/pending');
    expect(url.searchParams.get('reason')).toBe('expired');
    await page.getByText('Your session has ended').waitFor();

    await fillLogin(page);
    await page.waitForURL((u) => u.pathname === '/admin/pending');
    await dashboardHeading(page).waitFor();
  });
});
