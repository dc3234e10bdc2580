/**
 * The first run in the browser (docs/product.md §2 "First run"), on a server of its own started with no
 * ADMIN_* and no demo: the sign-in page points to /admin/setup; a wrong setup code is refused on its field; the code
 * read from the server's log creates her account and signs her in; the guided setup saves her practice, her base
 * (typed as an address, found and shown to check), her service area (40 km, four local towns, fees), her hours and her
 * first service, and she lands in the dashboard; then /admin/setup sends her to the dashboard and a stranger to sign
 * in. Axe and no sideways scroll at 360x740 and 1366x900, light and dark, each screen reached once and switched in
 * place. HV_SHOTS=1 writes docs/screens/issue-40/.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Settings } from '../../src/shared/schemas/settings';
import { openPage, useBrowser } from './browser';
import { checkEveryVariant, expectNoSidewaysScroll, openSignedIn, screenshot, type Variant } from './e2e-b-session';
import { startServer, type RunningServer } from './harness.mjs';

useBrowser();

const SHOTS_DIR = path.join(import.meta.dirname, '../../docs/screens/issue-40');

const HER = {
  name: 'Aroha Ngata',
  email: 'aroha@kapitimassage.example.nz',
  username: 'aroha',
  password: 'kapiti-coast-2026',
};
const TOWNS = ['Paraparaumu', 'Raumati Beach', 'Waikanae', 'Paekākāriki'];

let server: RunningServer;
let setupCode: string;

beforeAll(async () => {
  // A fresh install: no administrator from the environment, no demo content.
  server = await startServer({
    quiet: true,
    env: { ADMIN_USERNAME: '', ADMIN_PASSWORD: '', ADMIN_NAME: '', SEED_DEMO_DATA: 'false' },
  });
  const line = server.tail.map((l) => /Setup code: ([0-9A-Z-]+)/.exec(l)).find((m) => m !== null);
  if (!line) throw new Error(`no setup code in the server's log:\n${server.tail.join('\n')}`);
  setupCode = line[1]!;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const at = (p: string) => `${server.baseUrl}${p}`;

async function api<T>(method: string, url: string, cookie?: string): Promise<T> {
  const res = await fetch(at(url), { method, headers: { origin: server.baseUrl, ...(cookie ? { cookie } : {}) } });
  expect(res.status, `${method} ${url}`).toBe(200);
  return (await res.json()) as T;
}

async function herCookie(): Promise<string> {
  const res = await fetch(at('/api/auth/login'), {
    method: 'POST',
    headers: { origin: server.baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ username: HER.username, password: HER.password }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

/**
 * The open screen in each variant in place: no sideways scroll, axe's serious findings, and (HV_SHOTS=1) the whole
 * screen as `what-<viewport>-<scheme>.png`.
 */
