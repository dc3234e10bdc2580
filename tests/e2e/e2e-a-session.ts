/**
 * Her session put straight into a page, for tests that only need to be on an admin screen: signing in through the
 * form is proven in admin-auth.test.ts, and doing it again per test costs a page and a password hash each time.
 */
import type { Page } from 'playwright-core';
import { openPage, type OpenOptions } from './browser';
import { adminCookie } from './harness.mjs';

/** One session per server, reused by every page of the file. */
const sessions = new Map<string, Promise<string>>();

/** Adds her session cookies (signed in through the API once per server) to the page's context. */
export async function addAdminSession(page: Page, baseUrl: string): Promise<void> {
  let cookie = sessions.get(baseUrl);
  if (!cookie) {
    cookie = adminCookie(baseUrl);
    sessions.set(baseUrl, cookie);
  }
  await page.context().addCookies(
    (await cookie).split('; ').map((pair) => {
      const [name = '', ...value] = pair.split('=');
      return { name, value: value.join('='), url: baseUrl };
    }),
  );
}

/**
 * Opens `path` of the server (an admin screen) in a new page already signed in as her; its theme follows the system
 * unless told (so axe.ts showVariant can switch it in place).
 */
export async function openSignedIn(baseUrl: string, path: string, options: OpenOptions = {}): Promise<Page> {
  const page = await openPage(null, { theme: 'system', ...options });
  await addAdminSession(page, baseUrl);
  await page.goto(`${baseUrl}${path}`);
  return page;
}
