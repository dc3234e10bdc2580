/**
 * Decision 037, card payments through Stripe (docs/decisions/037-card-payments.md), against the loopback Stripe API:
 * she pastes test keys in Settings; a first-time client sees one choice in the Deposit box (the card first, the bank
 * transfer second with the same reference) and pays the $20 deposit by card from the booking's page (Checkout's
 * loopback page delivers the webhook twice, as Stripe may); her Payments panel shows it once; she refunds it there and
 * the refund shows as a negative payment once Stripe's event confirms it. Each screen is reached once and then shown
 * in place at a phone and a desktop, light and dark (axe in each). She is signed in with her session cookie (the
 * sign-in form is admin-auth.test.ts's). HV_SHOTS=1 writes, at
 * 360x740 and 1366x900, light and dark: docs/screens/issue-41/pay-*.png (the booking's page with the card box) and
 * payments-panel-*.png (her panel with the card payment and its refund); the rest under issue-41-card-payments/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeServer, TEST_STRIPE_KEYS, type StripeServer } from '../helpers/stripe-server';
import { showVariant } from './axe';
import { openPage, useBrowser, type ViewportName } from './browser';
import { calendarDay, showMonthOf } from './calendar';
import { openSignedIn } from './e2e-a-session';
import { inEveryVariant, variant, variantName } from './e2e-a-variants';
import { openToasts } from './toasts';
import { adminCookie, createBooking, nzWeekdayAhead, root, startServer, type RunningServer } from './harness.mjs';
import { displayDate } from './wizard';

useBrowser();

const SHOTS = process.env.HV_SHOTS === '1';
const SHOTS_DIR = path.join(root, 'docs/screens/issue-41-card-payments');
const ISSUE_SHOTS_DIR = path.join(root, 'docs/screens/issue-41');
const DATE = nzWeekdayAhead(12);

let stripe: StripeServer;
let server: RunningServer;
let cookie: string;
let token: string;
let bookingId: number;
let serviceId: number;

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
  serviceId = service.id;
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

async function shot(
  page: Page,
  name: string,
  target?: ReturnType<Page['locator']>,
  dir: string = SHOTS_DIR,
): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  if (target) await target.screenshot({ path: file });
  else await page.screenshot({ path: file });
}

/** The panel as she sees it: on a phone the screen (the dialog fills it), wider the panel itself; no hover on it. */
async function panelShot(page: Page, viewport: ViewportName, name: string, section: ReturnType<Page['locator']>) {
  if (!SHOTS) return;
  // No toast over it (the refund's 'asked of Stripe').
  await expect.poll(() => openToasts(page).count(), { timeout: 20_000 }).toBe(0);
  await page.mouse.move(0, 0);
  await shot(page, name, viewport === 'phone' ? undefined : section, ISSUE_SHOTS_DIR);
}

const cardSection = (page: Page) => page.getByRole('region', { name: 'Card payments' });
const depositBox = (page: Page) => page.getByRole('region', { name: 'Deposit', exact: true });
const PAY_BUTTON = 'Pay the $20.00 deposit by card';

/** The Deposit box at the top of the screen, below the site's sticky header (for the screenshots). */
async function showDepositBox(page: Page): Promise<void> {
  await depositBox(page).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await page.evaluate('window.scrollBy(0, -88)');
}

/** Her Appointment Details for a visit on DATE, signed in; answers the page, its Payments panel and its payments. */
async function openVisitPayments(client: RegExp) {
  const page = await openSignedIn(server.baseUrl, '/admin/appointments');
  await page.getByRole('heading', { name: 'Upcoming Appointments' }).waitFor();
  await showMonthOf(page, DATE);
  await calendarDay(page, DATE).click();
  await page.getByRole('heading', { name: new RegExp(displayDate(DATE)) }).waitFor();
  await page
    .getByRole('list', { name: /^Appointments on / })
    .getByRole('button', { name: client })
    .click();
  const panel = page.getByRole('dialog', { name: 'Appointment Details' }).getByTestId('payments-panel');
  return { page, panel, lines: panel.getByRole('list', { name: 'Payments recorded' }).getByRole('listitem') };
}

