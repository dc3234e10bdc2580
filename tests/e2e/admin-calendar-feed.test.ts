/**
 * The calendar feed (docs/product.md §2) as the therapist, on a server of its own: she
 * opens 'Calendar feed' on the Appointments tab, creates the private link, and a real iCalendar
 * parser (ical.js) finds her confirmed booking in it; she copies it, replaces it (the old link answers 404 at once)
 * and turns the feed off; a failed create says so. Keyboard, and axe in both themes on a phone and a desktop.
 * What the feed holds (status, the NZ instant, the headers) and that the log never shows the token: the API's
 * (tests/api/calendar-feed.test.ts).
 */
import ICAL from 'ical.js';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useBrowser, type OpenOptions } from './browser';
import { openSignedIn } from './e2e-c-session';
import { violationsInPlace } from './e2e-c-variants';
import { adminCookie, createBooking, startServer, type ApiBooking, type RunningServer } from './harness.mjs';
import { openToasts } from './toasts';

useBrowser();

let server: RunningServer;
let cookie: string;
let confirmed: ApiBooking;

beforeAll(async () => {
  server = await startServer({ quiet: true });
  cookie = await adminCookie(server.baseUrl);
  confirmed = await createBooking(server.baseUrl, { firstName: 'Hine', lastName: 'Feed' });
  const res = await fetch(`${server.baseUrl}/api/bookings/${confirmed.id}/status`, {
    method: 'PATCH',
    headers: { cookie, origin: server.baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'confirmed' }),
  });
  expect(res.status).toBe(200);
}, 90_000);

afterAll(async () => {
  await server?.stop();
});

/** The Appointments tab (/admin) with her session (signing in through the form is admin-auth.test.ts's). */
async function openAppointments(options: OpenOptions = {}): Promise<Page> {
  const page = await openSignedIn(server.baseUrl, '/admin', { viewport: 'phone', ...options });
  await page.getByRole('heading', { name: /^Welcome back\b/ }).waitFor();
  return page;
}

async function openDialog(page: Page) {
  await page.getByRole('button', { name: 'Calendar feed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Calendar feed' });
  await dialog.getByText('See your appointments in Google, Apple or Outlook Calendar on your phone.').waitFor();
  return dialog;
}

const linkField = (page: Page) =>
  page.getByRole('dialog', { name: 'Calendar feed' }).getByLabel('Your private feed link');
const toastWith = (page: Page, text: string) => openToasts(page).filter({ hasText: text });

/**
 * The feed as a calendar app reads it (ical.js): its events. What an event holds (status, NZ instant, summary) and
 * the answer's headers are checked on the API (tests/api/calendar-feed.test.ts).
 */
async function readFeed(url: string) {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(await res.text()) as unknown[]);
  return calendar.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
}

/**
 * Presses 'Create feed link', or 'Create a new link' and confirms, whichever the dialog offers;
 * `atConfirmation` runs on the confirmation step when there is one.
 */
async function createFromDialog(dialog: Locator, atConfirmation: () => Promise<void> = async () => {}): Promise<void> {
  const fresh = dialog.getByRole('button', { name: 'Create feed link' });
  const rotate = dialog.getByRole('button', { name: 'Create a new link' });
  await fresh.or(rotate).waitFor();
  if (await fresh.isVisible()) return fresh.click();
  await rotate.click();
  const confirm = dialog.getByRole('button', { name: 'Create new link' });
  await confirm.waitFor();
  await atConfirmation();
  await confirm.click();
}

