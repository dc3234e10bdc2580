/**
 * Shared by the admin e2e files that reach a screen once and check it in place: a page opened with her session
 * cookie (the sign-in form itself is proven in admin-auth.test.ts), and a loop over the four variants that runs the
 * variant's own checks, axe and (HV_SHOTS=1) a screenshot in each.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { AXE_VARIANTS, describeViolations, runAxe, showVariant } from './axe';
import { openPage, type OpenOptions } from './browser';
import { cookiesFor, sessionCookie } from './admin-session';

export type Variant = (typeof AXE_VARIANTS)[number];

/**
 * Opens `path` on `baseUrl` already signed in (her session cookie in a new context). Unless told another `theme`,
 * the page follows the system's colour scheme ('system'; the site's own default is dark), so showVariant can switch
 * it in place.
 */
export async function openSignedIn(
  baseUrl: string,
  path: string,
  options: OpenOptions & { cookie?: string } = {},
): Promise<Page> {
  const { cookie, ...openOptions } = options;
  const page = await openPage(null, { viewport: 'desktop', theme: 'system', ...openOptions });
  await page.context().addCookies(cookiesFor(baseUrl, cookie ?? (await sessionCookie(baseUrl))));
  await page.goto(`${baseUrl}${path}`);
  return page;
}

export const SHOTS = process.env.HV_SHOTS === '1';

/** Writes the page (or what `fullPage` says) to `dir/name.png` when HV_SHOTS=1. */
export async function screenshot(page: Page, dir: string, name: string, fullPage = false): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage });
}

/** The widest the page may be in a variant: the window's width (no sideways scroll). */
export async function expectNoSidewaysScroll(page: Page, variant: Variant): Promise<void> {
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
    variant.viewport === 'phone' ? 360 : 1366,
  );
}

/**
 * Shows the open page in each of the four variants in turn (axe.ts showVariant: same page, resized, colour scheme
 * switched) and there runs `inVariant` (the checks that depend on the variant, a scroll, screenshots), then axe,
 * then `afterAxe` (what would change the page axe reads).
 * Answers the serious and critical violations, written out. The page must follow the system's theme.
 */
export async function checkEveryVariant(
  page: Page,
  where: string,
  inVariant: (variant: Variant) => Promise<void> = async () => {},
  afterAxe: (variant: Variant) => Promise<void> = async () => {},
): Promise<string[]> {
  const problems: string[] = [];
  for (const variant of AXE_VARIANTS) {
    // The page at rest: no hover state left by a click (moved first: showVariant then waits out the transitions the
    // hover's end starts, which axe would read half way).
    await page.mouse.move(0, 0);
    await showVariant(page, variant);
    await inVariant(variant);
    problems.push(...describeViolations(`${where} (${variant.viewport}, ${variant.colorScheme})`, await runAxe(page)));
    await afterAxe(variant);
  }
  return problems;
}
