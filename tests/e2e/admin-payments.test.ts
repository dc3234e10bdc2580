/**
 * Payments (docs/product.md §18.1), as she records them on a 360x740 phone: an $80 confirmed visit, its
 * 'Appointment Details', 'Record payment' $20 by bank transfer (Part-paid), then $60 cash (Paid); 'Void' the cash
 * with a reason: struck through with the reason, and Part-paid again, on the panel and on the day list's badge.
 * axe in both themes, in place. She is signed in with her session cookie (the sign-in form is admin-auth.test.ts's).
 * HV_SHOTS=1 writes docs/screens/issue-27/admin-payments-phone-{light,dark}.png.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser } from './browser';
import { openSignedIn } from './e2e-a-session';
import { inEveryVariant, variant, variantName } from './e2e-a-variants';
import { calendarDay, showMonthOf } from './calendar';
import { adminCookie, createBooking, nzWeekdayAhead, root, startServer, type RunningServer } from './harness.mjs';
import { openToasts } from './toasts';
import { displayDate } from './wizard';

useBrowser();

const SHOTS = process.env.HV_SHOTS === '1';
const SHOTS_DIR = path.join(root, 'docs/screens/issue-27');
const DATE = nzWeekdayAhead(11);
const CLIENT = { firstName: 'Hana', lastName: 'Payne', email: 'hana.payne@example.nz', time: '11:00' };
const NEW_CLIENT = { firstName: 'Tama', lastName: 'Deposit', email: 'tama.deposit@example.nz', time: '14:00' };

let server: RunningServer;
let dataDir: string;
let pendingId: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-payments-'));
  const before = await startServer({ quiet: true, env: { DATA_DIR: dataDir } });
  let id: number;
  try {
    const cookie = await adminCookie(before.baseUrl);
    const b = (await createBooking(before.baseUrl, { date: DATE, ...CLIENT })) as { id: number };
    const res = await fetch(`${before.baseUrl}/api/admin/bookings/${b.id}/status`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: before.baseUrl, cookie },
      body: JSON.stringify({ status: 'confirmed' }),
    });
    expect(res.status, await res.text()).toBe(200);
    id = b.id;
    pendingId = ((await createBooking(before.baseUrl, { date: DATE, ...NEW_CLIENT })) as { id: number }).id;
  } finally {
    await before.stop();
  }
  // An $80 visit with no travel fee, whatever the demo catalogue's prices.
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    await db.query('UPDATE bookings SET price = 8000, travel_cost = 0 WHERE id = $1', [id]);
    // A $20 deposit asked of the new client's request (the deposits part sets it when the request is made).
    await db.query(
      `UPDATE bookings SET price = 8000, travel_cost = 0, deposit_cents = 2000, deposit_reference = 'HV-E2E' WHERE id = $1`,
      [pendingId],
    );
    // $10 cash towards the visit, not the deposit: the deposit is still $20 due (deposit payments only).
    await db.query(
      `INSERT INTO payments (booking_id, amount_cents, method, paid_at, is_deposit) VALUES ($1, 1000, 'cash', CURRENT_DATE, false)`,
      [pendingId],
    );
  } finally {
    await db.close();
  }
  server = await startServer({ quiet: true, env: { DATA_DIR: dataDir } });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

const dayList = (page: Page) => page.getByRole('list', { name: /^Appointments on / });
const details = (page: Page) => page.getByRole('dialog', { name: 'Appointment Details' });
const panel = (page: Page) => details(page).getByTestId('payments-panel');
const panelStatus = (page: Page) => panel(page).locator('[data-payment-status]').first().textContent();

/** The refusal this test provokes on purpose (a payment above what is owed). */
const REFUSED = [/status of 409 \(Conflict\)/, /API request error: Error: 409: \{"code":"PAYMENT_MORE_THAN_OWED"/];

async function openVisit(): Promise<Page> {
  const page = await openSignedIn(server.baseUrl, '/admin/appointments', { allowConsoleErrors: REFUSED });
  await page.getByRole('heading', { name: 'Upcoming Appointments' }).waitFor();
  await showMonthOf(page, DATE);
  await calendarDay(page, DATE).click();
  await page.getByRole('heading', { name: new RegExp(displayDate(DATE)) }).waitFor();
  await dayList(page)
    .getByRole('button', { name: /Hana Payne/ })
    .click();
  await panel(page).waitFor();
  return page;
}

async function recordPayment(page: Page, dollars: string, method: string): Promise<void> {
  await panel(page).getByRole('button', { name: 'Record payment' }).click();
  const form = panel(page).getByRole('form', { name: 'Record payment' });
  await form.getByLabel('Amount ($)').fill(dollars);
  await form.getByLabel('Method').selectOption({ label: method });
  await form.getByRole('button', { name: 'Save payment' }).click();
  await openToasts(page).filter({ hasText: 'Payment recorded' }).last().waitFor();
  await form.waitFor({ state: 'detached' });
}

/** The panel in view with no toast over it, for a screenshot. */
async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  await expect.poll(() => openToasts(page).count(), { timeout: 20_000 }).toBe(0);
  // Scroll the dialog's body only (scrollIntoView would move the dialog itself).
  await details(page)
    .getByRole('heading', { name: 'Payments' })
    .evaluate((heading) => {
      const body = heading.closest('.overflow-y-auto');
      if (body) body.scrollTop += heading.getBoundingClientRect().top - body.getBoundingClientRect().top - 12;
    });
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await details(page).screenshot({ path: path.join(SHOTS_DIR, `${name}.png`) });
}