describe('Calendar feed', () => {
  it('creates a link whose feed carries her confirmed booking, replaces it (old link 404), turns it off, and says when creating failed', async () => {
    const page = await openAppointments({ allowConsoleErrors: [/status of 500/, /API request error/] });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    let dialog = await openDialog(page);
    await dialog.getByText(/^A private link your calendar app subscribes to\./).waitFor();
    await dialog.getByRole('button', { name: 'Create feed link' }).click();

    // The link, shown once, has the focus (the button she pressed is gone).
    const field = linkField(page);
    await field.waitFor();
    await expect.poll(() => field.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);
    expect(await field.getAttribute('readonly')).not.toBeNull();
    const firstUrl = await field.inputValue();
    expect(firstUrl).toMatch(new RegExp(`^${server.baseUrl}/api/calendar-feed/[A-Za-z0-9_-]{43}/appointments\\.ics$`));
    expect(await dialog.getByRole('link', { name: 'Add to calendar app' }).getAttribute('href')).toBe(
      firstUrl.replace(/^http:/, 'webcal:'),
    );
    for (const app of ['Google Calendar:', 'Apple Calendar:', 'Outlook:']) await dialog.getByText(app).waitFor();
    await dialog.getByText(/Google Calendar may take several hours/).waitFor();

    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await toastWith(page, 'Link copied').waitFor();
    expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(firstUrl);

    // The link she was given serves her confirmed booking.
    const event = (await readFeed(firstUrl)).find((e) => e.uid === `booking-${confirmed.id}@127.0.0.1`);
    expect(event, 'the confirmed booking is in the feed').toBeDefined();

    // Closed and opened again: the link is not shown any more, only when it was made.
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    dialog = await openDialog(page);
    const nzDate = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Pacific/Auckland',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(new Date());
    await dialog
      .getByText(`Your private feed link was created on ${nzDate}. For your privacy it is shown only once.`)
      .waitFor();
    expect(await linkField(page).count()).toBe(0);

    // A new link, after a confirmation; the old one is dead at once.
    await dialog.getByRole('button', { name: 'Create a new link' }).click();
    await dialog.getByRole('heading', { name: 'Create a new link?' }).waitFor();
    await dialog.getByText(/The old link stops working at once/).waitFor();
    await dialog.getByRole('button', { name: 'Create new link' }).click();
    const secondUrl = await linkField(page).inputValue();
    expect(secondUrl).not.toBe(firstUrl);
    expect((await fetch(firstUrl)).status).toBe(404);
    expect((await readFeed(secondUrl)).some((e) => e.uid === `booking-${confirmed.id}@127.0.0.1`)).toBe(true);

    // Turned off, after a confirmation (Cancel first keeps it).
    await dialog.getByRole('button', { name: 'Done' }).click();
    dialog = await openDialog(page);
    await dialog.getByRole('button', { name: 'Turn off feed' }).click();
    await dialog.getByRole('heading', { name: 'Turn off the calendar feed?' }).waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.getByRole('button', { name: 'Turn off feed' }).click();
    await dialog.getByRole('button', { name: 'Turn off feed' }).click();
    await toastWith(page, 'The calendar feed is turned off').waitFor();
    await dialog.getByRole('button', { name: 'Create feed link' }).waitFor();
    expect((await fetch(secondUrl)).status).toBe(404);
    // (The server logs those requests without their tokens: tests/api/calendar-feed.test.ts, 'the logs'.)

    // Creating it again fails on the server's side: a §8 toast titled Error.
    await page.route('**/api/admin/calendar-feed', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal Server Error"}' })
        : route.fallback(),
    );
    await createFromDialog(dialog);
    const failed = toastWith(page, 'Failed to create the calendar feed link');
    await failed.waitFor();
    expect(await failed.innerText()).toContain('Error');
  });

  it('works from the keyboard (Escape closes it, focus back on the button); no serious axe violations (phone and desktop, light and dark)', async () => {
    // Opened once, following the system's scheme; each step checked in the four variants in place.
    const page = await openAppointments({ theme: 'system' });
    const button = page.getByRole('button', { name: 'Calendar feed' });
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Calendar feed' });
    await dialog.getByRole('button', { name: 'Create feed link' }).waitFor();
    await dialog.getByRole('button', { name: 'Create feed link' }).focus();
    await page.keyboard.press('Enter');
    await linkField(page).waitFor();
    await page.keyboard.press('Tab');
    expect(
      await dialog.getByRole('button', { name: 'Copy link' }).evaluate((el) => el === el.ownerDocument.activeElement),
    ).toBe(true);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    // Radix gives focus back a task after the dialog unmounts.
    await expect.poll(() => button.evaluate((el) => el === el.ownerDocument.activeElement)).toBe(true);

    // A link exists now: the dialog offers a new one, after a confirmation.
    await openDialog(page);
    await dialog.getByRole('button', { name: 'Create a new link' }).waitFor();
    const problems = await violationsInPlace(page, 'calendar feed (before)');
    await createFromDialog(dialog, async () => {
      problems.push(...(await violationsInPlace(page, 'calendar feed (confirm)')));
    });
    await linkField(page).waitFor();
    problems.push(...(await violationsInPlace(page, 'calendar feed (link)')));
    expect(problems).toEqual([]);
  });
});
