/**
 * The Pending Requests tab (docs/product.md §2, §4, §5, §8) as the therapist, on a
 * server of its own with a real SMTP sink, the mail worker and an analytics provider: approve
 * with a note and reject with a reason (both e-mails carry it, escaped in HTML), the analytics
 * events, the toasts, rows leaving the list, the empty state, a request the client cancelled
 * meanwhile (a clear message, not a silent failure), the phone cards, and axe in both themes.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useMailServer } from './mail-server';
import { useBrowser, type Theme, type ViewportName } from './browser';
import { openSignedIn } from './e2e-c-session';
import { violationsInPlace } from './e2e-c-variants';
import { adminCookie, createBooking, nzWeekdayAhead } from './harness.mjs';
import { openToasts } from './toasts';

useBrowser();

const SCRIPT_URL = 'https://plausible.example.test/js/script.manual.js';

const inbox = useMailServer({
  ANALYTICS_PROVIDER: 'plausible',
  PLAUSIBLE_DOMAIN: 'homevisit.example.nz',
  PLAUSIBLE_SCRIPT_URL: SCRIPT_URL,
});

/** Stands in for Plausible's script and records every call (see analytics.test.ts). */
const FAKE_PLAUSIBLE = `(function () {
  var queued = (window.plausible && window.plausible.q) || [];
  window.__sent = [];
  window.plausible = function (name, options) {
    window.__sent.push({ name: name, props: (options && options.props) || null });
  };
  queued.forEach(function (args) { window.plausible.apply(null, args); });
})();`;

interface Sent {
  name: string;
  props: Record<string, unknown> | null;
}
const sentEvents = (page: Page) => page.evaluate<Sent[]>('window.__sent || []');

interface OpenOptions {
  viewport?: ViewportName;
  theme?: Theme;
  allowConsoleErrors?: RegExp[];
}

/** /admin/pending with her session (signing in through the form is admin-auth.test.ts's). */
async function openPending(options: OpenOptions = {}): Promise<Page> {
  const page = await openSignedIn(inbox.server.baseUrl, '/admin/pending', {
    viewport: 'desktop',
    ...options,
    beforeGoto: (blank) =>
      blank.route('https://plausible.example.test/**', (route) =>
        route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_PLAUSIBLE }),
      ),
  });
  await tab(page).getByRole('heading', { name: 'Pending Requests' }).waitFor();
  return page;
}

/** The tab's content: the card that holds the 'Pending Requests' heading. */
const tab = (page: Page) => page.getByRole('main');
const pendingCount = (page: Page) => tab(page).getByText(/^\d+ pending request\(s\)$/);
const table = (page: Page) => tab(page).getByRole('table', { name: 'Pending requests' });
const cards = (page: Page) => tab(page).getByRole('list', { name: 'Pending requests' });
const row = (page: Page, name: string) => table(page).getByRole('row').filter({ hasText: name });

/** The pending requests the server holds now (the demo data may hold some). */
async function pendingOnServer(): Promise<number> {
  const res = await fetch(`${inbox.server.baseUrl}/api/admin/bookings/pending`, {
    headers: { cookie: await adminCookie(inbox.server.baseUrl) },
  });
  return ((await res.json()) as unknown[]).length;
}

async function expectToast(page: Page, title: string, description: string): Promise<void> {
  const toast = openToasts(page).filter({ hasText: title });
  await toast.waitFor();
  expect(await toast.innerText()).toContain(description);
}

