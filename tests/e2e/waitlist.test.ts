/**
 * docs/product.md §4 "Waitlist", the waitlist as people use it, on a server of its own with a real SMTP sink: a visitor
 * with no time that suits joins from the wizard's date-and-time step (a phone, the browser's zone away from NZ); her 2
 * visit is cancelled; the offer e-mail's link opens the offer page (opening books nothing), 'Book this time' sends the
 * request, and it shows on her Pending Requests tab, with the Waitlist section, where she removes an entry. axe on
 * each screen, both themes; her tab (opened once, with her session cookie: the sign-in is admin-auth's) checked in
 * place on a phone and a desktop, light and dark.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DAY_NAMES } from '../../src/shared/constants';
import { dayOfWeek, formatLongDate } from '../../src/shared/time';
import { describeViolations, runAxe } from './axe';
import { openPage, useBrowser, type Theme, type ViewportName } from './browser';
import { adminCookie, createBooking, nzWeekdayAhead } from './harness.mjs';
import { useMailServer } from './mail-server';
import { AXE_VARIANTS, showVariant } from './axe';
import { checkInEveryVariant, openSignedIn } from './e2e-d-session';

useBrowser();

/** The form's day label: 'Wednesday, December 2, 2026'. */
const dayLabel = (date: string) => `${DAY_NAMES[dayOfWeek(date)]}, ${formatLongDate(date)}`;
const inbox = useMailServer();

async function expectNoAxeViolations(page: Page, where: string) {
  expect(describeViolations(where, await runAxe(page))).toEqual([]);
}

/** The wizard's step 2 with the waitlist form open. */
async function openWaitlistForm(viewport: ViewportName, theme: Theme): Promise<Page> {
  const page = await openPage(null, { viewport, theme, colorScheme: theme === 'dark' ? 'dark' : 'light' });
  await page.goto(`${inbox.server.baseUrl}/booking`);
  await page
    .getByRole('button', { name: /^Select\b/ })
    .first()
    .click();
  await page.getByRole('button', { name: 'Tell me if a time opens' }).click();
  await page.getByRole('form', { name: 'Tell me if a time opens' }).waitFor();
  return page;
}

