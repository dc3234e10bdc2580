/**
 * An admin screen opened with her session, got once per server through the API: the tests that only need to be on
 * an admin screen skip the login form (signing in through it is proven in admin-auth.test.ts).
 */
import type { Page } from 'playwright-core';
import { openPage, type OpenOptions } from './browser';
import { adminCookie } from './harness.mjs';

const sessions = new Map<string, Promise<string>>();

/** The e2e admin's session cookie header on `baseUrl`, signed in once (the same session for every page). */
export function sessionCookie(baseUrl: string): Promise<string> {
  let cookie = sessions.get(baseUrl);
  if (!cookie) {
    cookie = adminCookie(baseUrl);
    sessions.set(baseUrl, cookie);
  }
  return cookie;
}

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
  const cookies = (await sessionCookie(baseUrl)).split('; ').map((pair) => {
    const [name = '', ...value] = pair.split('=');
    return { name, value: value.join('='), url: baseUrl };
  });
  await page.context().addCookies(cookies);
  await beforeGoto?.(page);
  await page.goto(`${baseUrl}${path}`);
  return page;
}
