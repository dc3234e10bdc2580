/**
 * Issue 41, card payments through Stripe (docs/decisions/037-card-payments.md), against the loopback Stripe API: she
 * pastes test keys in Settings; a first-time client pays the $20 deposit by card from the booking's page (Checkout's
 * loopback page delivers the webhook twice, as Stripe may); her Payments panel shows it once; she refunds it there and
 * the refund shows once Stripe's event confirms it. axe on each screen. HV_SHOTS=1 writes
 * docs/screens/issue-41-card-payments/ at 360x740 and 1366x900, light and dark.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeServer, TEST_STRIPE_KEYS, type StripeServer } from '../helpers/stripe-server';
import { signInAsAdmin } from './admin';
import { describeViolations, runAxe } from './axe';
import { openPage, useBrowser, type Theme, type ViewportName } from './browser';
import { calendarDay, showMonthOf } from './calendar';
import { adminCookie, createBooking, nzWeekdayAhead, root, startServer, type RunningServer } from './harness.mjs';
import { displayDate } from './wizard';

useBrowser();

const SHOTS = process.env.HV_SHOTS === '1';
const SHOTS_DIR = path.join(root, 'docs/screens/issue-41-card-payments');
const DATE = nzWeekdayAhead(12);

let stripe: StripeServer;
let server: RunningServer;
let cookie: string;
let token: string;
let bookingId: number;

async function adminApi(method: string, url: string, body?: unknown) {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { 'content-type': 'application/json', origin: server.baseUrl, cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  expect(res.status, text).toBeLessThan(300);
  return JSON.parse(text) as unknown;
}

beforeAll(async () => {
  stripe = await startStripeServer();
  server = await startServer({ quiet: true, env: { STRIPE_API_BASE: stripe.origin } });
  cookie = await adminCookie(server.baseUrl);
  const service = (await adminApi('POST', '/api/services', {
    name: 'Card deposit massage',
    description: 'A service that asks a $20 deposit.',
    durationOptions: [{ duration: 60, price: 9000 }],
    depositCents: 2000,
  })) as { id: number };
  const booking = (await createBooking(server.baseUrl, {
    serviceLengthId: service.id,
    duration: 60,
    price: 9000,
    date: DATE,
    time: '11:00',
    firstName: 'Kiri',
    lastName: 'Card',
    email: 'kiri.card@example.nz',
    phone: '021 555 0141',
  })) as { id: number; cancelToken: string };
  token = booking.cancelToken;
  bookingId = booking.id;
  // Checkout's page delivers the events to the site, each twice.
  stripe.webhookTarget = { url: `${server.baseUrl}/api/webhooks/stripe`, secret: TEST_STRIPE_KEYS.webhookSecret };
  stripe.deliveries = 2;
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await stripe?.close();
});

async function shot(page: Page, name: string, target?: ReturnType<Page['locator']>): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  const file = path.join(SHOTS_DIR, `${name}.png`);
  if (target) await target.screenshot({ path: file });
  else await page.screenshot({ path: file });
}

async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  expect(describeViolations(where, await runAxe(page))).toEqual([]);
}

const cardSection = (page: Page) => page.getByRole('region', { name: 'Card payments' });

describe('card payments', () => {
  it('takes her test keys in Settings and never shows them again', async () => {
    const page = await openPage(null, { theme: 'light', viewport: 'phone' });
    await signInAsAdmin(page, server.baseUrl, '/admin/settings');
    const section = cardSection(page);
    await section.getByText('Card payments are off: both keys are needed.').waitFor();
    await section.getByLabel('Stripe secret key').fill(TEST_STRIPE_KEYS.secretKey);
    await section.getByLabel('Webhook signing secret').fill(TEST_STRIPE_KEYS.webhookSecret);
    await section.getByRole('button', { name: 'Save keys' }).click();
    await section.getByText('Card payments are on, in test mode: no real money moves.').waitFor();
    expect(await section.getByLabel('Stripe secret key').inputValue()).toBe('');
    expect(await section.textContent()).toContain(`Set, ending …${TEST_STRIPE_KEYS.secretKey.slice(-4)}`);
    expect(await page.content()).not.toContain(TEST_STRIPE_KEYS.secretKey);
    await expectNoSeriousViolations(page, 'settings, card payments');
  });

  for (const [viewport, theme] of [
    ['phone', 'light'],
    ['phone', 'dark'],
    ['desktop', 'light'],
    ['desktop', 'dark'],
  ] as [ViewportName, Theme][]) {
    it(`shows the Card payments settings (${viewport}, ${theme})`, async () => {
      const page = await openPage(null, { theme, viewport });
      await signInAsAdmin(page, server.baseUrl, '/admin/settings');
      await cardSection(page).getByText('Card payments are on').waitFor();
      await cardSection(page).scrollIntoViewIfNeeded();
      await expectNoSeriousViolations(page, `settings, card payments (${viewport}, ${theme})`);
      await shot(page, `settings-card-payments-${viewport}-${theme}`, cardSection(page));
    });
  }

  it('lets a first-time client pay the $20 deposit by card, recorded once', async () => {
    const page = await openPage(null, { theme: 'light', viewport: 'phone' });
    await page.goto(`${server.baseUrl}/booking/confirm/${token}`);
    const pay = page.getByRole('button', { name: 'Pay $20.00 deposit by card' });
    await pay.waitFor();
    await expectNoSeriousViolations(page, 'booking page, pay by card');
    await shot(page, 'pay-deposit-phone-light');
    await pay.click();
    // Stripe Checkout (the loopback page): pay.
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
    expect(await page.textContent('body')).toContain('$20.00 NZD');
    await page.getByRole('button', { name: 'Pay $20.00 NZD' }).click();
    await page.waitForURL(/\/booking\/confirm\/.+\?paid=deposit$/);
    await page.getByText('Your deposit of $20.00 has been received', { exact: false }).waitFor({ timeout: 30_000 });
    await expectNoSeriousViolations(page, 'booking page, paid');
    await shot(page, 'paid-deposit-phone-light');

    const { payments } = (await adminApi('GET', `/api/admin/bookings/${bookingId}/payments`)) as {
      payments: { amountCents: number; method: string; source: string; isDeposit: boolean }[];
    };
    expect(payments).toEqual([
      expect.objectContaining({ amountCents: 2000, method: 'card', source: 'stripe', isDeposit: true }),
    ]);
  });

  for (const [viewport, theme] of [
    ['phone', 'dark'],
    ['desktop', 'light'],
    ['desktop', 'dark'],
  ] as [ViewportName, Theme][]) {
    it(`shows the paid deposit on the booking's page (${viewport}, ${theme})`, async () => {
      const page = await openPage(null, { theme, viewport });
      await page.goto(`${server.baseUrl}/booking/confirm/${token}`);
      await page.getByText('Your deposit of $20.00 has been received', { exact: false }).waitFor();
      await shot(page, `paid-deposit-${viewport}-${theme}`);
    });
  }

  it('refunds it from her Payments panel, shown once Stripe confirms it', async () => {
    await adminApi('PATCH', `/api/admin/bookings/${bookingId}/status`, { status: 'confirmed' });
    const page = await openPage(null, { theme: 'light', viewport: 'phone' });
    await signInAsAdmin(page, server.baseUrl, '/admin/appointments');
    await page.getByRole('heading', { name: 'Upcoming Appointments' }).waitFor();
    await showMonthOf(page, DATE);
    await calendarDay(page, DATE).click();
    await page.getByRole('heading', { name: new RegExp(displayDate(DATE)) }).waitFor();
    await page
      .getByRole('list', { name: /^Appointments on / })
      .getByRole('button', { name: /Kiri Card/ })
      .click();
    const panel = page.getByRole('dialog', { name: 'Appointment Details' }).getByTestId('payments-panel');
    const lines = panel.getByRole('list', { name: 'Payments recorded' }).getByRole('listitem');
    await expect.poll(() => lines.count()).toBe(1);
    expect(await lines.nth(0).textContent()).toContain('$20.00 · Card');
    expect(await lines.nth(0).textContent()).toContain('Stripe');

    await lines
      .nth(0)
      .getByRole('button', { name: /^Refund/ })
      .click();
    await lines.nth(0).getByLabel('Reason for the refund').fill('Visit moved to a gift');
    await lines.nth(0).getByRole('button', { name: 'Refund to card' }).click();
    await expect.poll(() => lines.count(), { timeout: 30_000 }).toBe(2);
    await expect.poll(() => lines.nth(1).textContent()).toContain('-$20.00 refund · Card');
    expect(await lines.nth(1).textContent()).toContain('Visit moved to a gift');
    await expectNoSeriousViolations(page, 'payments panel, card refund');
    await shot(page, 'refund-phone-light', page.getByRole('dialog', { name: 'Appointment Details' }));
  });
});