describe('the waitlist', () => {
  it('a visitor joins from the wizard, is offered the freed time by e-mail, books it, and she sees it', async () => {
    const base = inbox.server.baseUrl;
    const date = nzWeekdayAhead(4);
    const taken = await createBooking(base, {
      date,
      time: '14:00',
      phone: '021 555 0141',
      email: 'taken.e2e@example.nz',
    });

    const page = await openWaitlistForm('phone', 'light');
    const form = page.getByRole('form', { name: 'Tell me if a time opens' });
    await expectNoAxeViolations(page, 'waitlist form (phone, light)');
    // Only the wanted day, with 2 PM as the only start.
    for (const box of await form.getByRole('checkbox', { checked: true }).all()) await box.click();
    await form.getByRole('checkbox', { name: dayLabel(date) }).click();
    await form.getByLabel('Earliest start').selectOption('14:00');
    await form.getByLabel('Latest start').selectOption('14:00');
    await form.getByLabel('First name').fill('Hine');
    await form.getByLabel('Last name').fill('Waiting');
    await form.getByLabel('Email').fill('hine.waiting@example.nz');
    await form.getByLabel('Phone').fill('021 555 0142');
    await form.getByLabel('Massage address').fill('12 Bow Street, Raglan');
    await form.getByRole('button', { name: 'Join the waitlist' }).click();
    await page.getByText('You are on the waitlist.').waitFor();
    await expectNoAxeViolations(page, 'waitlist joined (phone, light)');
    const joined = await inbox.mailTo('hine.waiting@example.nz', 'You are on the waitlist');
    expect(joined.text).toContain(formatLongDate(date));

    // Her 2 PM is cancelled: the offers job e-mails the waiting visitor.
    const cancelled = await fetch(`${base}/api/bookings/cancel/${taken.cancelToken}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ cancelToken: taken.cancelToken }),
    });
    expect(cancelled.status).toBe(200);
    const offer = await inbox.mailTo('hine.waiting@example.nz', 'A time has opened for you');
    const link = offer.text
      .split(/\s+/)
      .filter((w) => w.startsWith('http'))
      .map((w) => new URL(w))
      .find((u) => u.pathname.startsWith('/waitlist/offer/'));
    expect(link, offer.text).toBeDefined();

    // Opening the link shows the time and books nothing.
    await page.goto(link!.href);
    await page.getByRole('heading', { name: 'A time has opened for you' }).waitFor();
    await expectNoAxeViolations(page, 'offer page (phone, light)');
    const cookie = await adminCookie(base);
    const pendingNames = async () => {
      const res = await fetch(`${base}/api/admin/bookings/pending`, { headers: { cookie } });
      return ((await res.json()) as { firstName: string }[]).map((b) => b.firstName);
    };
    expect(await pendingNames()).not.toContain('Hine');
    await page.getByRole('button', { name: 'Book this time' }).click();
    await page.getByRole('heading', { name: 'Booking request sent' }).waitFor();
    expect(await pendingNames()).toContain('Hine');
  });

  it('the form refuses bad input (desktop, dark)', async () => {
    const page = await openWaitlistForm('desktop', 'dark');
    const form = page.getByRole('form', { name: 'Tell me if a time opens' });
    await form.getByLabel('Earliest start').selectOption('15:00');
    await form.getByLabel('Latest start').selectOption('10:00');
    await form.getByRole('button', { name: 'Join the waitlist' }).click();
    await form.getByText('The latest start must not be before the earliest').waitFor();
    await form.getByText('First name is required').waitFor();
    await expectNoAxeViolations(page, 'waitlist form errors (desktop, dark)');
  });

  it('her Pending Requests tab shows the request and the Waitlist section; she removes an entry', async () => {
    const base = inbox.server.baseUrl;
    const services = (await (await fetch(`${base}/api/services`)).json()) as { id: number }[];
    const res = await fetch(`${base}/api/waitlist`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({
        serviceId: services[0]!.id,
        duration: 60,
        dates: [nzWeekdayAhead(5)],
        earliest: '09:00',
        latest: '12:00',
        firstName: 'Rangi',
        lastName: 'Removable',
        email: 'rangi.removable@example.nz',
        phone: '021 555 0143',
        address: '100 Victoria Street, Hamilton',
      }),
    });
    expect(res.status, await res.text()).toBe(201);

    // Following the system's colour scheme, so the tab is checked in the four variants in place.
    const admin = await openSignedIn(base, '/admin/pending', { viewport: 'desktop', theme: 'system' });
    await admin.getByRole('main').getByRole('heading', { name: 'Pending Requests' }).waitFor();
    // The request Hine sent from her offer (the first test).
    await admin
      .getByRole('table', { name: 'Pending requests' })
      .getByRole('row')
      .filter({ hasText: 'Hine' })
      .first()
      .waitFor();
    await admin.getByRole('heading', { name: 'Waitlist' }).waitFor();
    // In the tab (the toast after Remove names the entry too).
    const entry = admin.getByRole('main').getByRole('listitem').filter({ hasText: 'Rangi Removable' });
    await entry.getByText('Hamilton').first().waitFor();
    const problems = await checkInEveryVariant(admin, 'pending with the waitlist');
    expect(problems, problems.join('\n\n')).toEqual([]);

    // On her phone, she removes Rangi.
    await showVariant(admin, AXE_VARIANTS[0]!);
    await entry.getByRole('button', { name: 'Remove Rangi Removable from the waitlist' }).click();
    await admin.getByText('Removed from the waitlist').first().waitFor();
    await expect.poll(() => entry.count(), { timeout: 10_000 }).toBe(0);
  });
});
