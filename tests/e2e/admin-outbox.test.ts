/**
 * The Outbox tab (docs/product.md §2 Outbox) as the therapist, on a server of its own
 * whose SMTP server is down: a booking's e-mails fail (MAIL_MAX_ATTEMPTS=1) and show 'Failed' with
 * the connection error; then SMTP comes up on that port, she presses Resend on the client's
 * message, it turns 'Sent', and the SMTP server received it. On a phone the messages are cards with no sideways
 * scroll, on a desktop a table; axe in both themes on each, the tab opened once and checked in place. That a sent
 * e-mail cannot be resent (409) is checked on the API (tests/api/admin-outbox.test.ts).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxPage } from '../../src/shared/schemas/outbox';
import { deadPort, startSmtp, type Smtp } from '../helpers/smtp';
import { AXE_VARIANTS, showVariant } from './axe';
import { useBrowser, type OpenOptions } from './browser';
import { adminCookie, createBooking, startServer, type RunningServer } from './harness.mjs';
import { checkInEveryVariant, openSignedIn, scrollWidth } from './e2e-d-session';
import { THERAPIST_EMAIL } from './mail-server';
import { openToasts } from './toasts';

useBrowser();

const CLIENT_EMAIL = 'rua.outbox@example.nz';
const CLIENT_SUBJECT = 'We received your booking request';

let smtpPort: number;
let smtp: Smtp | undefined;
let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  // Nothing listens on this port yet: every delivery fails with ECONNREFUSED.
  smtpPort = await deadPort();
  server = await startServer({
    quiet: true,
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_MAX_ATTEMPTS: '1',
      MAIL_POLL_SECONDS: '0.2',
      MAIL_WORKER_ENABLED: 'true',
      MAIL_NOTIFY_TO: THERAPIST_EMAIL,
    },
  });
  cookie = await adminCookie(server.baseUrl);
  await createBooking(server.baseUrl, { firstName: 'Rua', lastName: 'Outbox', email: CLIENT_EMAIL });
  // Both of the booking's e-mails (the client's and hers) give up after their one attempt.
  const deadline = Date.now() + 20_000;
  while ((await outbox('problems')).items.filter((i) => i.state === 'failed').length < 2) {
    if (Date.now() > deadline)
      throw new Error(`the booking's e-mails did not fail: ${JSON.stringify((await outbox()).items)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}, 90_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

async function outbox(filter = 'all'): Promise<OutboxPage> {
  const res = await fetch(`${server.baseUrl}/api/admin/outbox?filter=${filter}`, { headers: { cookie } });
  if (res.status !== 200) throw new Error(`GET /api/admin/outbox answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as OutboxPage;
}

const tab = (page: Page) => page.locator('section[aria-labelledby="outbox-heading"]');

async function openOutbox(options: OpenOptions = {}): Promise<Page> {
  const page = await openSignedIn(server.baseUrl, '/admin/outbox', { viewport: 'desktop', ...options });
  await tab(page).getByRole('heading', { name: 'Outbox', exact: true }).waitFor();
  return page;
}

/** The table row (desktop) of the e-mail to `to`. */
const tableRow = (page: Page, to: string) =>
  tab(page).getByRole('table', { name: 'Messages' }).getByRole('row').filter({ hasText: to });

describe('Outbox tab', () => {
  it('shows the failed e-mails with their error; Resend sends the client’s once SMTP is back', async () => {
    const page = await openOutbox();
    const client = tableRow(page, CLIENT_EMAIL);
    await client.getByText('Failed', { exact: true }).waitFor();
    await client.getByText(CLIENT_SUBJECT, { exact: true }).waitFor();
    await client.getByText('Request received').waitFor();
    await client.getByText(/ECONNREFUSED/).waitFor();
    await client.getByText('Gave up after 1 attempt').waitFor();
    const hers = tableRow(page, THERAPIST_EMAIL);
    await hers.getByText('Failed', { exact: true }).waitFor();
    await hers.getByText('New request (to you)').waitFor();

    // The filter counts: both are problems, nothing sent.
    const filters = tab(page).getByRole('group', { name: 'Show messages' });
    expect(await filters.getByRole('button', { name: /^Problems/ }).innerText()).toMatch(/Problems\s*2/);
    expect(await filters.getByRole('button', { name: /^Sent/ }).innerText()).toMatch(/Sent\s*0/);
    await tab(page).getByText('2 e-mails have not gone out yet.', { exact: false }).waitFor();

    // SMTP comes back on the same port; she resends the client's message.
    smtp = await startSmtp(smtpPort);
    await client.getByRole('button', { name: `Resend “${CLIENT_SUBJECT}” to ${CLIENT_EMAIL}` }).click();
    await openToasts(page)
      .filter({ hasText: 'E-mail queued again' })
      .filter({ hasText: 'It will be sent within a minute.' })
      .waitFor();

    // The list refreshes itself (every 15 s) and shows it sent; hers is still failed.
    await client.getByText('Sent', { exact: true }).waitFor({ timeout: 30_000 });
    await client.getByText(/^Sent (Today|\d{1,2} \w{3} \d{4}), \d{1,2}:\d{2} [AP]M$/).waitFor();
    expect(await client.getByRole('button').count()).toBe(0);
    await hers.getByText('Failed', { exact: true }).waitFor();

    // What the SMTP server received: the client's message, once.
    const received = smtp.received.filter((m) => m.rcptTo.includes(CLIENT_EMAIL));
    expect(received).toHaveLength(1);
    expect(received[0]!.headers.subject).toBe(CLIENT_SUBJECT);
    expect(received[0]!.headers.to).toContain(CLIENT_EMAIL);
    expect(received[0]!.text).toContain('Rua');
    expect(smtp.received.some((m) => m.rcptTo.includes(THERAPIST_EMAIL))).toBe(false);
  });

  it('fits a 360 px phone: cards, no sideways scroll, the filter works; a table on a desktop; axe in each', async () => {
    // Following the system's colour scheme, so the tab is checked in each variant in place.
    const page = await openOutbox({ viewport: 'phone', theme: 'system' });
    const cards = tab(page).getByRole('list', { name: 'Messages' });
    const hers = cards.getByRole('listitem').filter({ hasText: THERAPIST_EMAIL });
    await hers.getByText('Failed', { exact: true }).waitFor();
    await hers.getByText(/ECONNREFUSED/).waitFor();
    await hers.getByRole('button', { name: /^Resend/ }).waitFor();

    const problems = await checkInEveryVariant(page, 'outbox', async ({ viewport }) => {
      // The table on a desktop, the cards on a phone: only one of them is shown.
      if (viewport === 'phone') {
        await cards.waitFor();
        expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
      } else {
        await tableRow(page, THERAPIST_EMAIL).getByText('Failed', { exact: true }).waitFor();
        await cards.waitFor({ state: 'hidden' });
      }
    });
    expect(problems, problems.join('\n\n')).toEqual([]);

    await showVariant(page, AXE_VARIANTS[0]!);
    await tab(page)
      .getByRole('button', { name: /^Problems/ })
      .click();
    await expect.poll(() => cards.getByRole('listitem').count()).toBe((await outbox('problems')).items.length);
    expect(
      await tab(page)
        .getByRole('button', { name: /^Problems/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });
});