async function checkLayout(page: Page, what: string): Promise<string[]> {
  return checkEveryVariant(page, what, async (variant: Variant) => {
    await expectNoSidewaysScroll(page, variant);
    await screenshot(page, SHOTS_DIR, `${what}-${variant.viewport}-${variant.colorScheme}`, true);
  });
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

describe('the first run', () => {
  it('points the sign-in page to the setup, and lays the account step out on a phone and a desktop', async () => {
    expect(await api<{ needed: boolean }>('GET', '/api/setup')).toEqual({ needed: true });
    // Following the system's theme, so the account step can be shown light and dark in place.
    const page = await openPage(null, { theme: 'system', allowConsoleErrors: [/status of 401/] });
    await page.goto(at('/admin/login'));
    await page.getByText('This site has no administrator yet.').waitFor();
    await page.getByRole('link', { name: 'Set up your site' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/setup');
    await heading(page, 'Your account').waitFor();
    expect(await page.title()).toMatch(/^Set up your site/);

    // The account step, filled in part, in each variant in place.
    await page.getByLabel('Setup code').fill('ABCD-EFGH-JKMN-PQRS');
    await page.getByLabel('Your name').fill(HER.name);
    expect(await checkLayout(page, 'setup-account')).toEqual([]);
  });

  it('refuses a wrong code on its field, then creates her account with the code from the log', async () => {
    const page = await openPage(null, { allowConsoleErrors: [/status of 401/, /status of 403/, /API request error/] });
    await page.goto(at('/admin/setup'));
    await heading(page, 'Your account').waitFor();

    // The shared schema's messages before anything is sent.
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.getByText('Setup code is required').waitFor();
    await page.getByText('Password must be at least 12 characters').waitFor();

    await page.getByLabel('Setup code').fill('ABCD-EFGH-JKMN-PQRS');
    await page.getByLabel('Your name').fill(HER.name);
    await page.getByLabel('E-mail').fill(HER.email);
    await page.getByLabel('Username').fill(HER.username);
    await page.getByLabel(/^Password/).fill(HER.password);
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.getByText("That setup code is not right. It is in the server's log").waitFor();
    expect(await page.getByLabel('Setup code').getAttribute('aria-invalid')).toBe('true');
    expect(await api<{ needed: boolean }>('GET', '/api/setup')).toEqual({ needed: true });

    // Typed as she reads it from the log, in lower case.
    await page.getByLabel('Setup code').fill(setupCode.toLowerCase());
    await page.getByRole('button', { name: 'Create my account' }).click();
    await heading(page, 'Your practice').waitFor();
    expect(new URL(page.url()).search).toBe('?step=practice');
    expect(await api<{ needed: boolean }>('GET', '/api/setup')).toEqual({ needed: false });

    // (a) Her practice and contact.
    await page.getByLabel('Practice name').fill('Kāpiti Mobile Massage');
    await page.getByLabel(/^Short name/).fill('Kāpiti Massage');
    await page.getByLabel('Your name (the therapist)').fill(HER.name);
    await page.getByLabel('Contact e-mail').fill('bookings@kapitimassage.example.nz');
    await page.getByLabel('Phone').fill('not a phone');
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Please enter a valid phone number').waitFor();
    await page.getByLabel('Phone').fill('021 555 0140');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // (b) Her base, typed as an address and located.
    await heading(page, 'Where you work from').waitFor();
    await page.getByRole('button', { name: 'Save and continue' }).click();
    await page.getByText('Press Find to locate your address first.').waitFor();
    await page.getByLabel('Base address').fill('Paraparaumu');
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByText(/^Found: /).waitFor();
    const coordinates = await page.getByText(/-40\.\d{5}, 175\.\d{5}/).textContent();
    expect(coordinates).toMatch(/-40\.9\d{4}, 175\.0\d{4}/);
    expect(await page.getByRole('link', { name: /Check on OpenStreetMap/ }).getAttribute('href')).toMatch(
      /^https:\/\/www\.openstreetmap\.org\/\?mlat=-40\.9/,
    );
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // (c) Her service area: 40 km, four local towns, her fees.
    await heading(page, 'Your service area').waitFor();
    await page.getByLabel('Furthest you travel').fill('40');
    // A new install starts from the profile's towns: hers replace them.
    for (const town of (await api<Settings>('GET', '/api/admin/settings', await herCookie())).practice.localTowns)
      await page.getByRole('button', { name: `Remove ${town}` }).click();
    await page.getByText('No local towns yet: the travel fee applies to every address.').waitFor();
    for (const town of TOWNS) {
      await page.getByLabel('Add a town').fill(town);
      await page.getByRole('button', { name: 'Add', exact: true }).click();
    }
    // Accents do not make a town new.
    await page.getByLabel('Add a town').fill('Paekakariki');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.getByText('Paekakariki is already in the list').waitFor();
    await page.getByLabel('Add a town').fill('');
    await page.getByLabel('Travel fee outside your local towns').fill('12.50');
    await page.getByLabel('A higher fee from').fill('25');
    await page.getByLabel('Higher fee', { exact: true }).fill('20');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // (d) Her hours: weekdays 9-5 offered, Wednesday closed, Saturday mornings.
    await heading(page, 'Your hours').waitFor();
    expect(await page.getByLabel('Monday from').inputValue()).toBe('09:00');
    await page.getByRole('checkbox', { name: 'Wednesday' }).click();
    await page.getByRole('checkbox', { name: 'Saturday' }).click();
    await page.getByLabel('Saturday to').fill('12:00');
    await page.getByRole('button', { name: 'Save and continue' }).click();

    // (e) Her first service, then the dashboard.
    await heading(page, 'Your first service').waitFor();
    await page.getByLabel('Service name').fill('Relaxation Massage');
    // The example's other length stays bookable: the step says so, while it is not the one she sets.
    const alsoOffered = page.getByText('Also offered: 90 minutes at $120.00. Change or remove it later in Services.');
    await alsoOffered.waitFor();
    await page.getByLabel('Length').selectOption('90');
    await alsoOffered.waitFor({ state: 'detached' });
    await page.getByLabel('Price').fill('120');
    await page.getByRole('button', { name: 'Save and finish' }).click();
    await page.waitForURL((url) => url.pathname === '/admin' && url.search === '?setup=done');
    await page.getByRole('heading', { name: `Welcome back, ${HER.name}` }).waitFor();
    // Nothing was skipped: the card says so, and closes.
    await page.getByRole('heading', { name: 'Your site is ready' }).waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    await page.waitForURL((url) => url.pathname === '/admin' && url.search === '');
    expect(await page.getByRole('heading', { name: 'Your site is ready' }).count()).toBe(0);

    // Saved, and the public site follows at once.
    const cookie = await herCookie();
    const settings = await api<Settings>('GET', '/api/admin/settings', cookie);
    expect(settings.practice).toMatchObject({
      name: 'Kāpiti Mobile Massage',
      shortName: 'Kāpiti Massage',
      therapistName: HER.name,
      email: 'bookings@kapitimassage.example.nz',
      baseAddress: 'Paraparaumu',
      localTowns: TOWNS,
    });
    expect(settings.practice.base.lat).toBeCloseTo(-40.91, 1);
    expect(settings.serviceArea).toEqual({
      maxKm: 40,
      extendedFromKm: 25,
      extendedFeeCents: 2000,
      outsideLocalFeeCents: 1250,
    });
    expect(await api<{ name: string }>('GET', '/api/practice')).toMatchObject({ name: 'Kāpiti Mobile Massage' });
    const hours = await api<Array<{ dayOfWeek: number; isOpen: boolean; openTime: string; closeTime: string }>>(
      'GET',
      '/api/business-hours',
    );
    expect(hours.filter((d) => d.isOpen).map((d) => [d.dayOfWeek, d.openTime, d.closeTime])).toEqual([
      [1, '09:00', '17:00'],
      [2, '09:00', '17:00'],
      [4, '09:00', '17:00'],
      [5, '09:00', '17:00'],
      [6, '09:00', '12:00'],
    ]);
    const services = await api<Array<{ name: string; durationOptions: unknown }>>('GET', '/api/services');
    expect(services.find((s) => s.name === 'Relaxation Massage')?.durationOptions).toEqual([
      { duration: 90, price: 12000 },
    ]);
    // The example service a production start writes became hers: no second service beside it.
    expect(services.map((s) => s.name)).toEqual(['Relaxation Massage']);
  });

  it('lays the guided steps out on a phone and a desktop, each with Later', { timeout: 180_000 }, async () => {
    // One page, signed in with her cookie: each step opened once and checked in the four variants in place.
    const page = await openSignedIn(server.baseUrl, '/admin/setup?step=practice', { cookie: await herCookie() });
    const problems: string[] = [];
    for (const [step, title] of [
      ['practice', 'Your practice'],
      ['base', 'Where you work from'],
      ['area', 'Your service area'],
      ['hours', 'Your hours'],
      ['service', 'Your first service'],
    ] as const) {
      if (step !== 'practice') await page.goto(at(`/admin/setup?step=${step}`));
      await heading(page, title).waitFor();
      await page.getByRole('button', { name: 'Later' }).waitFor();
      if (step === 'base') {
        await page.getByRole('button', { name: 'Find' }).click();
        await page.getByText(/^Found: /).waitFor();
      }
      problems.push(...(await checkLayout(page, `setup-${step}`)));
    }
    expect(problems).toEqual([]);
  });

  it(
    "skips a step with 'Later', lists what is missing, and once she exists sends her on and anyone else to sign in",
    { timeout: 120_000 },
    async () => {
      const cookie = await herCookie();
      const page = await openSignedIn(server.baseUrl, '/admin/setup?step=hours', { viewport: 'phone', cookie });
      await heading(page, 'Your hours').waitFor();
      await page.getByRole('button', { name: 'Later' }).click();
      await heading(page, 'Your first service').waitFor();
      // Something left out (no local towns): the card at the end lists it, and leads back to its step.
      const res = await fetch(at('/api/admin/settings'), {
        method: 'PATCH',
        headers: { origin: server.baseUrl, cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ practice: { localTowns: [] } }),
      });
      expect(res.status).toBe(200);
      await page.getByRole('button', { name: 'Later' }).click();
      await page.waitForURL((url) => url.pathname === '/admin' && url.search === '?setup=done');
      await page.getByRole('heading', { name: 'Finish setting up' }).waitFor();
      const missing = page.getByRole('list', { name: 'Still to set up' }).getByRole('link');
      expect(await missing.allTextContents()).toEqual(['Your service area']);
      await page.getByRole('button', { name: 'Later' }).waitFor({ state: 'detached' });
      await missing.first().click();
      await heading(page, 'Your service area').waitFor();
      expect(new URL(page.url()).search).toBe('?step=area');

      // The card on a phone and a desktop, light and dark, in place.
      await page.goto(at('/admin?setup=done'));
      await page.getByRole('heading', { name: 'Finish setting up' }).waitFor();
      expect(await checkLayout(page, 'setup-done')).toEqual([]);

      await page.goto(at('/admin/setup'));
      await page.waitForURL((url) => url.pathname === '/admin');

      const stranger = await openPage(null, { allowConsoleErrors: [/status of 401/] });
      await stranger.goto(at('/admin/setup'));
      await stranger.waitForURL((url) => url.pathname === '/admin/login');
      await stranger.getByRole('heading', { name: 'Administrator Login' }).waitFor();
      expect(await stranger.getByText('This site has no administrator yet.').count()).toBe(0);
      // The public site works as before.
      await stranger.goto(at('/'));
      await stranger.getByRole('heading', { level: 1 }).first().waitFor();
    },
  );
});
