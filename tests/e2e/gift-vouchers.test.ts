/**
 * Gift vouchers (docs/product.md §18.5), in the browser against the built server with a loopback Stripe and
 * a real SMTP sink: a friend buys a $120 voucher for 20 December on /gift-vouchers (phone), pays on the Checkout page
 * and comes back thanked; the copy e-mailed to her carries the code; the recipient books a $80 visit and gives the
 * code under 'Have a gift voucher?'; the therapist confirms the visit and the page says $80 was paid, $40 left.
 * Each screen is reached once and shown in place at 360x740 and 1366x900, light and dark, with axe (her Money tab on a
 * phone, light and dark); she is signed in with her session cookie (the sign-in form is admin-auth.test.ts's).
 * HV_SHOTS=1 writes docs/screens/gift-vouchers/, and
 * the issue's screens (the page with its form filled in, the booking's voucher given) to docs/screens/issue-41/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtp, type Smtp } from '../helpers/smtp';
import { startStripeServer, TEST_STRIPE_KEYS, type StripeServer } from '../helpers/stripe-server';
import { describeViolations, runAxe, showVariant } from './axe';
import { openPage, useBrowser } from './browser';
import { openSignedIn } from './e2e-a-session';
import { inEveryVariant, variant, variantName } from './e2e-a-variants';
import { adminCookie, createBooking, root, startServer, type RunningServer } from './harness.mjs';

useBrowser();

const SHOTS = process.env.HV_SHOTS === '1';
const SHOTS_DIR = path.join(root, 'docs/screens/gift-vouchers');
const ISSUE_SHOTS_DIR = path.join(root, 'docs/screens/issue-41');
const BUYER = { name: 'Mere Friend', email: 'mere.friend@example.nz' };
const RECIPIENT = { name: 'Aroha Birthday', email: 'aroha.birthday@example.nz' };

let stripe: StripeServer;
let smtp: Smtp;
let server: RunningServer;
let code = '';

beforeAll(async () => {
  [stripe, smtp] = await Promise.all([startStripeServer(), startSmtp()]);
  server = await startServer({
    quiet: true,
    env: {
      STRIPE_SECRET_KEY: TEST_STRIPE_KEYS.secretKey,
      STRIPE_WEBHOOK_SECRET: TEST_STRIPE_KEYS.webhookSecret,
      STRIPE_API_BASE: stripe.origin,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_WORKER_ENABLED: 'true',
      MAIL_POLL_SECONDS: '0.2',
    },
  });
  stripe.webhookTarget = { url: `${server.baseUrl}/api/webhooks/stripe`, secret: TEST_STRIPE_KEYS.webhookSecret };
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await Promise.all([stripe?.close(), smtp?.close()]);
});

/**
 * The next 20 December (NZ) after today: the day the friend chose, always ahead, so on 20 December itself the e-mail
 * is not already due (the page allows a day up to 366 days on).
 */
function nextTwentiethOfDecember(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date());
  const thisYear = `${today.slice(0, 4)}-12-20`;
  return thisYear > today ? thisYear : `${Number(today.slice(0, 4)) + 1}-12-20`;
}

async function expectAccessible(page: Page, where: string): Promise<void> {
  expect(describeViolations(where, await runAxe(page))).toEqual([]);
}

async function shot(page: Page, name: string, dir = SHOTS_DIR): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}

/** A public page on a phone, its theme following the system's (light until a variant switches it). */
const open = (where: string, allowConsoleErrors: RegExp[] = []) =>
  openPage(`${server.baseUrl}${where}`, { viewport: 'phone', theme: 'system', allowConsoleErrors });

