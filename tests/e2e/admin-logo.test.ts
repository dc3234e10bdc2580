/**
 * Her logo (docs/product.md §19), on a server of its own (a logo would show on every other file's pages):
 * in Settings she chooses an image, sees it previewed, uploads it, and the site's header and home page show it (AVIF
 * from the <picture>, with its width and height); a file that is not an image is refused under the field with the
 * server's words; Remove asks first and brings the plain mark back. The home page and the Settings section, each
 * opened once, shown in place at 360x740 and 1366x900, light and dark, with axe and no sideways scroll on a phone.
 * She is signed in with her session cookie (the sign-in form is admin-auth.test.ts's).
 * HV_SHOTS=1 writes docs/screens/issue-40/logo-*.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGO_MESSAGES } from '../../src/shared/logo';
import type { PracticeInfo } from '../../src/shared/practice';
import { openPage, useBrowser, type ViewportName } from './browser';
import { openSignedIn } from './e2e-a-session';
import { inEveryVariant, scrollWidth, variantName } from './e2e-a-variants';
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

/** Her Settings, signed in, in the light (her theme follows the system's). */
async function openSettings(viewport: ViewportName, allow: RegExp[] = []): Promise<Page> {
  const page = await openSignedIn(server.baseUrl, '/admin/settings', { viewport, allowConsoleErrors: allow });
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
  it('refuses a file that is not an image, under the field, with the server’s words; then uploads her logo', async () => {
    const page = await openSettings('phone', [/status of 400/, /API request error: Error: 400: /]);
    const section = logoSection(page);
    await section.getByText('No logo yet').waitFor();
    await section.getByLabel('Choose an image').setInputFiles(fakeFile);
    // The browser cannot draw it, but its type says PNG: the server reads it and says what it is.
    await section.getByRole('button', { name: 'Upload' }).click();
    await section.getByText(LOGO_MESSAGES.unreadable).waitFor();
    expect(await section.getByLabel('Choose an image').getAttribute('aria-invalid')).toBe('true');
    expect((await practice()).logo).toBeNull();

    // Her own picture: previewed, uploaded, and her own header follows at once.
    await section.getByLabel('Choose an image').setInputFiles(logoFile);
    await section.getByRole('img', { name: 'The chosen image, not saved yet' }).waitFor();
    await shot(section, 'logo-chosen-phone-light');
    await section.getByRole('button', { name: 'Upload' }).click();
    await openToasts(page).filter({ hasText: 'Logo saved' }).waitFor();
    await section.getByRole('img', { name: 'Your logo as saved' }).waitFor();
    expect((await practice()).logo).not.toBeNull();
    expect((await headerLogo(page)).currentSrc).toMatch(/\/media\/logo\/[0-9a-f]{16}-\d+\.avif$/);

    // The Settings section reads and fits in each variant.
    const problems = await inEveryVariant(page, 'settings', async (variant) => {
      expect(await scrollWidth(page)).toBeLessThanOrEqual(variant.viewport === 'phone' ? 360 : 1366);
      await section.scrollIntoViewIfNeeded();
      await shot(section, `logo-settings-${variantName(variant)}`);
    });
    expect(problems).toEqual([]);
  });

  it('shows it to a visitor in the header and on the home page, a small file on a phone, a larger one wide', async () => {
    const visitor = await openPage(`${server.baseUrl}/`, { viewport: 'phone', theme: 'system' });
    const hero = visitor.locator('section[aria-labelledby="hero-heading"] picture img');
    /** The header's AVIF and its box, and the width of the hero's file (a phone or a wide screen's). */
    const expectLogos = async (heroWidth: number) => {
      const header = await headerLogo(visitor);
      // AVIF chosen from the <picture>; its box is sized before it arrives (36 px tall, in the logo's proportions).
      expect(header.currentSrc).toMatch(/\.avif$/);
      expect([header.width, header.height]).toEqual(['36', '36']);
      // It starts the link, as the mark did (no gap before it).
      const link = await visitor.locator('header a[href="/"]:has(picture)').boundingBox();
      expect((await header.img.boundingBox())!.x).toBe(link!.x);
      const heroSrc = await loaded(hero);
      expect(heroSrc).toMatch(/\.avif$/);
      expect(Number(/-(\d+)\.avif$/.exec(heroSrc)![1])).toBe(heroWidth);
    };
    await expectLogos(96);
    const problems = await inEveryVariant(visitor, 'home', async (variant) => {
      await headerLogo(visitor);
      expect(await scrollWidth(visitor)).toBeLessThanOrEqual(variant.viewport === 'phone' ? 360 : 1366);
      await shot(visitor, `logo-home-${variantName(variant)}`);
    });
    expect(problems).toEqual([]);
    // Loaded afresh at 1366 px (the last variant): the larger file.
    await visitor.reload();
    await expectLogos(384);
  });

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
  });
});
