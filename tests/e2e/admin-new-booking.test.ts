/**
 * 'New booking' (docs/product.md §4 "Bookings she takes herself") as the therapist, on a server of its own:
 * she opens the Appointments tab, New booking, finds a client by name (their details and address filled in), picks
 * the service, a date and one of the day's free times, confirms, and sees the visit in her calendar's day. A refusal
 * (a closed Sunday) shows the server's reason and 'Book anyway…', which she confirms; another visit in the way offers
 * no override. 'Book again' on a client's page and 'Book' on a waitlist entry open it filled in (booked, the entry
 * leaves her waitlist). The form, once filled in, is shown in place on a phone and a desktop, light and dark, with axe
 * and no sideways scroll. She is signed in with her session cookie (the sign-in form is admin-auth.test.ts's).
 * HV_SHOTS=1 writes docs/screens/issue-40/.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AXE_VARIANTS, showVariant } from './axe';
import { useBrowser, type ViewportName } from './browser';
import { calendarDay, showMonthOf } from './calendar';
import { openSignedIn } from './e2e-a-session';
import { inEveryVariant, scrollWidth, variantName } from './e2e-a-variants';
import { adminCookie, createBooking, nzWeekdayAhead, startServer, type RunningServer } from './harness.mjs';
import { openToasts } from './toasts';
import { displayDate } from './wizard';

useBrowser();

const SHOTS = process.env.HV_SHOTS === '1';
const SHOTS_DIR = path.join(import.meta.dirname, '../../docs/screens/issue-40');

/** Her client, who booked once before (confirmed). */
const KIRI = { firstName: 'Kiri', lastName: 'Phonebook', email: 'kiri.phonebook@example.nz', phone: '021 444 0101' };
const KIRI_ADDRESS = '7 Wainui Road, Raglan';
/** A day far enough ahead that nothing of the demo data is on it. */
const DAY = nzWeekdayAhead(24);

