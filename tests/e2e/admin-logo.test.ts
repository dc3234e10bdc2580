/**
 * Her logo (docs/product.md §19), on a server of its own (a logo would show on every other file's pages):
 * in Settings she chooses an image, sees it previewed, uploads it, and the site's header and home page show it (AVIF
 * from the <picture>, with its width and height); a file that is not an image is refused under the field with the
 * server's words; Remove asks first and brings the plain mark back. At 360x740 and 1366x900, light and dark, with axe
 * and no sideways scroll on a phone. HV_SHOTS=1 writes docs/screens/issue-40/logo-*.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MESSAGES } from '../../src/shared/logo';
import type { PracticeInfo } from '../../src/shared/practice';
import { signInAsAdmin } from './admin';
import { describeViolations, runAxe } from './axe';
import { openPage, useBrowser, type Theme, type ViewportName } from './browser';
import { root, startServer, type RunningServer } from './harness.mjs';
import { openToasts } from './toasts';

useBrowser();

const SHOTS = process.env.HV_SHOTS === '1';
const SHOTS_DIR = path.join(root, 'docs/screens/issue-40');

let server: RunningServer;
let files: string;
/** A round, warm logo on a transparent ground (what a designer would hand her), as a PNG file. */
let logoFile: string;
/** A text file named as a PNG. */
let fakeFile: string;

