/**
 * docs/product.md §19, found from outside: what a visitor and she read is her practice's, whatever it is called. A
 * server of its own for a practice with a long locality ('Paraparaumu, Kāpiti Coast' pushed the home page's hero 36 px
 * past a phone) and an administrator with no name of her own (ADMIN_NAME unset makes it her username, which the
 * dashboard greeted).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privacyStatement } from '../../src/shared/privacy';
import { openPage, useBrowser, VIEWPORTS, type ViewportName } from './browser';
import { fillLogin } from './admin';
import { startServer, type RunningServer } from './harness.mjs';

useBrowser();

const LOCALITY = 'Paraparaumu, Kāpiti Coast';
let server: RunningServer;
let practice: { name: string; therapistName: string };

beforeAll(async () => {
  server = await startServer({ quiet: true, env: { PRACTICE_LOCALITY: LOCALITY, ADMIN_NAME: '' } });
  practice = (await (await fetch(`${server.baseUrl}/api/practice`)).json()) as typeof practice;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('the home page with a long locality', () => {
  for (const viewport of ['phone', 'desktop'] as ViewportName[]) {
    it(`fits a ${viewport} screen: heading and buttons in view, the locality cut short only where it must`, async () => {
      const width = VIEWPORTS[viewport].width;
      const page = await openPage(null, { viewport });
      await page.goto(`${server.baseUrl}/`);
      const pill = page.getByText(`Mobile massage · ${LOCALITY}`);
      await pill.waitFor();
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(width);
      const hero = page.getByRole('region', { name: practice.name });
      const inView = [
        pill,
        hero.getByRole('heading', { level: 1 }),
        hero.getByRole('link', { name: 'Book Your Session' }),
        hero.getByRole('link', { name: 'View Offerings' }),
      ];
      // Inside the page's 16 px padding: the hero hides its overflow, so a column too wide would be cut, not scroll.
      for (const element of inView) {
        const box = (await element.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(16);
        expect(box.x + box.width).toBeLessThanOrEqual(width - 16);
      }
      // On a phone the whole locality does not fit: it ends in '…' inside the pill rather than widening the page.
      const cut = await pill.evaluate((el) => el.scrollWidth > el.clientWidth);
      expect(cut).toBe(viewport === 'phone');
    });
  }
});

describe('the privacy page', () => {
  it("says her practice keeps a visitor's records, never the software's name", async () => {
    const page = await openPage(null, { viewport: 'phone' });
    await page.goto(`${server.baseUrl}/privacy`);
    await page.getByRole('heading', { name: 'Privacy', level: 1 }).waitFor();
    await page.getByText(privacyStatement(undefined, practice.name)).waitFor();
    expect(privacyStatement(undefined, practice.name)).toMatch(new RegExp(`^${practice.name} keeps your name`));
    expect(await page.locator('main').innerText()).not.toContain('Homevisit');
  });
});

describe('the dashboard of an administrator without a name of her own', () => {
  it("greets her by the practice's therapist name, never her username", async () => {
    const page = await openPage(null, { viewport: 'phone' });
    await page.goto(`${server.baseUrl}/admin/login`);
    await fillLogin(page);
    await page.getByRole('heading', { name: `Welcome back, ${practice.therapistName}`, exact: true }).waitFor();
    expect(await page.getByRole('heading', { name: /e2e-admin/ }).count()).toBe(0);
  });
});