describe('the Gift vouchers page', () => {
  it('offers her amounts and the massages, accessibly; a friend buys a $120 voucher for 20 December: Checkout, back thanked, her copy carries the code', async () => {
    // The loopback Checkout page has no icon: its server answers the browser's favicon request 401.
    const page = await open('/gift-vouchers', [/\/favicon\.ico/]);
    await page.getByRole('heading', { level: 1, name: 'Gift vouchers' }).waitFor();
    await page
      .getByRole('radio', { name: /\$120\.00/ })
      .first()
      .waitFor();
    await expect.poll(() => page.getByRole('radio', { name: /Swedish Massage, 60 min/ }).count()).toBe(1);
    const offered = await inEveryVariant(page, '/gift-vouchers', (v) => shot(page, `voucher-page-${variantName(v)}`));
    expect(offered).toEqual([]);

    const form = page.getByRole('form', { name: 'Buy a gift voucher' });
    // Filled in as a buyer would, up to the button that goes to Checkout.
    await form.getByRole('radio', { name: /^\$120\.00/ }).check();
    await form.getByLabel('Your name').fill(BUYER.name);
    await form.getByLabel('Your e-mail').fill(BUYER.email);
    await form.getByLabel('Their name').fill(RECIPIENT.name);
    await form.getByLabel('Their e-mail').fill(RECIPIENT.email);
    await form.getByLabel('Message (optional)').fill('Happy birthday, e hoa! Book yourself a long one.');
    await form.getByLabel('Send it on').fill(nextTwentiethOfDecember());
    const pay = form.getByRole('button', { name: 'Pay $120.00 by card' });
    await pay.waitFor();
    // Nothing focused, from the top: the sticky header stays at the top of the whole-page picture.
    await form.getByLabel('Send it on').blur();
    const filled = await inEveryVariant(page, '/gift-vouchers filled', async (v) => {
      await page.evaluate('window.scrollTo(0, 0)');
      await shot(page, `gift-vouchers-${variantName(v)}`, ISSUE_SHOTS_DIR);
    });
    expect(filled).toEqual([]);

    // She pays on her phone: Stripe's page (the loopback's), then back to the site.
    await showVariant(page, variant('phone', 'light'));
    await pay.click();
    await page.getByRole('button', { name: /^Pay/ }).click();
    await page.waitForURL(/\/gift-vouchers\?paid=1$/);
    await page.getByRole('status').getByText('Thank you!').waitFor();
    await expectAccessible(page, '/gift-vouchers?paid=1');
    await shot(page, 'voucher-paid-phone-light');

    const copy = await waitForMail(BUYER.email);
    expect(copy.headers.subject).toBe(`Your gift voucher for ${RECIPIENT.name}`);
    code = /GIFT(?:-[0-9A-Z]{4}){4}/.exec(copy.text)?.[0] ?? '';
    expect(code).not.toBe('');
    // The recipient's goes on the day chosen, not now.
    expect(smtp.received.some((m) => m.rcptTo.includes(RECIPIENT.email))).toBe(false);
  });

  it('asks for an amount before Checkout, and checks what is left on a voucher by its code', async () => {
    // The wrong code's 404, on purpose.
    const page = await open('/gift-vouchers', [/status of 404/, /VOUCHER_NOT_FOUND/]);
    // Nothing chosen: the page says so and nothing is asked of Stripe.
    const sessions = () => stripe.requests.filter((r) => r.path === '/v1/checkout/sessions').length;
    const asked = sessions();
    const form = page.getByRole('form', { name: 'Buy a gift voucher' });
    await form.getByRole('button', { name: /^Pay / }).click();
    await form.getByText('Choose an amount or a massage').waitFor();
    expect(sessions()).toBe(asked);

    const check = page.getByRole('form', { name: 'Check a voucher' });
    await check.getByLabel('Voucher code').fill(code.toLowerCase());
    await check.getByRole('button', { name: 'Check balance' }).click();
    await check.getByText('$120.00 left').waitFor();
    await check.getByLabel('Voucher code').fill('GIFT-0000-0000-0000-0000');
    await check.getByRole('button', { name: 'Check balance' }).click();
    await check.getByText('No voucher matches that code: check it and try again').waitFor();
  });
});

