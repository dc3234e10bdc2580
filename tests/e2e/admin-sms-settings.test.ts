/**
 * Decision 038, her text message settings (docs/decisions/038-text-messages.md), on a server of its own: before texts
 * are set up the booking form has no 'Text me' box; she fills Settings → Text messages (Twilio Account SID, auth token,
 * sender, reminder time, monthly limit), a wrong SID is refused under its field, the saved token shows as set and never
 * again (not in the page, not in the GET answer); the webhook address is there to copy; and the booking form offers
 * the box at once, with no restart. axe on the section. HV_SHOTS=1 writes docs/screens/issue-41/settings-texts-*.png
 * and settings-cards-*.png (the Card payments section with test keys) at 360x740 and 1366x900, light and dark.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SmsSettings } from '../../src/shared/schemas/sms';
import { SMS_MESSAGES } from '../../src/shared/sms';
import { TEST_STRIPE_KEYS } from '../helpers/stripe-server';
import { TEST_ACCOUNT_SID, TEST_AUTH_TOKEN } from '../helpers/twilio-server';
import { describeViolations, runAxe } from './axe';
import { openPage, useBrowser, type ViewportName } from './browser';
import { checkEveryVariant, expectNoSidewaysScroll, openSignedIn, SHOTS } from './e2e-b-session';
import { adminCookie, freePort, root, startServer, type RunningServer } from './harness.mjs';
import { openToasts } from './toasts';
import { continueButton, field, pickLatestTimeSlot } from './wizard';

useBrowser();

const SHOTS_DIR = path.join(root, 'docs/screens/issue-41');
const SENDER = '+64211112222';

let server: RunningServer;
let cookie: string;

async function adminApi(method: string, url: string, body?: unknown): Promise<{ status: number; text: string }> {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { 'content-type': 'application/json', origin: server.baseUrl, cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, text: await res.text() };
}

beforeAll(async () => {
  // Nothing listens on either port: no request can leave this machine, and none is expected here.
  const nowhere = `http://127.0.0.1:${await freePort()}`;
  server = await startServer({ quiet: true, env: { SMS_API_BASE: nowhere, STRIPE_API_BASE: nowhere } });
  cookie = await adminCookie(server.baseUrl);
}, 180_000);

afterAll(async () => {
  await server?.stop();
});

async function expectNoSeriousViolations(page: Page, where: string): Promise<void> {
  expect(describeViolations(where, await runAxe(page))).toEqual([]);
}

const textsSection = (page: Page) => page.getByRole('region', { name: 'Text messages' });
const cardSection = (page: Page) => page.getByRole('region', { name: 'Card payments' });

/** Her settings, already signed in (the sign-in form is proven in admin-auth.test.ts), following the system's theme. */
async function openSettings(viewport: ViewportName): Promise<Page> {
  const page = await openSignedIn(server.baseUrl, '/admin/settings', { viewport, cookie });
  await textsSection(page).getByTestId('sms-state').waitFor();
  return page;
}

/** The booking form's details step, as a visitor reaches it (the demo's first service, its day's latest time). */
async function detailsStep(): Promise<Page> {
  const page = await openPage(null, { viewport: 'phone' });
  const services = (await (await fetch(`${server.baseUrl}/api/services`)).json()) as {
    id: number;
    durationOptions: { duration: number; price: number }[];
  }[];
  const s = services[0]!;
  const o = s.durationOptions[0]!;
  await page.goto(`${server.baseUrl}/booking?serviceId=${s.id}&duration=${o.duration}&price=${o.price}&step=2`);
  await pickLatestTimeSlot(page);
  await continueButton(page).click();
  await field.phone(page).waitFor();
  return page;
}

const optInBox = (page: Page): Locator => page.getByRole('checkbox', { name: SMS_MESSAGES.optInLabel });

async function shot(target: Locator, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  // On a phone 'Jump to' stays at the top of the screen as she scrolls: in a picture of one section it would sit over
  // the section's top, so for the picture it scrolls away with the page.
  const setNav = (position: string) =>
    target
      .page()
      .evaluate(`document.querySelector('nav[aria-label="Settings sections"]').style.position = '${position}'`);
  await setNav('static');
  await target.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });
  // Back as she sees it: the page is checked again in the next variant.
  await setNav('');
}

