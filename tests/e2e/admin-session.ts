/**
 * Her session for the e2e files that only need to be on an admin screen: signed in through the API once per server
 * and put straight into a page's context (signing in through the form is proven in admin-auth.test.ts, and doing it
 * again per page cost a page load and a password hash each time).
 */
import type { Page } from 'playwright-core';
import { adminCookie } from './harness.mjs';

const sessions = new Map<string, Promise<string>>();

/** Her session's Cookie header on `baseUrl`, signed in once per file and server. */
export function sessionCookie(baseUrl: string): Promise<string> {
  let cookie = sessions.get(baseUrl);
  if (!cookie) {
    cookie = adminCookie(baseUrl);
    sessions.set(baseUrl, cookie);
  }
  return cookie;
}

/** A Cookie header ('a=1; b=2') as the cookies of a browser context on `baseUrl`. */
export function cookiesFor(baseUrl: string, header: string): { name: string; value: string; url: string }[] {
  return header.split('; ').map((pair) => {
    const [name = '', ...value] = pair.split('=');
    return { name, value: value.join('='), url: baseUrl };
  });
}

/** Adds her session (or the one `cookie` names) to the page's context. */
export async function addAdminSession(page: Page, baseUrl: string, cookie?: string): Promise<void> {
  await page.context().addCookies(cookiesFor(baseUrl, cookie ?? (await sessionCookie(baseUrl))));
}