describe("the recipient's booking", () => {
  it('takes the code under "Have a gift voucher?"; confirmed, $80 is paid and $40 stays on it', async () => {
    const booking = await createBooking(server.baseUrl, {
      firstName: 'Aroha',
      lastName: 'Birthday',
      email: RECIPIENT.email,
      time: '11:00',
    });
    expect(Number(booking.price) + Number(booking.travelCost)).toBe(8000);
    const token = booking.cancelToken;

    const page = await open(`/booking/confirm/${token}`);
    const section = page.getByRole('region', { name: 'Have a gift voucher?' });
    await section.getByLabel('Voucher code').fill(code);
    await section.getByRole('button', { name: 'Use voucher' }).click();
    await section.getByText(/\$80\.00 will be taken when your visit is confirmed\. \$40\.00 stays on it\./).waitFor();
    const problems = await inEveryVariant(page, '/booking/confirm', async (v) => {
      if (!SHOTS) return;
      await section.scrollIntoViewIfNeeded();
      if (v.viewport === 'phone') {
        await section.screenshot({ path: path.join(SHOTS_DIR, `booking-voucher-phone-${v.colorScheme}.png`) });
      }
      // The booking's page around its voucher, as the client sees it.
      await section.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      fs.mkdirSync(ISSUE_SHOTS_DIR, { recursive: true });
      await page.screenshot({ path: path.join(ISSUE_SHOTS_DIR, `voucher-at-booking-${variantName(v)}.png`) });
    });
    expect(problems).toEqual([]);

    const cookie = await adminCookie(server.baseUrl);
    const ok = await fetch(`${server.baseUrl}/api/admin/bookings/${booking.id}/status`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: server.baseUrl, cookie },
      body: JSON.stringify({ status: 'confirmed' }),
    });
    expect(ok.status, await ok.text()).toBe(200);

    // Kept with the booking, and taken once it is confirmed.
    await page.reload();
    await section.getByText(/\$80\.00 paid towards this visit\. \$40\.00 stays on it\./).waitFor();
  });

  it('shows the vouchers on her Money tab, apart from takings (phone, light and dark); takes one sold off-line and shows its code once', async () => {
    const page = await openSignedIn(server.baseUrl, '/admin/money');
    const section = page.getByRole('region', { name: 'Gift vouchers' });
    await section.getByRole('list', { name: 'Vouchers issued' }).getByText(RECIPIENT.name).waitFor();
    await section.getByText('$40.00 left / $120.00').waitFor();
    const problems = await inEveryVariant(
      page,
      '/admin/money',
      async (v) => {
        if (SHOTS)
          await section.screenshot({ path: path.join(SHOTS_DIR, `admin-vouchers-phone-${v.colorScheme}.png`) });
      },
      [variant('phone', 'light'), variant('phone', 'dark')],
    );
    expect(problems).toEqual([]);

    await showVariant(page, variant('phone', 'light'));
    await section.getByRole('button', { name: 'Add a voucher sold off-line' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a voucher sold off-line' });
    await dialog.getByRole('button', { name: 'Add voucher' }).click();
    await dialog.getByText('Enter an amount above $0 and at most $1,000.00, in whole cents').waitFor();
    await dialog.getByLabel('Value ($)').fill('65');
    await dialog.getByLabel('Bought by').fill('Hemi Market');
    await dialog.getByLabel('For', { exact: true }).fill('Kiri Paper');
    // Each message went with the change of its field.
    await expect.poll(() => dialog.getByText('Please enter a name').count()).toBe(0);
    await expectAccessible(page, 'add voucher dialog');
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS_DIR, 'admin-add-voucher-phone-light.png') });
    await dialog.getByRole('button', { name: 'Add voucher' }).click();
    const added = page.getByRole('dialog', { name: 'Voucher added' });
    const shown = (await added.getByText(/^GIFT(-[0-9A-Z]{4}){4}$/).textContent()) ?? '';
    const lookup = await fetch(`${server.baseUrl}/api/vouchers/${shown}`);
    expect(await lookup.json()).toMatchObject({ balanceCents: 6500, status: 'active' });
    await added.getByRole('button', { name: 'Done' }).click();
    await section.getByRole('list', { name: 'Vouchers issued' }).getByText('Kiri Paper').waitFor();
    await expect.poll(() => section.getByText(shown).count()).toBe(0);
  });
});

async function waitForMail(address: string, match: (m: { text: string }) => boolean = () => true) {
  let found: (typeof smtp.received)[number] | undefined;
  await expect
    .poll(
      () => {
        found = smtp.received.find((m) => m.rcptTo.includes(address) && match(m));
        return found !== undefined;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}