describe('Payments on a visit, on her phone', () => {
  it('records $20 by transfer and $60 cash (Part-paid, then Paid), and a void with its reason (Part-paid)', async () => {
    const page = await openVisit();
    await expect.poll(() => panelStatus(page)).toBe('Unpaid');
    expect(await panel(page).textContent()).toContain('Owes $80.00');

    await recordPayment(page, '20', 'Bank transfer');
    await expect.poll(() => panelStatus(page)).toBe('Part-paid');
    expect(await panel(page).textContent()).toContain('Owes $60.00');

    // The form opens with what is still owed.
    await panel(page).getByRole('button', { name: 'Record payment' }).click();
    expect(await panel(page).getByLabel('Amount ($)').inputValue()).toBe('60.00');
    await panel(page).getByRole('button', { name: 'Close form' }).click();
    await recordPayment(page, '60', 'Cash');
    await expect.poll(() => panelStatus(page)).toBe('Paid');
    const lines = panel(page).getByRole('list', { name: 'Payments recorded' }).getByRole('listitem');
    await expect.poll(() => lines.count()).toBe(2);
    expect(await lines.nth(0).textContent()).toContain('$20.00 · Bank transfer');
    expect(await lines.nth(1).textContent()).toContain('$60.00 · Cash');

    // A payment above what is owed is refused with the server's message, and nothing is recorded.
    await panel(page).getByRole('button', { name: 'Record payment' }).click();
    await panel(page).getByLabel('Amount ($)').fill('5');
    await panel(page).getByRole('button', { name: 'Save payment' }).click();
    await panel(page).getByRole('alert').filter({ hasText: 'That is more than the $0.00 owed' }).waitFor();
    await panel(page).getByRole('button', { name: 'Close form' }).click();

    // Void the cash with a reason: kept, struck through, the reason shown.
    await lines.nth(1).getByRole('button', { name: /^Void/ }).click();
    await lines.nth(1).getByLabel('Why is it voided?').fill('Entered on the wrong visit');
    await lines.nth(1).getByRole('button', { name: 'Void payment' }).click();
    await expect.poll(() => panelStatus(page)).toBe('Part-paid');
    await expect.poll(() => lines.nth(1).textContent()).toContain('Voided: Entered on the wrong visit');
    expect(await lines.nth(1).getAttribute('data-voided')).toBe('true');
    expect(await lines.count()).toBe(2);
    expect(await panel(page).textContent()).toContain('Owes $60.00');

    // It reads in both themes.
    const problems = await inEveryVariant(page, 'payments', (v) => shot(page, `admin-payments-${variantName(v)}`), [
      variant('phone', 'light'),
      variant('phone', 'dark'),
    ]);
    expect(problems).toEqual([]);

    // The day list's badge says the same once the dialog is closed.
    await details(page).getByRole('button', { name: 'Close' }).first().click();
    const row = dayList(page).getByRole('button', { name: /Hana Payne/ });
    await expect.poll(() => row.locator('[data-payment-status]').textContent()).toBe('Part-paid');
  });

  it("marks a request's deposit received from its pending card", async () => {
    const page = await openSignedIn(server.baseUrl, '/admin/pending');
    const mark = page.getByRole('button', { name: /^Mark deposit received \(\$20\.00\) for Tama Deposit/ });
    await mark.click();
    await openToasts(page).filter({ hasText: 'Deposit marked received' }).waitFor();
    await mark.waitFor({ state: 'detached' });
    const res = await fetch(`${server.baseUrl}/api/admin/bookings/${pendingId}/payments`, {
      headers: { cookie: await adminCookie(server.baseUrl) },
    });
    const { payments } = (await res.json()) as {
      payments: { amountCents: number; method: string; isDeposit: boolean }[];
    };
    // The button recorded what the server said is due of the deposit: all $20, the $10 cash not counted.
    expect(payments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ amountCents: 1000, method: 'cash', isDeposit: false }),
        expect.objectContaining({ amountCents: 2000, method: 'bank-transfer', isDeposit: true }),
      ]),
    );
    expect(payments).toHaveLength(2);
  });
});
