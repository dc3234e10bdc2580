/** The therapist in the e2e tests: signing in through /admin/login, as she would. */
import type { Page } from 'playwright-core';
import { E2E_ADMIN } from './harness.mjs';

/** Fills the 'Administrator Login' form on the current page (which must be /admin/login). */
export async function fillLogin(
  page: Page,
  credentials: { username: string; password: string } = E2E_ADMIN,
): Promise<void> {
  await page.getByLabel('Username').fill(credentials.username);
  await page.getByLabel('Password').fill(credentials.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/**
 * Signs in through the login page and waits for the dashboard: `next` is the admin path to
 * land on (default /admin). `baseUrl` is the server's (tests with their own server pass theirs).
 */
export async function signInAsAdmin(page: Page, baseUrl: string, next = '/admin'): Promise<void> {
  const query = next === '/admin' ? '' : `?next=${encodeURIComponent(next)}`;
  await page.goto(`${baseUrl}/admin/login${query}`);
  await fillLogin(page);
  await page.waitForURL((url) => url.pathname === next.split('?')[0]);
  await page.getByRole('heading', { name: /^Welcome back\b/ }).waitFor();
}
