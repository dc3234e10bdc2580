/** Theme: the choice survives a reload and is applied before the first paint (docs/product.md §1, §9). */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openPage, useBrowser, waitInPage } from './browser';

useBrowser();

/**
 * Runs before any page script: records whether <html> is dark when <body> is first
 * parsed (after the inline bootstrap, before the app's module script) and every flip
 * of the dark class afterwards.
 */
const RECORDER = `(() => {
  const w = window;
  w.__theme = { atBody: null, changes: [] };
  new MutationObserver(() => {
    if (!document.body) return;
    const dark = document.documentElement.classList.contains('dark');
    if (w.__theme.atBody === null) w.__theme.atBody = dark;
    else if (dark !== (w.__theme.changes.at(-1) ?? w.__theme.atBody)) w.__theme.changes.push(dark);
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
})();`;

interface Recorded {
  atBody: boolean | null;
  changes: boolean[];
}

async function recorded(page: Page): Promise<Recorded> {
  return page.evaluate<Recorded>('window.__theme');
}

const isDark = (page: Page) => page.evaluate<boolean>(`document.documentElement.classList.contains('dark')`);

async function choose(page: Page, theme: 'Light' | 'Dark' | 'System') {
  await page.getByRole('button', { name: /theme/i }).first().click();
  await page
    .getByRole('menuitem', { name: theme })
    .or(page.getByRole('menuitemradio', { name: theme }))
    .click();
}

async function reload(page: Page) {
  await page.reload({ waitUntil: 'commit' });
  await page.waitForLoadState('domcontentloaded');
}

describe('theme', () => {
  it('keeps Dark and Light across a reload, with no flash of the other theme', async () => {
    const page = await openPage(null, { viewport: 'desktop', colorScheme: 'light' });
    await page.context().addInitScript(RECORDER);
    await page.goto('/');

    await choose(page, 'Dark');
    expect(await isDark(page)).toBe(true);
    await reload(page);
    // Right at DOMContentLoaded, and already when <body> was parsed: set by the inline bootstrap.
    expect(await isDark(page)).toBe(true);
    // Once the app has rendered: still the same, and never flipped after <body> was parsed.
    await page.getByRole('button', { name: /theme/i }).first().waitFor();
    expect(await isDark(page)).toBe(true);
    expect(await recorded(page)).toEqual({ atBody: true, changes: [] });

    await choose(page, 'Light');
    expect(await isDark(page)).toBe(false);
    await reload(page);
    expect(await isDark(page)).toBe(false);
    // Once the app has rendered: still the same, and never flipped after <body> was parsed.
    await page.getByRole('button', { name: /theme/i }).first().waitFor();
    expect(await isDark(page)).toBe(false);
    expect(await recorded(page)).toEqual({ atBody: false, changes: [] });
  });

  it('System follows the operating system', async () => {
    const page = await openPage('/', { viewport: 'desktop', colorScheme: 'dark' });
    await choose(page, 'System');
    expect(await isDark(page)).toBe(true);
    await page.emulateMedia({ colorScheme: 'light' });
    await waitInPage(page, `!document.documentElement.classList.contains('dark')`);
    await reload(page);
    expect(await isDark(page)).toBe(false);
  });
});
