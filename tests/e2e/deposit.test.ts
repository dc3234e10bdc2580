/**
 * Deposits (docs/product.md §18.2), as a new visitor on a phone (360x740): the service asks a $20 deposit
 * of first-time clients; the visitor books it through the wizard and the confirmation page shows where to pay (the
 * bank account, the booking's own reference, the due time); her pending card says 'Deposit: waiting'. On a server
 * of its own (the service is changed). Booked once; each page is then shown in place light and dark (the pending card
 * with her session cookie: the sign-in form is admin-auth.test.ts's). HV_SHOTS=1 writes the screenshots of
 * docs/screens/issue-27-deposits/.
 */
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { showVariant } from './axe';
import { openPage, useBrowser } from './browser';
import { openSignedIn } from './e2e-a-session';
import { scrollWidth, variant } from './e2e-a-variants';
import { adminCookie, root, startServer, type RunningServer } from './harness.mjs';
import { continueButton, fillContact, pickLatestTimeSlot } from './wizard';

useBrowser();

const SHOTS = process.env.HV_SHOTS === '1';
const SHOTS_DIR = path.join(root, 'docs/screens/issue-27-deposits');
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: true });
};

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ quiet: true });
  const cookie = await adminCookie(server.baseUrl);
  const services = (await (await fetch(`${server.baseUrl}/api/services`)).json()) as {
    id: number;
    name: string;
    description: string;
    durationOptions: { duration: number; price: number }[];
  }[];
  const first = services[0]!;
  const res = await fetch(`${server.baseUrl}/api/services/${first.id}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: server.baseUrl, cookie },
    body: JSON.stringify({
      name: first.name,
      description: first.description,
      durationOptions: first.durationOptions,
      depositCents: 2000,
    }),
  });
  expect(res.status, await res.text()).toBe(200);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** The phone in light, then in dark. */
const THEMES = [variant('phone', 'light'), variant('phone', 'dark')];

async function bookAsNewVisitor(email: string): Promise<Page> {
  const page = await openPage(null, { viewport: 'phone', theme: 'system' });
  const services = (await (await fetch(`${server.baseUrl}/api/services`)).json()) as {
    id: number;
    durationOptions: { duration: number; price: number }[];
  }[];
  const s = services[0]!;
  const o = s.durationOptions[0]!;
  await page.goto(`${server.baseUrl}/booking?serviceId=${s.id}&duration=${o.duration}&price=${o.price}&step=2`);
  await pickLatestTimeSlot(page);
  await continueButton(page).click();
  await fillContact(page, {
    firstName: 'Mere',
    lastName: 'Newcomer',
    email,
    phone: '021 987 6543',
    address: '12 Bow Street, Raglan',
  });
  await page.getByRole('button', { name: 'Complete Booking' }).click();
  await page.waitForURL(/\/booking\/confirm\/[^/?#]+$/, { timeout: 20_000 });
  await page.getByRole('heading', { name: 'Booking Request Received!' }).waitFor();
  return page;
}

describe('a deposit asked of a new client', () => {
  it("shows where to pay on the confirmation page, and 'Deposit: waiting' on her pending card", async () => {
    const page = await bookAsNewVisitor('mere.newcomer@example.nz');
    const deposit = page.getByRole('region', { name: 'Deposit' });
    await deposit.waitFor();
    const text = await deposit.innerText();
    expect(text).toContain('please pay a deposit of $20.00 by bank transfer');
    expect(text).toContain('Bank transfer to 12-3456-0123459-00');
    const reference = /Reference\s+(HV[0-9A-HJKMNP-TV-Z]{6})/.exec(text)?.[1];
    expect(reference).toBeDefined();
    // Within DEPOSIT_DUE_HOURS, or by the visit's start when it is sooner (the first free time may be tomorrow).
    expect(text).toMatch(/Please pay (within 24 hours|before your visit), by .+ \(NZ time\)\./);
    for (const v of THEMES) {
      await showVariant(page, v);
      // Nothing wider than the phone.
      expect(await scrollWidth(page)).toBeLessThanOrEqual(360);
      await deposit.scrollIntoViewIfNeeded();
      await shot(page, `confirmation-phone-${v.colorScheme}`);
    }

    const admin = await openSignedIn(server.baseUrl, '/admin/pending', { viewport: 'phone' });
    const card = admin
      .getByRole('list', { name: 'Pending requests' })
      .getByRole('listitem')
      .filter({ hasText: 'Mere Newcomer' })
      .filter({ hasText: reference! });
    await card.getByText('Deposit: waiting').waitFor();
    expect(await card.innerText()).toContain('$20.00');
    for (const v of THEMES) {
      await showVariant(admin, v);
      await card.scrollIntoViewIfNeeded();
      await shot(admin, `pending-card-phone-${v.colorScheme}`);
    }
  });
});
