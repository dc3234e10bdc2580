/**
 * For e2e files that only need to be on an admin screen (signing in through the form is proven in
 * admin-auth.test.ts): her session cookie put straight into a new page, signed in through the API once per server.
 * And a screen reached once, then checked in each of the four variants in place (axe.ts showVariant), with the
 * variant's own checks (layout, a screenshot) run by the caller.
 */
import type { Page } from 'playwright-core';
import { AXE_VARIANTS, describeViolations, runAxe, showVariant } from './axe';
import { openPage, type OpenOptions } from './browser';
import { addAdminSession } from './admin-session';

export type Variant = (typeof AXE_VARIANTS)[number];

/**
 * Opens `path` on `baseUrl` in a new page already signed in as her. With theme 'system' the page follows the
 * system's colour scheme, so showVariant can switch it in place (with nothing stored the site is dark).
 */
export async function openSignedIn(baseUrl: string, path: string, options: OpenOptions = {}): Promise<Page> {
  const page = await openPage(null, options);
  await addAdminSession(page, baseUrl);
  await page.goto(`${baseUrl}${path}`);
  return page;
}

/** `${viewport}-${colorScheme}`, as the screenshots are named. */
export const variantName = (variant: Variant): string => `${variant.viewport}-${variant.colorScheme}`;

/**
 * Shows the open page (opened with theme 'system') in each variant in turn, runs `each` there (the checks that
 * depend on the variant, a screenshot), then axe with no hover left over; answers the serious and critical
 * violations, written out.
 */
export async function checkInEveryVariant(
  page: Page,
  where: string,
  each: (variant: Variant) => Promise<void> = async () => {},
): Promise<string[]> {
  const problems: string[] = [];
  for (const variant of AXE_VARIANTS) {
    // No hover left over; showVariant then waits out the transitions its end starts.
    await page.mouse.move(0, 0);
    await showVariant(page, variant);
    await each(variant);
    problems.push(...describeViolations(`${where} (${variant.viewport}, ${variant.colorScheme})`, await runAxe(page)));
  }
  return problems;
}

/** The page's scroll width: at most the window's width means no sideways scroll. */
export const scrollWidth = (page: Page): Promise<number> =>
  page.evaluate<number>('document.documentElement.scrollWidth');
