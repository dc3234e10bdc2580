/**
 * Settings' 'Jump to' (docs/product.md §19): on a 360x740 phone a select at the top, kept there as she scrolls, takes
 * her to a section (scrolled clear of the bar, the focus moved there, the address naming it) down and back up the page;
 * on a 1366x900 screen a row of links does the same; an address with a section's anchor opens there. Axe and no
 * sideways scroll, light and dark (opened once, switched in place); the browser's time zone is away from NZ.
 * HV_SHOTS=1 writes docs/screens/issue-40/settings-jump-*.png.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { AXE_VARIANTS, showVariant } from './axe';
import { baseUrl, useBrowser, type ViewportName } from './browser';
import { checkEveryVariant, expectNoSidewaysScroll, openSignedIn, screenshot } from './e2e-b-session';
import { root } from './harness.mjs';

useBrowser();

const SHOTS_DIR = path.join(root, 'docs/screens/issue-40');
const HEIGHT = { phone: 740, desktop: 900 } as const;

/** Her settings, already signed in (the sign-in form is proven in admin-auth.test.ts), following the system's theme. */
async function openSettings(viewport: ViewportName): Promise<Page> {
  const page = await openSignedIn(baseUrl(), '/admin/settings', { viewport });
  await page.getByRole('button', { name: 'Save practice details' }).waitFor();
  return page;
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Settings sections' });

/** The section's heading is on screen, below the jump bar (when there is one), and the focus is in its section. */
async function expectAt(page: Page, heading: string, anchor: string, barBottom: number, viewport: ViewportName) {
  const title = page.getByRole('heading', { name: heading, exact: true });
  await expect
    .poll(
      async () => {
        const box = await title.boundingBox();
        return box !== null && box.y >= barBottom && box.y + box.height <= HEIGHT[viewport];
      },
      { message: `'${heading}' on screen below the bar` },
    )
    .toBe(true);
  expect(await page.evaluate<string | undefined>('document.activeElement?.id')).toBe(anchor);
  expect(new URL(page.url()).hash).toBe(`#${anchor}`);
}

describe("Settings' Jump to", () => {
  it('on a phone: a select kept at the top takes her down to a section and back up', async () => {
    const page = await openSettings('phone');
    const jump = nav(page).getByLabel('Jump to');
    await jump.waitFor();
    // The row of links is for wider screens only.
    expect(await nav(page).getByRole('link').first().isVisible()).toBe(false);
    const options = await jump.locator('option').allTextContents();
    expect(options).toEqual([
      'Choose a section',
      'Your practice',
      'Logo or photo',
      'Where you work from',
      'Service area and travel fees',
      'Booking rules',
      'Money details',
      'Drives and maps',
      'Install on your phone',
      'Notifications',
      'Safety contact',
      'Deposits',
      'Card payments',
      'Text messages',
      'Start fresh',
    ]);
    // Each option names a section that is on the page, by its heading.
    for (const name of options.slice(1)) await page.getByRole('heading', { name, exact: true }).waitFor();

    await jump.selectOption({ label: 'Safety contact' });
    // The bar stays at the top of the screen as the page scrolls under it.
    const bar = (await nav(page).boundingBox())!;
    expect(bar.y).toBe(0);
    expect(await page.evaluate<number>('window.scrollY')).toBeGreaterThan(1000);
    await expectAt(page, 'Safety contact', 'settings-safety', bar.height, 'phone');
    // Back to the prompt, so the same section can be chosen again.
    expect(await jump.inputValue()).toBe('');
    // Keyboard: Tab goes on from the section she jumped to (Safety contact's own controls), not from the top.
    await page.keyboard.press('Tab');
    expect(
      await page.evaluate<boolean>(
        "document.getElementById('settings-safety').contains(document.activeElement) && document.activeElement.id !== 'settings-safety'",
      ),
    ).toBe(true);

    await jump.selectOption({ label: 'Logo or photo' });
    await expectAt(page, 'Logo or photo', 'settings-logo', (await nav(page).boundingBox())!.height, 'phone');
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
  });

  it('on a wide screen: the sections as links, each taking her there', async () => {
    const page = await openSettings('desktop');
    expect(await nav(page).getByLabel('Jump to').isVisible()).toBe(false);
    const links = nav(page).getByRole('link');
    expect(await links.count()).toBe(14);
    await nav(page).getByRole('link', { name: 'Start fresh' }).click();
    await expectAt(page, 'Start fresh', 'settings-start-fresh', 0, 'desktop');
    await nav(page).getByRole('link', { name: 'Booking rules' }).click();
    await expectAt(page, 'Booking rules', 'settings-booking-rules', 0, 'desktop');
  });

  it("an address with a section's anchor opens at that section", async () => {
    const page = await openSettings('phone');
    await page.goto(`${baseUrl()}/admin/today`);
    await page.goto(`${baseUrl()}/admin/settings#settings-deposits`);
    await expectAt(page, 'Deposits', 'settings-deposits', (await nav(page).boundingBox())!.height, 'phone');
  });

  it('passes axe with no sideways scroll, on a phone and a desktop, light and dark', async () => {
    // Opened once, then shown in the four variants in place: at the top, then jumped to 'Booking rules'.
    const page = await openSettings('phone');
    await nav(page).waitFor();
    const problems = await checkEveryVariant(page, 'settings jump', async (v) => {
      await page.evaluate('window.scrollTo(0, 0)');
      await screenshot(page, SHOTS_DIR, `settings-jump-top-${v.viewport}-${v.colorScheme}`);
    });
    expect(problems).toEqual([]);
    for (const variant of AXE_VARIANTS) {
      await showVariant(page, variant);
      await page.evaluate('window.scrollTo(0, 0)');
      if (variant.viewport === 'phone') await nav(page).getByLabel('Jump to').selectOption({ label: 'Booking rules' });
      else await nav(page).getByRole('link', { name: 'Booking rules' }).click();
      await page.getByRole('heading', { name: 'Booking rules', exact: true }).waitFor();
      await expectNoSidewaysScroll(page, variant);
      await screenshot(page, SHOTS_DIR, `settings-jump-${variant.viewport}-${variant.colorScheme}`);
    }
  });
});
