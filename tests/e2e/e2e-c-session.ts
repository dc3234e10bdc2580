/**
 * An admin screen opened with her session, got once per server through the API: the tests that only need to be on
 * an admin screen skip the login form (signing in through it is proven in admin-auth.test.ts).
 */
import type { Page } from 'playwright-core';
import { openPage, type OpenOptions } from './browser';
import { addAdminSession } from './admin-session';

/**
 * A new page (openPage's options) holding her session, on `path` of `baseUrl`; `beforeGoto` runs on the blank page
 * first (to route a call, say).
 */
export async function openSignedIn(
  baseUrl: string,
  path: string,
  options: OpenOptions & { beforeGoto?: (page: Page) => Promise<unknown> } = {},
): Promise<Page> {
  const { beforeGoto, ...openOptions } = options;
  const page = await openPage(null, openOptions);
  await addAdminSession(page, baseUrl);
  await beforeGoto?.(page);
  await page.goto(`${baseUrl}${path}`);
  return page;
}