/** A Sunday ahead (closed in the demo hours), NZ date. */
function sundayAhead(days: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Auckland' }).format(new Date());
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  while (date.getUTCDay() !== 0) date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

let server: RunningServer;
let cookie: string;
let kiriId: number;

async function admin(method: string, url: string, body?: unknown): Promise<Response> {
  return fetch(`${server.baseUrl}${url}`, {
    method,
    headers: { origin: server.baseUrl, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

beforeAll(async () => {
  server = await startServer({ quiet: true });
  cookie = await adminCookie(server.baseUrl);
  const first = await createBooking(server.baseUrl, {
    ...KIRI,
    address: KIRI_ADDRESS,
    date: nzWeekdayAhead(20),
    time: '13:00',
  });
  const res = await admin('PATCH', `/api/admin/bookings/${first.id}/status`, { status: 'confirmed' });
  expect(res.status, await res.clone().text()).toBe(200);
  const pending = (await (await admin('GET', '/api/admin/bookings')).json()) as { id: number; clientId: number }[];
  kiriId = pending.find((b) => b.id === first.id)!.clientId;
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

/** The refusals the server answers (and the console reports) on purpose. */
const REFUSALS = [/status of 409 \(Conflict\)/, /API request error: Error: 409/];

/** Her Appointments tab (or `next`), signed in; the theme follows the system (light unless switched). */
async function openTab(options: { viewport?: ViewportName; next?: string; refusals?: boolean } = {}): Promise<Page> {
  const page = await openSignedIn(server.baseUrl, options.next ?? '/admin/appointments', {
    viewport: options.viewport ?? 'desktop',
    allowConsoleErrors: options.refusals ? REFUSALS : [],
  });
  await page
    .getByRole('button', { name: 'New booking' })
    .or(page.getByRole('link', { name: 'Book again' }))
    .waitFor();
  return page;
}

const dialog = (page: Page) => page.getByRole('dialog', { name: 'New booking' });

async function openNewBooking(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'New booking' }).click();
  await dialog(page).waitFor();
}

async function chooseService(page: Page, name: string): Promise<void> {
  await dialog(page).getByRole('combobox', { name: 'Service' }).click();
  await page.getByRole('option', { name }).click();
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS_DIR, `${name}.png`), fullPage: false });
}

describe('New booking', () => {
  it('finds her client, fills their details, books a free time and shows it on the calendar; passes axe', async () => {
    const page = await openTab();
    await openNewBooking(page);
    const form = dialog(page);
    if (SHOTS) {
      // The search's answer, as each variant draws it.
      await form.getByLabel('Find a client').fill('Kiri');
      await form.getByRole('button', { name: /Kiri Phonebook/ }).waitFor();
      for (const variant of AXE_VARIANTS) {
        await showVariant(page, variant);
        await shot(page, `new-booking-search-${variantName(variant)}`);
      }
    }
    // Found by the start of the last name.
    await form.getByLabel('Find a client').fill('Phoneb');
    await form.getByRole('button', { name: /Kiri Phonebook/ }).click();
    await form.getByText('Booking for Kiri Phonebook').waitFor();
    await expect.poll(() => form.getByLabel('First name').inputValue()).toBe('Kiri');
    expect(await form.getByLabel('E-mail', { exact: true }).inputValue()).toBe(KIRI.email);
    expect(await form.getByLabel('Address', { exact: true }).inputValue()).toBe(KIRI_ADDRESS);
    // Their last service is chosen already; she picks another.
    await chooseService(page, 'Deep Tissue Massage');
    await form.getByLabel('Date').fill(DAY);
    const times = form.getByRole('list', { name: 'Free for a visitor at this address' });
    await times.getByRole('button', { name: '11:00 AM' }).click();
    expect(await form.getByLabel('Time (NZ time)').inputValue()).toBe('11:00');
    const problems = await inEveryVariant(page, 'New booking', async (variant) => {
      await shot(page, `new-booking-${variantName(variant)}`);
      // Nothing sideways on a phone.
      expect(await scrollWidth(page)).toBeLessThanOrEqual(variant.viewport === 'phone' ? 360 : 1366);
    });
    expect(problems).toEqual([]);
    // Booked on the desktop, in light (the last variant).
    await form.getByRole('button', { name: 'Book', exact: true }).click();

    await openToasts(page).filter({ hasText: 'Booking saved' }).waitFor();
    await dialog(page).waitFor({ state: 'hidden' });
    // The calendar shows the booking's day, with the visit in its list.
    await page.getByRole('heading', { name: new RegExp(displayDate(DAY)) }).waitFor();
    const day = page.getByRole('list', { name: /^Appointments on / });
    await day.getByRole('button', { name: /Kiri Phonebook/ }).waitFor();
    await showMonthOf(page, DAY);
    await expect.poll(() => calendarDay(page, DAY).locator('.sr-only').textContent()).toContain('1 confirmed');

    const all = (await (await admin('GET', '/api/admin/bookings')).json()) as {
      clientId: number;
      date: string;
      time: string;
      serviceName: string;
      status: string;
    }[];
    expect(all.find((b) => b.date === DAY && b.time === '11:00')).toMatchObject({
      clientId: kiriId,
      status: 'confirmed',
      serviceName: 'Deep Tissue Massage',
    });
  });

  it("shows a visitor's refusal with 'Book anyway…', which she confirms; another visit offers no override", async () => {
    const page = await openTab({ refusals: true });
    await openNewBooking(page);
    const form = dialog(page);
    await form.getByLabel('First name').fill('Tama');
    await form.getByLabel('Last name').fill('Sundaycall');
    await form.getByLabel('E-mail', { exact: true }).fill('tama.sunday@example.nz');
    await form.getByLabel('Phone').fill('027 555 0199');
    await chooseService(page, 'Swedish Massage');
    await form.getByLabel('Address', { exact: true }).fill('12 Bow Street, Raglan');
    const sunday = sundayAhead(21);
    await form.getByLabel('Date').fill(sunday);
    await form.getByLabel('Time (NZ time)').fill('10:15');
    await form.getByRole('button', { name: 'Book', exact: true }).click();
    const refusal = form
      .getByRole('alert')
      .filter({ hasText: 'A visitor could not book this time: Closed on Sundays.' });
    await refusal.waitFor();
    await refusal.scrollIntoViewIfNeeded();
    await shot(page, 'new-booking-refused-desktop-light');
    await refusal.getByRole('button', { name: 'Book anyway…' }).click();
    const confirm = page.getByRole('dialog', { name: 'Book anyway?' });
    await confirm.getByText('Closed on Sundays').waitFor();
    await shot(page, 'new-booking-anyway-desktop-light');
    await confirm.getByRole('button', { name: 'Yes, book anyway' }).click();
    await openToasts(page).filter({ hasText: 'Booking saved' }).waitFor();
    // Its details say she took it, and over what.
    const day = page.getByRole('list', { name: /^Appointments on / });
    await day.getByRole('button', { name: /Tama Sundaycall/ }).click();
    const details = page.getByRole('dialog', { name: 'Appointment Details' });
    await details.getByText('Booked anyway').waitFor();
    expect(await details.textContent()).toContain('Closed on Sundays');
    await page.keyboard.press('Escape');
    await details.waitFor({ state: 'hidden' });

    // The same time again: Tama's visit is in the way, and nothing can book over it.
    await openNewBooking(page);
    await form.getByLabel('First name').fill('Other');
    await form.getByLabel('Last name').fill('Person');
    await form.getByLabel('E-mail', { exact: true }).fill('other.person@example.nz');
    await form.getByLabel('Phone').fill('027 555 0198');
    await chooseService(page, 'Swedish Massage');
    await form.getByLabel('Address', { exact: true }).fill('12 Bow Street, Raglan');
    await form.getByLabel('Date').fill(sunday);
    await form.getByLabel('Time (NZ time)').fill('10:30');
    await form.getByRole('button', { name: 'Book', exact: true }).click();
    const overlap = form.getByRole('alert').filter({ hasText: "Tama Sundaycall's visit" });
    await overlap.waitFor();
    expect(await overlap.getByRole('button', { name: 'Book anyway…' }).count()).toBe(0);
  });

  it("opens filled in from 'Book again' on a client's page and from 'Book' on a waitlist entry", async () => {
    const page = await openTab({ next: `/admin/clients/${kiriId}` });
    await page.getByRole('link', { name: 'Book again' }).click();
    await dialog(page).waitFor();
    await dialog(page).getByText('Booking for Kiri Phonebook').waitFor();
    await expect.poll(() => dialog(page).getByLabel('Address', { exact: true }).inputValue()).toBe(KIRI_ADDRESS);
    // Closing it leaves the Appointments tab without the request in its address.
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/admin/appointments' && url.search === '');

    const date = nzWeekdayAhead(30);
    const joined = await fetch(`${server.baseUrl}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({
        serviceId: 1,
        duration: 90,
        dates: [date],
        earliest: '14:00',
        latest: '15:00',
        firstName: 'Wai',
        lastName: 'Listed',
        email: 'wai.listed@example.nz',
        phone: '021 999 0303',
        address: '3 Wallis Street, Raglan',
      }),
    });
    expect(joined.status, await joined.clone().text()).toBe(201);
    await page.goto(`${server.baseUrl}/admin/pending`);
    await page.getByRole('link', { name: 'Book Wai Listed' }).click();
    const form = dialog(page);
    await form.waitFor();
    await expect.poll(() => form.getByLabel('First name').inputValue()).toBe('Wai');
    expect(await form.getByLabel('Date').inputValue()).toBe(date);
    expect(await form.getByLabel('Time (NZ time)').inputValue()).toBe('14:00');
    expect(await form.getByLabel('Address', { exact: true }).inputValue()).toBe('3 Wallis Street, Raglan');
    await form.getByText('From the waitlist: Wai Listed leaves the list once this is booked.').waitFor();

    // Booked from the entry: the entry ends with it and leaves her waitlist.
    await form.getByRole('button', { name: 'Book', exact: true }).click();
    await form.waitFor({ state: 'hidden' });
    const entries = (await (await admin('GET', '/api/admin/waitlist')).json()) as { email: string }[];
    expect(entries.map((e) => e.email)).not.toContain('wai.listed@example.nz');
    await page.goto(`${server.baseUrl}/admin/pending`);
    await page.getByRole('heading', { name: 'Waitlist' }).waitFor();
    await page
      .getByText('Nobody is on the waitlist.')
      .or(page.getByRole('link', { name: /^Book / }).first())
      .waitFor();
    expect(await page.getByRole('link', { name: 'Book Wai Listed' }).count()).toBe(0);
  });
});
