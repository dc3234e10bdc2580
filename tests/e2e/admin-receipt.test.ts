/**
 * docs/product.md §18.2, receipts, as she uses them on a 360x740 phone: a confirmed visit today with a $20 deposit by
 * bank transfer and $60 in cash (payments written to the database, as the payments screens record them). On Today she
 * presses 'Send receipt': the receipt's number shows with 'View PDF', the PDF opens (read back with pdftotext), and
 * the client's inbox (a real SMTP sink, parsed by mailparser) holds the same PDF. 'Corrected receipt' makes a new
 * number that replaces it. She is signed in with her session cookie (the sign-in form is admin-auth.test.ts's).
 * HV_SHOTS=1 writes docs/screens/issue-27/ (the receipts on Today, light and then dark in place, and the PDF's first
 * page rendered by pdftoppm).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { simpleParser } from 'mailparser';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nzInstant, nzToday } from '../../src/shared/time';
import { pdfWords } from '../helpers/pdf';
import { startSmtp, type Smtp } from '../helpers/smtp';
import { showVariant } from './axe';
import { useBrowser } from './browser';
import { openSignedIn } from './e2e-a-session';
import { variant } from './e2e-a-variants';
import { adminCookie, createBooking, nzWeekdayAhead, root, startServer, type RunningServer } from './harness.mjs';
import { openToasts } from './toasts';

useBrowser();

const SHOTS = process.env.HV_SHOTS === '1';
const SHOTS_DIR = path.join(root, 'docs/screens/issue-27');
const CLIENT = { firstName: 'Mere', lastName: 'Tāwhiao', address: '12 Bow Street, Raglan', email: 'mere@example.nz' };

let smtp: Smtp;
let server: RunningServer;
let dataDir: string;
let bookingId: number;

beforeAll(async () => {
  smtp = await startSmtp();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-receipt-'));
  const before = await startServer({ quiet: true, env: { DATA_DIR: dataDir } });
  try {
    const cookie = await adminCookie(before.baseUrl);
    const b = await createBooking(before.baseUrl, { ...CLIENT, date: nzWeekdayAhead(9), time: '12:00' });
    const res = await fetch(`${before.baseUrl}/api/bookings/${b.id}/status`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: before.baseUrl, cookie },
      body: JSON.stringify({ status: 'confirmed' }),
    });
    expect(res.status, await res.text()).toBe(200);
    bookingId = b.id;
  } finally {
    await before.stop();
  }
  // Today at noon, an $80 visit with no travel fee, paid: a $20 deposit by bank transfer, then $60 cash.
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    const today = nzToday();
    const startsAt = nzInstant(today, '12:00').toISOString();
    await db.query(
      `UPDATE bookings SET date = $2, time = '12:00', price = 8000, travel_cost = 0, starts_at = ($3)::timestamptz,
         ends_at = ($3)::timestamptz + duration * interval '1 minute',
         buffer_ends_at = ($3)::timestamptz + (duration + 15) * interval '1 minute' WHERE id = $1`,
      [bookingId, today, startsAt],
    );
    await db.query(
      `INSERT INTO payments (booking_id, amount_cents, method, paid_at, is_deposit)
       VALUES ($1, 2000, 'bank-transfer', $2, true), ($1, 6000, 'cash', $2, false)`,
      [bookingId, today],
    );
  } finally {
    await db.close();
  }
  server = await startServer({
    quiet: true,
    env: {
      DATA_DIR: dataDir,
      SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      MAIL_WORKER_ENABLED: 'true',
      MAIL_POLL_SECONDS: '0.2',
    },
  });
  if (SHOTS) fs.mkdirSync(SHOTS_DIR, { recursive: true });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const receiptsOf = (page: Page) => page.getByTestId(`receipts-${bookingId}`);

async function shotOfReceipts(page: Page, name: string) {
  if (!SHOTS) return;
  await page.locator(`article[data-visit="${bookingId}"]`).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });
}

/** The PDF a link points at, fetched with the page's own session (as the browser opens it). */
async function pdfBehind(page: Page, href: string): Promise<Buffer> {
  const res = await page.context().request.get(new URL(href, server.baseUrl).toString());
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toBe('application/pdf');
  return res.body();
}

