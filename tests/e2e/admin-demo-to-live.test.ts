/**
 * docs/product.md §2 "Start fresh", 'From demo to live', as the therapist, each on a server of its own (Start fresh
 * empties its database):
 * - Reviews: Delete on a demo review asks first, then the card is gone (and from the home page);
 * - Outbox: e-mails queued without SMTP_URL are held under 'Queued while e-mail was not set up'; Send one (it waits
 *   for SMTP like any other), Discard one (gone), Discard all (asked first);
 * - Settings → Start fresh: the typed confirmation, then the demo is gone and the example service is there.
 * Axe in both themes on a phone and a desktop; with HV_SHOTS=1 the screens go to docs/screens/issue-40/.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxPage } from '../../src/shared/schemas/outbox';
import { useBrowser } from './browser';
import { checkEveryVariant, expectNoSidewaysScroll, openSignedIn, screenshot } from './e2e-b-session';
import { adminCookie, createBooking, nzWeekdayAhead, startServer, type RunningServer } from './harness.mjs';
import { openToasts } from './toasts';

useBrowser();

const SHOTS_DIR = path.join(import.meta.dirname, '../../docs/screens/issue-40');

const toastWith = (page: Page, text: string) => openToasts(page).filter({ hasText: text });

describe('demo reviews and Start fresh', () => {
  let server: RunningServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startServer({ quiet: true });
    cookie = await adminCookie(server.baseUrl);
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  const reviews = async () =>
    (await (await fetch(`${server.baseUrl}/api/reviews`, { headers: { cookie } })).json()) as { name: string }[];

  it('deletes a review after asking; Cancel keeps it; the confirmation reads well in every variant', async () => {
    const page = await openSignedIn(server.baseUrl, '/admin/reviews', { cookie });
    const tab = page.getByRole('main');
    const dialog = page.getByRole('dialog', { name: 'Delete this review?' });

    // The confirmation, opened once and checked on a phone and a desktop, light and dark, in place.
    await tab
      .getByRole('listitem', { name: 'James T.' })
      .getByRole('button', { name: 'Delete review by James T.' })
      .click();
    await dialog.getByText('Deep tissue after a week of surfing').waitFor();
    const problems = await checkEveryVariant(page, 'delete review', (v) =>
      screenshot(page, SHOTS_DIR, `review-delete-${v.viewport}-${v.colorScheme}`),
    );
    expect(problems).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    const card = tab.getByRole('listitem', { name: 'Sarah M.' });
    await card.waitFor();
    await card.getByRole('button', { name: 'Delete review by Sarah M.' }).click();
    await dialog.getByText('It is removed for good').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect((await reviews()).map((r) => r.name)).toContain('Sarah M.');

    await card.getByRole('button', { name: 'Delete review by Sarah M.' }).click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await toastWith(page, 'Review deleted').waitFor();
    await card.waitFor({ state: 'detached' });
    expect((await reviews()).map((r) => r.name)).not.toContain('Sarah M.');
    // Focus lands on the tab's heading (the button that opened the dialog is gone).
    await expect.poll(() => page.evaluate<string>('document.activeElement?.textContent ?? ""')).toBe('Manage Reviews');
  });

  it('starts fresh with the typed confirmation: the demo is gone, the example service is there', async () => {
    await createBooking(server.baseUrl, { firstName: 'Demo', lastName: 'Client', email: 'demo.client@example.nz' });
    const page = await openSignedIn(server.baseUrl, '/admin/settings', { viewport: 'phone', cookie });
    const section = page.getByRole('region', { name: 'Start fresh' });
    await section.getByRole('button', { name: 'Start fresh…' }).waitFor();

    // The section, then the dialog refusing a confirmation not in capitals, in every variant in place.
    await section.scrollIntoViewIfNeeded();
    const problems = await checkEveryVariant(page, 'settings', (v) => expectNoSidewaysScroll(page, v));
    await section.getByRole('button', { name: 'Start fresh…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Start fresh?' });
    await dialog.getByText('It cannot be undone').waitFor();
    const field = dialog.getByLabel('Type START FRESH to confirm');
    await field.fill('start fresh');
    await dialog.getByRole('button', { name: 'Start fresh' }).click();
    await dialog.getByText('Type START FRESH in capitals to confirm').waitFor();
    problems.push(
      ...(await checkEveryVariant(page, 'start fresh dialog', (v) =>
        screenshot(page, SHOTS_DIR, `start-fresh-${v.viewport}-${v.colorScheme}`),
      )),
    );
    expect(problems).toEqual([]);

    await field.fill('START FRESH');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/admin/start-fresh'));
    await field.press('Enter');
    expect((await answered).status()).toBe(200);
    await toastWith(page, 'Started fresh').waitFor();
    await toastWith(page, 'An example service is ready to edit.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    expect(await reviews()).toEqual([]);
    const services = (await (await fetch(`${server.baseUrl}/api/services`)).json()) as { name: string }[];
    expect(services.map((s) => s.name)).toEqual(['Swedish Massage']);
    // Her screens follow, and she is still signed in.
    await page.goto(`${server.baseUrl}/admin/services`);
    await page.getByRole('main').getByText('Swedish Massage').waitFor();
    await page.goto(`${server.baseUrl}/admin/clients`);
    await expect.poll(() => page.getByRole('main').getByText('Demo Client').count()).toBe(0);
    // The booking page works with the example service.
    await createBooking(server.baseUrl, { date: nzWeekdayAhead(12), email: 'first.real@example.nz' });
  });
});

describe('e-mails queued while e-mail was not set up', () => {
  let server: RunningServer;
  let cookie: string;
  beforeAll(async () => {
    server = await startServer({
      quiet: true,
      env: { MAIL_WORKER_ENABLED: 'true', MAIL_POLL_SECONDS: '0.2' },
    });
    cookie = await adminCookie(server.baseUrl);
    // Three bookings: six e-mails, each held by the worker as it writes its file.
    for (const [i, name] of ['Aroha', 'Hemi', 'Kiri'].entries())
      await createBooking(server.baseUrl, {
        firstName: name,
        lastName: 'Held',
        email: `${name.toLowerCase()}.held@example.nz`,
        date: nzWeekdayAhead(9 + i),
      });
    const deadline = Date.now() + 20_000;
    while ((await outbox()).counts.held < 6) {
      if (Date.now() > deadline) throw new Error(`not held: ${JSON.stringify((await outbox()).counts)}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
  });

  async function outbox(): Promise<OutboxPage> {
    const res = await fetch(`${server.baseUrl}/api/admin/outbox`, { headers: { cookie } });
    return (await res.json()) as OutboxPage;
  }
  const tab = (page: Page) => page.locator('section[aria-labelledby="outbox-heading"]');
  const panel = (page: Page) => page.getByRole('region', { name: 'Queued while e-mail was not set up' });
  const row = (page: Page, to: string) =>
    tab(page).getByRole('table', { name: 'Messages' }).getByRole('row').filter({ hasText: to });

  it('shows the held e-mails in every variant, sends one, discards one, then discards the rest after asking', async () => {
    const page = await openSignedIn(server.baseUrl, '/admin/outbox', { cookie });
    await panel(page).getByText('6 e-mails were queued while e-mail was not set up').waitFor();
    await tab(page).getByText('Queued while e-mail was not set up').first().waitFor();
    const problems = await checkEveryVariant(page, 'held outbox', async (v) => {
      await expectNoSidewaysScroll(page, v);
      await screenshot(page, SHOTS_DIR, `outbox-held-${v.viewport}-${v.colorScheme}`, true);
    });
    await panel(page).getByRole('button', { name: 'Discard all (6)' }).click();
    const asking = page.getByRole('dialog', { name: 'Discard the held e-mails?' });
    await asking.waitFor();
    problems.push(...(await checkEveryVariant(page, 'discard all dialog')));
    expect(problems).toEqual([]);
    await page.keyboard.press('Escape');
    await asking.waitFor({ state: 'detached' });

    const aroha = row(page, 'aroha.held@example.nz');
    await aroha.getByText('Held', { exact: true }).waitFor();

    await aroha.getByRole('button', { name: /^Send .* to aroha\.held@example\.nz$/ }).click();
    await toastWith(page, '1 e-mail will be sent once e-mail delivery is set up').waitFor();
    // Released: it waits for SMTP like any other message, and is not held again.
    await aroha.getByText('Waiting', { exact: true }).waitFor();

    const hemi = row(page, 'hemi.held@example.nz');
    await hemi.getByRole('button', { name: /^Discard .* to hemi\.held@example\.nz$/ }).click();
    await toastWith(page, '1 e-mail discarded: never sent').waitFor();
    await hemi.waitFor({ state: 'detached' });

    await panel(page).getByText('4 e-mails were queued').waitFor();
    await panel(page).getByRole('button', { name: 'Discard all (4)' }).click();
    const dialog = page.getByRole('dialog', { name: 'Discard the held e-mails?' });
    await dialog.getByRole('button', { name: 'Discard all (4)' }).click();
    await toastWith(page, '4 e-mails discarded: never sent').waitFor();
    await panel(page).waitFor({ state: 'detached' });

    const after = await outbox();
    expect(after.counts).toMatchObject({ held: 0, all: 1, waiting: 1 });
    expect(after.items.map((i) => [i.to, i.state])).toEqual([['aroha.held@example.nz', 'waiting']]);
  });
});