describe('Settings → Text messages', () => {
  it('before texts are set up, the booking form has no text box', async () => {
    const page = await detailsStep();
    // The page is drawn: the phone field is there, the box under it is not.
    expect(await field.phone(page).isVisible()).toBe(true);
    expect(await optInBox(page).count()).toBe(0);
    expect(await page.getByText(SMS_MESSAGES.optInLabel).count()).toBe(0);
  });

  it('takes her Twilio details, shows the token as set and never its value', async () => {
    const page = await openSettings('phone');
    const section = textsSection(page);
    expect(await section.getByTestId('sms-state').textContent()).toBe(
      'Texts are off: an Account SID, an auth token and a sender are all needed.',
    );
    expect(await section.getByLabel('Auth token').getAttribute('aria-describedby')).toBeTruthy();
    expect(await section.textContent()).toContain('Not set. Paste it from the Twilio Console');
    expect(await section.getByTestId('sms-webhook-url').textContent()).toBe(`${server.baseUrl}/api/webhooks/sms`);

    // A wrong SID is refused under its field before the server is asked.
    await section.getByLabel('Twilio Account SID').fill('AC123');
    await section.getByRole('button', { name: 'Save text messages' }).click();
    const sid = section.getByLabel('Twilio Account SID');
    await expect.poll(() => sid.getAttribute('aria-invalid')).toBe('true');
    expect(await section.textContent()).toContain('An Account SID starts with AC and has 34 characters');
    expect(await adminApi('GET', '/api/admin/settings/sms').then((r) => JSON.parse(r.text) as SmsSettings)).toEqual(
      expect.objectContaining({ configured: false, accountSid: null }),
    );

    await sid.fill(TEST_ACCOUNT_SID);
    await section.getByLabel('Auth token').fill(TEST_AUTH_TOKEN);
    await section.getByLabel('Sender').fill(SENDER);
    await section.getByLabel('Reminder time').selectOption({ label: '10:30 AM' });
    await section.getByLabel('Monthly limit').fill('200');
    await section.getByRole('button', { name: 'Save text messages' }).click();
    await openToasts(page).filter({ hasText: 'Text message settings saved' }).waitFor();
    await expect
      .poll(() => section.getByTestId('sms-state').textContent())
      .toBe('Texts are on: the booking form offers ‘Text me a reminder and updates’.');
    expect(await sid.getAttribute('aria-invalid')).toBeNull();

    // The token: 'set', its box empty, its value nowhere in the page.
    expect(await section.getByLabel('Auth token').inputValue()).toBe('');
    expect(await section.textContent()).toContain('Set, saved; never shown again. Paste a new one to replace it.');
    expect(await section.textContent()).toContain('0 texts of 200 sent this month.');
    expect(await page.content()).not.toContain(TEST_AUTH_TOKEN);
    await section.getByRole('button', { name: 'Remove the saved token' }).waitFor();

    // Nor in the answer of the settings' GET.
    const got = await adminApi('GET', '/api/admin/settings/sms');
    expect(got.status).toBe(200);
    expect(got.text).not.toContain(TEST_AUTH_TOKEN);
    expect(JSON.parse(got.text) as SmsSettings).toEqual(
      expect.objectContaining({
        configured: true,
        accountSid: TEST_ACCOUNT_SID,
        accountSidSource: 'settings',
        authTokenSet: true,
        authTokenSource: 'settings',
        sender: SENDER,
        reminderTime: '10:30',
        monthlyCap: 200,
      }),
    );

    // After a reload, the same: set, never shown.
    await page.reload();
    await textsSection(page).getByTestId('sms-state').waitFor();
    expect(await textsSection(page).getByLabel('Twilio Account SID').inputValue()).toBe(TEST_ACCOUNT_SID);
    expect(await textsSection(page).getByLabel('Reminder time').inputValue()).toBe('10:30');
    expect(await textsSection(page).getByLabel('Auth token').inputValue()).toBe('');
    expect(await page.content()).not.toContain(TEST_AUTH_TOKEN);
    await textsSection(page).scrollIntoViewIfNeeded();
    await expectNoSeriousViolations(page, 'settings, text messages');
  });

  it('then the booking form offers the box, unticked, under the phone field (no restart)', async () => {
    const page = await detailsStep();
    const box = optInBox(page);
    await box.waitFor();
    expect(await box.getAttribute('aria-checked')).toBe('false');
    const phone = (await field.phone(page).boundingBox())!;
    const under = (await box.boundingBox())!;
    expect(under.y).toBeGreaterThan(phone.y);
    await expectNoSeriousViolations(page, 'booking form with the text box');
  });

  it('shows the sections on a phone and a desktop, light and dark', async () => {
    // The Card payments section beside it, with test keys (no request goes to Stripe for this).
    const keys = await adminApi('PATCH', '/api/admin/settings/payments', {
      stripeSecretKey: TEST_STRIPE_KEYS.secretKey,
      stripeWebhookSecret: TEST_STRIPE_KEYS.webhookSecret,
    });
    expect(keys.status, keys.text).toBe(200);
    // Opened once, then shown in the four variants in place.
    const page = await openSettings('phone');
    const texts = textsSection(page);
    await texts.getByText('Texts are on').waitFor();
    const cards = cardSection(page);
    await cards.getByText('Card payments are on').waitFor();
    const problems = await checkEveryVariant(
      page,
      'settings, text messages',
      async (v) => {
        await texts.scrollIntoViewIfNeeded();
        // Nothing wider than the screen.
        await expectNoSidewaysScroll(page, v);
      },
      async (v) => {
        await shot(texts, `settings-texts-${v.viewport}-${v.colorScheme}`);
        await cards.scrollIntoViewIfNeeded();
        await shot(cards, `settings-cards-${v.viewport}-${v.colorScheme}`);
      },
    );
    expect(problems).toEqual([]);
  });
});
