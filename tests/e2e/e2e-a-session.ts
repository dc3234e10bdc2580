/**
 * Her session put straight into a page, for tests that only need to be on an admin screen: signing in through the
 * form is proven in admin-auth.test.ts, and doing it again per test costs a page and a password hash each time.
 */
import type { Page } from 'playwright-core';
import { openPage, type OpenOptions } from './browser';
import { addAdminSession } from './admin-session';

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