/** The panel in the middle of the dialog: clear of its sticky header and footer. */
async function centre(panel: ReturnType<Page['locator']>): Promise<void> {
  await panel.locator('xpath=..').evaluate((el) => el.scrollIntoView({ block: 'center' }));
}

describe('card payments', () => {
  it('takes her test keys in Settings, keeps them and never shows them again', async () => {
    const page = await openSignedIn(server.baseUrl, '/admin/settings');
    const section = cardSection(page);
    await section.getByText('Card payments are off: both keys are needed.').waitFor();
    await section.getByLabel('Stripe secret key').fill(TEST_STRIPE_KEYS.secretKey);
    await section.getByLabel('Webhook signing secret').fill(TEST_STRIPE_KEYS.webhookSecret);
    await section.getByRole('button', { name: 'Save keys' }).click();
    await section.getByText('Card payments are on, in test mode: no real money moves.').waitFor();
    expect(await section.getByLabel('Stripe secret key').inputValue()).toBe('');
    expect(await section.textContent()).toContain(`Set, ending …${TEST_STRIPE_KEYS.secretKey.slice(-4)}`);
    expect(await page.content()).not.toContain(TEST_STRIPE_KEYS.secretKey);

    // Kept: on again after a reload, the key still not in the page.
    await page.reload();
    await section.getByText('Card payments are on').waitFor();
    expect(await page.content()).not.toContain(TEST_STRIPE_KEYS.secretKey);
    const problems = await inEveryVariant(page, 'settings, card payments', async (v) => {
      await section.scrollIntoViewIfNeeded();
      await shot(page, `settings-card-payments-${variantName(v)}`, section);
    });
    expect(problems).toEqual([]);
  });

  it('offers a first-time client one choice in the Deposit box (card first), and takes the $20 by card once', async () => {
    const page = await openPage(`${server.baseUrl}/booking/confirm/${token}`, { theme: 'system' });
    const box = depositBox(page);
    const pay = box.getByRole('button', { name: PAY_BUTTON });
    await pay.waitFor();
    const text = (await box.textContent()) ?? '';
    expect(text).toContain(
      'To hold this time, please pay a deposit of $20.00. It counts towards the price of your visit.',
    );
    expect(text).toContain('Stripe’s secure checkout page');
    expect(text).not.toContain('by bank transfer. It counts');
    // The bank transfer as the alternative, with the booking's reference, once.
    const bank = box.getByRole('heading', { name: 'Or pay by bank transfer' });
    const reference = /Reference (HV[0-9A-Z]{6})/.exec(text)?.[1];
    expect(reference).toBeDefined();
    expect(text.split(reference!).length - 1).toBe(1);
    // One card box: nothing else on the page offers a card payment.
    expect(await page.getByRole('button', { name: /by card/ }).count()).toBe(1);
    const offered = await inEveryVariant(page, 'booking page, deposit by card', async (v) => {
      // On every width: the card, then the bank transfer, then its reference.
      expect((await pay.boundingBox())!.y).toBeLessThan((await bank.boundingBox())!.y);
      expect((await bank.boundingBox())!.y).toBeLessThan(
        (await box.getByText(`Reference ${reference}`).boundingBox())!.y,
      );
      await showDepositBox(page);
      await shot(page, `pay-${variantName(v)}`, undefined, ISSUE_SHOTS_DIR);
    });
    expect(offered).toEqual([]);

    // She pays on a phone.
    await showVariant(page, variant('phone', 'light'));
    await pay.click();
    // Stripe Checkout (the loopback page): pay.
    await page.getByRole('heading', { name: 'Test checkout' }).waitFor();
    expect(await page.textContent('body')).toContain('$20.00 NZD');
    await page.getByRole('button', { name: 'Pay $20.00 NZD' }).click();
    await page.waitForURL(/\/booking\/confirm\/.+\?paid=deposit$/);
    await page.getByText('Your deposit of $20.00 has been received', { exact: false }).waitFor({ timeout: 30_000 });
    const paid = await inEveryVariant(page, 'booking page, paid', async (v) => {
      await showDepositBox(page);
      await shot(page, `paid-deposit-${variantName(v)}`);
    });
    expect(paid).toEqual([]);

    const { payments } = (await adminApi('GET', `/api/admin/bookings/${bookingId}/payments`)) as {
      payments: { amountCents: number; method: string; source: string; isDeposit: boolean }[];
    };
    expect(payments).toEqual([
      expect.objectContaining({ amountCents: 2000, method: 'card', source: 'stripe', isDeposit: true }),
    ]);
  });

  it('refunds it from her Payments panel, shown as a negative payment once Stripe confirms it', async () => {
    await adminApi('PATCH', `/api/admin/bookings/${bookingId}/status`, { status: 'confirmed' });
    const { page, panel, lines } = await openVisitPayments(/Kiri Card/);
    // The webhook came twice (both of the payment's events, each twice): one payment.
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
    const { payments } = (await adminApi('GET', `/api/admin/bookings/${bookingId}/payments`)) as {
      payments: { amountCents: number; source: string }[];
    };
    expect(payments.map((p) => [p.amountCents, p.source])).toEqual([
      [2000, 'stripe'],
      [-2000, 'stripe'],
    ]);
    // Its card state has come (the Pay now link is of the same answer): refunded in full, no second refund.
    await panel.getByText('Pay now link for the $70.00 owed').waitFor();
    await expect.poll(() => panel.getByRole('button', { name: /^Refund/ }).count()).toBe(0);
    const problems = await inEveryVariant(page, 'payments panel, card refund', async (v) => {
      await centre(panel);
      await panelShot(page, v.viewport, `payments-panel-${variantName(v)}`, panel.locator('xpath=..'));
    });
    expect(problems).toEqual([]);
  });

  it('shows a dispute under its card payment, with no refund offered while it is open', async () => {
    const disputed = (await createBooking(server.baseUrl, {
      serviceLengthId: serviceId,
      duration: 60,
      price: 9000,
      date: DATE,
      time: '14:00',
      firstName: 'Hana',
      lastName: 'Dispute',
      email: 'hana.dispute@example.nz',
      phone: '021 555 0142',
    })) as { id: number; cancelToken: string };
    const res = await fetch(`${server.baseUrl}/api/bookings/token/${disputed.cancelToken}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ purpose: 'deposit' }),
    });
    const { url } = (await res.json()) as { url: string };
    const { sessionCompleted, paymentIntentSucceeded } = stripe.pay(url.split('/').at(-1)!);
    const secret = TEST_STRIPE_KEYS.webhookSecret;
    expect((await stripe.deliver(`${server.baseUrl}/api/webhooks/stripe`, sessionCompleted, secret)).status).toBe(200);
    const { created } = stripe.dispute(paymentIntentSucceeded.data.object.id as string, { reason: 'fraudulent' });
    for (let i = 0; i < 2; i++) {
      expect((await stripe.deliver(`${server.baseUrl}/api/webhooks/stripe`, created, secret)).status).toBe(200);
    }
    await adminApi('PATCH', `/api/admin/bookings/${disputed.id}/status`, { status: 'confirmed' });

    const { page, panel, lines } = await openVisitPayments(/Hana Dispute/);
    await expect.poll(() => lines.count()).toBe(1);
    const line = lines.nth(0);
    await line.getByText('Disputed: $20.00').waitFor();
    expect(await line.textContent()).toContain('(fraudulent). Answer it in your Stripe Dashboard by');
    expect(await line.getByRole('button', { name: /^Refund/ }).count()).toBe(0);
    const problems = await inEveryVariant(
      page,
      'payments panel, disputed',
      async (v) => {
        await centre(panel);
        await panelShot(page, v.viewport, `payments-panel-disputed-${variantName(v)}`, panel.locator('xpath=..'));
      },
      [variant('phone', 'light'), variant('desktop', 'dark')],
    );
    expect(problems).toEqual([]);
  });
});
