/**
 * Decision 038: the Outbox shows texts as texts, on a server of its own with texts set up (Twilio's loopback stand-in,
 * its worker off so nothing depends on the time of day: the quiet hours would hold it at night). Four clients ticked
 * 'Text me'; Twilio's signed status callbacks report one text delivered and one not delivered, the third client replies
 * STOP, the fourth visit is moved twice (its first 'moved' text replaced), and her monthly limit is reached. Each row
 * says 'Text' beside its icon, the number, and what became of it; the channel filter shows texts only. The Outbox is
 * opened once (her session cookie: the sign-in form is admin-auth.test.ts's) and shown in place on a phone and a
 * desktop, light and dark, with axe; HV_SHOTS=1 writes its screenshots,
 * docs/screens/issue-41/outbox-texts-<phone|desktop>-<light|dark>.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import twilio from 'twilio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxItem, OutboxPage } from '../../src/shared/schemas/outbox';
import { startTwilio, TEST_ACCOUNT_SID, TEST_AUTH_TOKEN, type TwilioServer } from '../helpers/twilio-server';
import { useBrowser } from './browser';
import { openSignedIn } from './e2e-a-session';
import { inEveryVariant, scrollWidth, variantName } from './e2e-a-variants';
import { adminCookie, createBooking, nzWeekdayAhead, root, startServer, type RunningServer } from './harness.mjs';

useBrowser();

const SHOTS = process.env.HV_SHOTS === '1';
const SHOTS_DIR = path.join(root, 'docs/screens/issue-41');
const NUMBERS = {
  delivered: '+64211000001',
  undelivered: '+64211000002',
  stopped: '+64211000003',
  moved: '+64211000004',
};

let twilioServer: TwilioServer;
let server: RunningServer;
let cookie: string;

async function api(method: string, url: string, body?: unknown): Promise<unknown> {
  const res = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { 'content-type': 'application/json', origin: server.baseUrl, cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${url} answered ${res.status}: ${text}`);
  return text ? (JSON.parse(text) as unknown) : null;
}

/** Posts to the SMS webhook as Twilio does: form-encoded, signed over the public URL and the fields. */
async function twilioWebhook(pathAndQuery: string, params: Record<string, string>): Promise<void> {
  const signature = twilio.getExpectedTwilioSignature(TEST_AUTH_TOKEN, server.baseUrl + pathAndQuery, params);
  const res = await fetch(`${server.baseUrl}${pathAndQuery}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': signature },
    body: new URLSearchParams(params).toString(),
  });
  if (res.status !== 204) throw new Error(`the SMS webhook answered ${res.status}: ${await res.text()}`);
}

const texts = async () => ((await api('GET', '/api/admin/outbox?channel=sms')) as OutboxPage).items;
const textTo = async (to: string): Promise<OutboxItem> => (await texts()).find((i) => i.to === to)!;

beforeAll(async () => {
  twilioServer = await startTwilio();
  server = await startServer({
    quiet: true,
    env: {
      TWILIO_ACCOUNT_SID: TEST_ACCOUNT_SID,
      TWILIO_AUTH_TOKEN: TEST_AUTH_TOKEN,
      SMS_FROM: 'KapitiMassg',
      SMS_API_BASE: twilioServer.url,
      SMS_WORKER_ENABLED: 'false',
    },
  });
  cookie = await adminCookie(server.baseUrl);
  const date = nzWeekdayAhead(10);
  const ids: Record<string, number> = {};
  for (const [i, [who, to]] of Object.entries(NUMBERS).entries()) {
    const booking = (await createBooking(server.baseUrl, {
      date,
      time: ['09:00', '10:30', '12:00', '15:00'][i],
      email: `text.${who}@example.nz`,
      phone: `0${to.slice(3)}`,
      smsOptIn: true,
    })) as { id: number };
    ids[who] = booking.id;
    await api('PATCH', `/api/admin/bookings/${booking.id}/status`, { status: 'confirmed' });
  }
  // Twilio reports two confirmations: one delivered, one not.
  for (const [who, status] of [
    ['delivered', 'delivered'],
    ['undelivered', 'undelivered'],
  ] as const) {
    const item = await textTo(NUMBERS[who]);
    await twilioWebhook(`/api/webhooks/sms?outbox=${item.id}`, {
      MessageSid: `SM${String(item.id).padStart(32, '0')}`,
      MessageStatus: status,
      AccountSid: TEST_ACCOUNT_SID,
      To: NUMBERS[who],
    });
  }
  await twilioWebhook('/api/webhooks/sms', {
    MessageSid: 'SM0000000000000000000000000000beef',
    AccountSid: TEST_ACCOUNT_SID,
    From: NUMBERS.stopped,
    To: '+6498765432',
    Body: 'STOP',
  });
  // Moved twice before a text went: the first 'moved' text is replaced by the second.
  await api('POST', `/api/admin/bookings/${ids.moved}/reschedule`, { date, time: '13:30' });
  await api('POST', `/api/admin/bookings/${ids.moved}/reschedule`, { date, time: '14:00' });
  await api('PATCH', '/api/admin/settings/sms', { monthlyCap: 2 });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await twilioServer?.close();
});

const tab = (page: Page) => page.locator('section[aria-labelledby="outbox-heading"]');

async function openOutbox(): Promise<Page> {
  const page = await openSignedIn(server.baseUrl, '/admin/outbox', { viewport: 'desktop' });
  await tab(page).getByRole('heading', { name: 'Outbox', exact: true }).waitFor();
  return page;
}

describe('Outbox: texts as texts', () => {
  it('the server holds what the screen is to show', async () => {
    // Oldest first, so each number's newest text is the one kept.
    const oldestFirst = (await texts()).reverse();
    const byNumber = Object.fromEntries(oldestFirst.map((i) => [`${i.to} ${i.kind}`, [i.state, i.lastError]]));
    expect(byNumber).toMatchObject({
      [`${NUMBERS.delivered} sms_confirmed`]: ['sent', null],
      [`${NUMBERS.undelivered} sms_confirmed`]: ['sent', null],
      [`${NUMBERS.stopped} sms_confirmed`]: ['cancelled', 'Not sent: this number replied STOP'],
      [`${NUMBERS.moved} sms_confirmed`]: ['waiting', null],
    });
    expect(twilioServer.sent).toEqual([]);
  });

  it('shows each text with its channel, number and delivery, and filters to texts; phone and desktop, light and dark', async () => {
    const page = await openOutbox();
    const table = tab(page).getByRole('table', { name: 'Messages' });
    const row = (to: string) => table.getByRole('row').filter({ hasText: to });
    await row(NUMBERS.delivered).getByText('Delivered', { exact: true }).waitFor();
    expect(await row(NUMBERS.delivered).getByText('Text', { exact: true }).isVisible()).toBe(true);
    await row(NUMBERS.undelivered).getByText('Not delivered', { exact: true }).first().waitFor();
    await row(NUMBERS.stopped).getByText('Not sent: this number replied STOP').waitFor();
    // The visit moved twice: one text replaced, the newer one waits for her monthly limit.
    const moved = row(NUMBERS.moved);
    await moved.getByText('Not sent: a newer text about this visit replaced it').first().waitFor();
    await moved.getByText('Waiting: monthly text limit reached').first().waitFor();
    // The e-mails are there too, marked as e-mails.
    expect(await table.getByText('E-mail', { exact: true }).count()).toBeGreaterThan(0);

    const channels = tab(page).getByRole('group', { name: 'Show channel' });
    await channels.getByRole('button', { name: /^Texts/ }).click();
    await expect.poll(() => table.getByText('E-mail', { exact: true }).count()).toBe(0);
    expect(await table.getByRole('row').count()).toBe(1 + (await texts()).length);

    // Texts only, in each variant: a list on a phone, the table wider.
    const problems = await inEveryVariant(page, 'outbox texts', async (variant) => {
      const list =
        variant.viewport === 'phone'
          ? tab(page).getByRole('list', { name: 'Messages' })
          : tab(page).getByRole('table', { name: 'Messages' });
      await list.getByText('Not sent: this number replied STOP').first().waitFor();
      expect(await list.getByText('E-mail', { exact: true }).count()).toBe(0);
      expect(await scrollWidth(page)).toBeLessThanOrEqual(variant.viewport === 'phone' ? 360 : 1366);
      if (SHOTS) {
        fs.mkdirSync(SHOTS_DIR, { recursive: true });
        await tab(page).screenshot({ path: path.join(SHOTS_DIR, `outbox-texts-${variantName(variant)}.png`) });
      }
    });
    expect(problems).toEqual([]);
  });
});