beforeAll(async () => {
  server = await startServer({ quiet: true });
  files = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-logo-e2e-'));
  logoFile = path.join(files, 'kapiti-logo.png');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600">
    <circle cx="300" cy="300" r="290" fill="#0f766e"/>
    <path d="M150 360c60-120 240-120 300 0" stroke="#fde68a" stroke-width="36" fill="none" stroke-linecap="round"/>
    <circle cx="300" cy="230" r="60" fill="#fde68a"/></svg>`;
  fs.writeFileSync(logoFile, await sharp(Buffer.from(svg)).png().toBuffer());
  fakeFile = path.join(files, 'not-an-image.png');
  fs.writeFileSync(fakeFile, 'This is a text file, not a picture.\n');
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (files) fs.rmSync(files, { recursive: true, force: true });
});

const practice = async (): Promise<PracticeInfo> =>
  (await (await fetch(`${server.baseUrl}/api/practice`)).json()) as PracticeInfo;

async function openSettings(viewport: ViewportName, theme: Theme = 'light', allow: RegExp[] = []): Promise<Page> {
  const page = await openPage(null, {
    viewport,
    theme,
    colorScheme: theme === 'dark' ? 'dark' : 'light',
    allowConsoleErrors: allow,
  });
  await signInAsAdmin(page, server.baseUrl, '/admin/settings');
  await logoSection(page).waitFor();
  return page;
}

const logoSection = (page: Page): Locator => page.getByRole('region', { name: 'Logo or photo', exact: true });

/** What the browser did with an <img>: loaded (complete, with pixels), and which file of the srcset it chose. */
interface ImgState {
  complete: boolean;
  naturalWidth: number;
  currentSrc: string;
}
const imgState = (img: Locator): Promise<ImgState> =>
  img.evaluate((el) => {
    const { complete, naturalWidth, currentSrc } = el as unknown as ImgState;
    return { complete, naturalWidth, currentSrc };
  });

async function loaded(img: Locator): Promise<string> {
  await expect.poll(async () => (await imgState(img)).complete && (await imgState(img)).naturalWidth > 0).toBe(true);
  return (await imgState(img)).currentSrc;
}

/** The header's logo: the <img> of its <picture>, and the address the browser chose for it. */
async function headerLogo(page: Page) {
  const img = page.locator('header a[href="/"] picture img');
  await img.waitFor();
  return {
    img,
    currentSrc: await loaded(img),
    width: await img.getAttribute('width'),
    height: await img.getAttribute('height'),
  };
}

async function shot(target: Page | Locator, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const file = path.join(SHOTS_DIR, `${name}.png`);
  if ('goto' in target) await target.screenshot({ path: file, fullPage: false });
  else await target.screenshot({ path: file });
}

describe('her logo', () => {
  it('refuses a file that is not an image, under the field, with the server’s words', async () => {
    const page = await openSettings('phone', 'light', [/status of 400/, /API request error: Error: 400: /]);
    const section = logoSection(page);
    await section.getByText('No logo yet').waitFor();
    await section.getByLabel('Choose an image').setInputFiles(fakeFile);
    // The browser cannot draw it, but its type says PNG: the server reads it and says what it is.
    await section.getByRole('button', { name: 'Upload' }).click();
    await section.getByText(LOGO_MESSAGES.unreadable).waitFor();
    expect(await section.getByLabel('Choose an image').getAttribute('aria-invalid')).toBe('true');
    expect((await practice()).logo).toBeNull();
    await page.context().close();
  });

  it('uploads her logo: previewed, then in the header and on the home page', async () => {
    const page = await openSettings('phone');
    const section = logoSection(page);
    await section.getByLabel('Choose an image').setInputFiles(logoFile);
    await section.getByRole('img', { name: 'The chosen image, not saved yet' }).waitFor();
    await shot(section, 'logo-chosen-phone-light');
    await section.getByRole('button', { name: 'Upload' }).click();
    await openToasts(page).filter({ hasText: 'Logo saved' }).waitFor();
    await section.getByRole('img', { name: 'Your logo as saved' }).waitFor();
    const logo = (await practice()).logo;
    expect(logo).not.toBeNull();
    // Her own header follows at once.
    expect((await headerLogo(page)).currentSrc).toMatch(/\/media\/logo\/[0-9a-f]{16}-\d+\.avif$/);
    await page.context().close();

    for (const viewport of ['phone', 'desktop'] as const) {
      const visitor = await openPage(null, { viewport });
      await visitor.goto(`${server.baseUrl}/`);
      const header = await headerLogo(visitor);
      // AVIF chosen from the <picture>; its box is sized before it arrives (36 px tall, in the logo's proportions).
      expect(header.currentSrc).toMatch(/\.avif$/);
      expect([header.width, header.height]).toEqual(['36', '36']);
      // It starts the link, as the mark did (no gap before it).
      const link = await visitor.locator('header a[href="/"]:has(picture)').boundingBox();
      expect((await header.img.boundingBox())!.x).toBe(link!.x);
      const hero = visitor.locator('section[aria-labelledby="hero-heading"] picture img');
      const heroSrc = await loaded(hero);
      expect(heroSrc).toMatch(/\.avif$/);
      // A phone asks for a small file, a wide screen for a larger one.
      const width = Number(/-(\d+)\.avif$/.exec(heroSrc)![1]);
      expect(width).toBe(viewport === 'phone' ? 96 : 384);
      await visitor.context().close();
    }
  });

  for (const viewport of ['phone', 'desktop'] as const)
    for (const theme of ['light', 'dark'] as const) {
      it(`reads and fits at ${viewport} in ${theme}: the home page and the Settings section`, async () => {
        const visitor = await openPage(null, { viewport, theme, colorScheme: theme });
        await visitor.goto(`${server.baseUrl}/`);
        await headerLogo(visitor);
        expect(await visitor.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
          viewport === 'phone' ? 360 : 1366,
        );
        expect(describeViolations(`home ${viewport} ${theme}`, await runAxe(visitor))).toEqual([]);
        await shot(visitor, `logo-home-${viewport}-${theme}`);
        await visitor.context().close();

        const page = await openSettings(viewport, theme);
        const section = logoSection(page);
        await section.getByRole('img', { name: 'Your logo as saved' }).waitFor();
        expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(
          viewport === 'phone' ? 360 : 1366,
        );
        expect(describeViolations(`settings ${viewport} ${theme}`, await runAxe(page))).toEqual([]);
        await section.scrollIntoViewIfNeeded();
        await shot(section, `logo-settings-${viewport}-${theme}`);
        await page.context().close();
      });
    }

  it('Remove asks first, then the plain mark is back', async () => {
    const page = await openSettings('desktop');
    const section = logoSection(page);
    await section.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove your logo?' });
    await dialog.getByRole('button', { name: 'Keep it' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await practice()).logo).not.toBeNull();

    await section.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('dialog', { name: 'Remove your logo?' }).getByRole('button', { name: 'Remove logo' }).click();
    await openToasts(page).filter({ hasText: 'Logo removed' }).waitFor();
    await section.getByText('No logo yet').waitFor();
    expect((await practice()).logo).toBeNull();
    await page.locator('header a[href="/"]:not([target]) svg').waitFor();
    expect(await page.locator('header picture').count()).toBe(0);
    await page.context().close();
  });
});
