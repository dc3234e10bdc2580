/**
 * A server-rendered page takes no tap and no key until the browser has hydrated it (decision 033, step 5: the
 * shield after #root and index.html's key guard, instead of `inert` on #root), yet scrolls; once hydrated it answers.
 * The page is held before hydration by refusing its entry script.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { HYDRATION_SHIELD_ID } from '../../src/shared/constants';
import { openPage, useBrowser } from './browser';
import { serviceBookLinks } from './wizard';

useBrowser();

const ENTRY = /\/assets\/index-[^/]+\.js$/;
const shield = (page: Page) => page.locator(`#${HYDRATION_SHIELD_ID}`);

async function tapCentreOf(page: Page, selector: ReturnType<typeof serviceBookLinks>): Promise<void> {
  const box = await selector.boundingBox();
  if (!box) throw new Error('the link is not on screen');
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

describe('a server-rendered page before and after hydration', () => {
  it('ignores taps and keys while shielded, and still scrolls', async () => {
    const page = await openPage(null, {
      allowConsoleErrors: [/ERR_FAILED|Failed to load resource/],
      untilHydrated: false,
    });
    await page.route(ENTRY, (route) => route.abort());
    await page.goto('/');
    const link = serviceBookLinks(page).first();
    await link.scrollIntoViewIfNeeded();
    expect(await shield(page).count()).toBe(1);

    await tapCentreOf(page, link);
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/');

    await page.evaluate('window.scrollTo(0, 0)');
    await page.mouse.move(180, 400);
    await page.mouse.wheel(0, 600);
    await expect.poll(() => page.evaluate<number>('window.scrollY')).toBeGreaterThan(0);
  });

  it('takes the shield off once hydrated, and a tap then goes through', async () => {
    const page = await openPage('/');
    await shield(page).waitFor({ state: 'detached' });
    const link = serviceBookLinks(page).first();
    await link.scrollIntoViewIfNeeded();
    await tapCentreOf(page, link);
    await page.waitForURL((url) => url.pathname === '/booking');
  });
});