describe('Receipts on her phone', () => {
  it('sends a receipt from Today, opens its PDF, and the client receives it; a corrected one replaces it', async () => {
    const page = await openSignedIn(server.baseUrl, '/admin/today');
    const section = receiptsOf(page);
    await section.getByRole('button', { name: 'Send receipt' }).click();
    await openToasts(page)
      .getByText(/^Receipt \d+ sent$/)
      .waitFor();

    const view = section.getByRole('link', { name: /^View PDF/ });
    await view.waitFor();
    const line = (await section.locator('li').first().textContent()) ?? '';
    const number = Number(/Receipt (\d+)/.exec(line)?.[1]);
    expect(line).toContain(`Receipt ${number} · $80.00`);
    const href = (await view.getAttribute('href'))!;
    expect(href).toBe(`/api/admin/receipts/${number}.pdf`);
    expect(await view.getAttribute('target')).toBe('_blank');

    // The PDF opens in a tab of its own, with her session.
    const [tab] = await Promise.all([page.context().waitForEvent('page'), view.click()]);
    await tab.waitForLoadState('domcontentloaded').catch(() => {});
    expect(tab.url()).toBe(new URL(href, server.baseUrl).toString());
    await tab.close();
    const pdf = await pdfBehind(page, href);
    const text = await pdfWords(pdf);
    expect(text).toContain(`Tax invoice ${number}`);
    expect(text).toContain('GST number: 49-091-850');
    expect(text).toContain('Total includes GST of $10.43');
    expect(text).toContain('Client: Mere Tāwhiao');
    expect(text).toContain('Deposit · Bank transfer $20.00');
    expect(text).toContain('Payment · Cash $60.00');
    if (SHOTS) {
      const file = path.join(os.tmpdir(), `hv-receipt-${number}.pdf`);
      fs.writeFileSync(file, pdf);
      // The first page at a phone's width (360 px wide for an A4 page of 595 pt: 44 dpi is too small, 100 reads).
      execFileSync('pdftoppm', ['-png', '-r', '100', '-singlefile', file, path.join(SHOTS_DIR, 'receipt-pdf')]);
      fs.rmSync(file);
    }

    // The client's inbox: the receipt e-mail with the same PDF attached.
    await expect
      .poll(
        () =>
          smtp.received.filter(
            (m) => m.rcptTo.includes(CLIENT.email) && /receipt|invoice/i.test(m.headers.subject ?? ''),
          ).length,
        {
          timeout: 20_000,
        },
      )
      .toBe(1);
    const received = smtp.received.find(
      (m) => m.rcptTo.includes(CLIENT.email) && /invoice/i.test(m.headers.subject ?? ''),
    )!;
    expect(received.headers.subject).toBe(`Your tax invoice ${number} from Whāingaroa Mobile Massage`);
    const mail = await simpleParser(Buffer.from(received.raw, 'latin1'));
    const attached = mail.attachments.find((a) => a.filename === `receipt-${number}.pdf`)!;
    expect(await pdfWords(attached.content)).toContain('includes GST of $10.43');
    await shotOfReceipts(page, 'receipts-light');

    // A corrected receipt: a new number, saying which one it replaces.
    await section.getByRole('button', { name: 'Corrected receipt' }).click();
    await openToasts(page)
      .getByText(`Corrected receipt ${number + 1} sent`)
      .waitFor();
    await section.getByText(`Receipt ${number + 1} · $80.00`).waitFor();
    expect(await section.locator('li').nth(1).textContent()).toContain(`replaces ${number}`);
    expect(await pdfWords(await pdfBehind(page, `/api/admin/receipts/${number + 1}.pdf`))).toContain(
      `Replaces receipt ${number}`,
    );

    // Both receipts in the dark theme too.
    await showVariant(page, variant('phone', 'dark'));
    await section
      .getByRole('link', { name: /^View PDF/ })
      .first()
      .waitFor();
    await shotOfReceipts(page, 'receipts-dark');
  });
});