describe('Pending Requests: approve and reject', () => {
  it('approves one request with a note and rejects another with a reason; the e-mails carry them', async () => {
    const before = await pendingOnServer();
    const approved = await createBooking(inbox.server.baseUrl, {
      date: nzWeekdayAhead(9),
      time: '10:00',
      firstName: 'Aroha',
      lastName: 'Approve',
      email: 'aroha.approve@example.nz',
      hasInjuries: true,
      injuryDetails: 'Sore left shoulder',
    });
    const rejected = await createBooking(inbox.server.baseUrl, {
      date: nzWeekdayAhead(10),
      time: '13:00',
      firstName: 'Rawiri',
      lastName: 'Reject',
      email: 'rawiri.reject@example.nz',
      address: '100 Victoria Street, Hamilton',
    });

    const page = await openPending();
    await expect.poll(() => pendingCount(page).innerText()).toBe(`${before + 2} pending request(s)`);
    for (const name of ['Date & Time', 'Client', 'Service', 'Contact', 'Actions']) {
      await table(page).getByRole('columnheader', { name }).waitFor();
    }

    // The row: NZ date as dd MMM yyyy and the time, injuries, service with duration and price, contact links.
    const first = row(page, 'Aroha Approve');
    const firstText = await first.innerText();
    expect(firstText).toContain(displayShortDate(approved.date));
    expect(firstText).toContain('10:00 AM');
    expect(firstText).toContain('Has injuries');
    expect(firstText).toContain(`${Number(approved.duration)} min, $`);
    expect(await first.getByRole('link', { name: 'aroha.approve@example.nz' }).getAttribute('href')).toBe(
      'mailto:aroha.approve@example.nz',
    );
    expect(await first.getByRole('link', { name: '021 123 4567' }).getAttribute('href')).toBe('tel:0211234567');
    expect(firstText).toMatch(/Expires in /);
    const second = row(page, 'Rawiri Reject');
    expect(await second.innerText()).toContain('Outside service area');
    // No maps provider here: the offline estimate, which her screens say (docs/product.md §19).
    expect(await second.innerText()).toMatch(/\d+\.\d km \(estimate\), \d+ min travel/);

    // Approve with a note that looks like HTML.
    await first.getByRole('button', { name: /^Approve/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve Booking' });
    await dialog.waitFor();
    const summary = await dialog.innerText();
    for (const text of [
      'Aroha Approve',
      'aroha.approve@example.nz',
      '021 123 4567',
      'Bow Street, Raglan',
      'Sore left shoulder',
      'Travel fee',
    ]) {
      expect(summary).toContain(text);
    }
    expect(summary).toMatch(/notified by email/);
    await dialog.getByLabel('Additional instructions (optional)').fill('  Bring <a towel> & oil  ');
    await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
    await expectToast(
      page,
      'Booking approved',
      'The booking has been confirmed. An email has been sent to the client.',
    );
    await dialog.waitFor({ state: 'detached' });
    await row(page, 'Aroha Approve').waitFor({ state: 'detached' });
    await expect.poll(() => pendingCount(page).innerText()).toBe(`${before + 1} pending request(s)`);

    // The note reaches the client (escaped in the HTML part, trimmed when stored: tests/api/admin-bookings.test.ts).
    const confirmation = await inbox.mailTo('aroha.approve@example.nz', 'Your appointment has been confirmed');
    expect(confirmation.text).toContain('Bring <a towel> & oil');

    // Reject with a reason.
    await row(page, 'Rawiri Reject')
      .getByRole('button', { name: /^Reject/ })
      .click();
    const rejectDialog = page.getByRole('dialog', { name: 'Reject Booking' });
    await rejectDialog.waitFor();
    expect(await rejectDialog.innerText()).toContain('Outside service area');
    await rejectDialog.getByLabel('Reason for rejection (optional)').fill('Fully booked that day, sorry.');
    // Held back a moment, so that 'Processing...' can be seen while the call runs.
    await page.route('**/api/admin/bookings/*/status', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 600));
      await route.continue();
    });
    await rejectDialog.getByRole('button', { name: 'Reject Booking' }).click();
    await rejectDialog.getByRole('button', { name: 'Processing...' }).waitFor();
    expect(await rejectDialog.getByRole('button', { name: 'Cancel' }).isDisabled()).toBe(true);
    await expectToast(page, 'Booking rejected', 'The booking has been rejected. An email has been sent to the client.');
    await row(page, 'Rawiri Reject').waitFor({ state: 'detached' });
    const declined = await inbox.mailTo('rawiri.reject@example.nz', 'We are unable to accept your booking request');
    expect(declined.text).toContain('Fully booked that day, sorry.');

    // The server agrees, and the analytics events went out with the booking ids.
    const statuses = await Promise.all(
      [approved, rejected].map(
        async (b) =>
          (await (await fetch(`${inbox.server.baseUrl}/api/bookings/token/${b.cancelToken}`)).json()) as {
            status: string;
          },
      ),
    );
    expect(statuses.map((s) => s.status)).toEqual(['confirmed', 'rejected']);
    await expect
      .poll(async () => (await sentEvents(page)).filter((e) => e.name.startsWith('booking_')))
      .toEqual([
        { name: 'booking_approved', props: { bookingId: approved.id } },
        { name: 'booking_rejected', props: { bookingId: rejected.id } },
      ]);

    // Nothing left (unless the demo data held requests of its own).
    if (before === 0) {
      await tab(page).getByRole('heading', { name: 'No pending bookings' }).waitFor();
      await tab(page)
        .getByText(
          'All booking requests have been processed. New pending bookings will appear here when clients make reservation requests.',
        )
        .waitFor();
      expect(await pendingCount(page).count()).toBe(0);
    } else {
      await expect.poll(() => pendingCount(page).innerText()).toBe(`${before} pending request(s)`);
    }
  });

  it('says clearly that a request the client cancelled meanwhile can no longer be approved', async () => {
    const booking = await createBooking(inbox.server.baseUrl, {
      date: nzWeekdayAhead(11),
      time: '11:00',
      firstName: 'Tama',
      lastName: 'Stale',
      email: 'tama.stale@example.nz',
    });
    const page = await openPending({
      allowConsoleErrors: [/status of 409 \(Conflict\)/, /API request error: Error: 409: /],
    });
    await row(page, 'Tama Stale').waitFor();

    // The client cancels through the private link while the list is on her screen.
    const cancel = await fetch(
      `${inbox.server.baseUrl}/api/bookings/cancel/${encodeURIComponent(booking.cancelToken)}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: inbox.server.baseUrl },
        body: JSON.stringify({ cancelToken: booking.cancelToken }),
      },
    );
    expect(cancel.status).toBe(200);

    await row(page, 'Tama Stale')
      .getByRole('button', { name: /^Approve/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Approve Booking' });
    await dialog.getByRole('button', { name: 'Confirm Booking' }).click();
    await expectToast(page, 'Error', 'This booking has been cancelled. The list has been refreshed.');
    await dialog.waitFor({ state: 'detached' });
    await row(page, 'Tama Stale').waitFor({ state: 'detached' });
    // Focus is not lost with the removed row: it goes back to the list's heading.
    await expect
      .poll(() => page.evaluate('document.activeElement && document.activeElement.textContent'))
      .toBe('Pending Requests');
    expect((await sentEvents(page)).map((e) => e.name)).not.toContain('booking_approved');
  });
});

describe('Pending Requests: layout and accessibility', () => {
  beforeAll(async () => {
    await createBooking(inbox.server.baseUrl, {
      date: nzWeekdayAhead(12),
      time: '10:00', // Hamilton: she cannot be there by 09:00 from base (docs/product.md §10)
      firstName: 'Wiremu',
      lastName: 'Longname-Fitzgerald',
      email: 'wiremu.longname-fitzgerald@example-company.co.nz',
      hasInjuries: true,
      address: '100 Victoria Street, Hamilton',
    });
  });

  it('shows cards, not a table, on a phone, with no sideways scroll; the dialog is keyboard operable; no serious axe violations (light and dark, phone and desktop, list and dialog)', async () => {
    // Opened once on a phone, following the system's scheme; the variants are then shown in place.
    const page = await openPending({ viewport: 'phone', theme: 'system' });
    await cards(page).getByRole('heading', { name: 'Wiremu Longname-Fitzgerald' }).waitFor();
    expect(await table(page).isVisible()).toBe(false);
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);

    const approve = cards(page)
      .getByRole('listitem')
      .filter({ hasText: 'Wiremu' })
      .getByRole('button', { name: /^Approve/ });
    await approve.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Approve Booking' });
    await dialog.waitFor();
    expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    // Focus stays inside the dialog while tabbing, and Escape returns it to the button.
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(el.ownerDocument.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Radix gives focus back a task after the dialog unmounts.
    await expect.poll(() => approve.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);

    // The list in each variant: cards on a phone, the table on a desktop.
    const problems = await violationsInPlace(page, 'pending list', async ({ viewport }) => {
      const phone = viewport === 'phone';
      await (phone ? cards(page) : table(page)).waitFor();
      expect(await (phone ? table(page) : cards(page)).isVisible()).toBe(false);
    });
    // The reject dialog, from the desktop's table, in each variant.
    await row(page, 'Wiremu')
      .getByRole('button', { name: /^Reject/ })
      .click();
    await page.getByRole('dialog', { name: 'Reject Booking' }).waitFor();
    problems.push(...(await violationsInPlace(page, 'reject dialog')));
    expect(problems).toEqual([]);
  });
});

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'dd MMM yyyy' of a yyyy-MM-dd date, written out by hand (a calendar date: no zone involved). */
function displayShortDate(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return `${String(d).padStart(2, '0')} ${MONTHS[m - 1]} ${y}`;
}
