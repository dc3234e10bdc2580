/**
 * The Appointments tab (docs/product.md §2, §4, §8) as the therapist, on a server of its
 * own with a real SMTP sink and the mail worker on: the calendar's badges for the visible month,
 * the day list, 'Appointment Details' with Confirm (the client's confirmation e-mail), 'Send
 * email/reminder' (the 'Appointment Reminder' e-mail and a message of her own), the 'Cancel
 * Appointment' dialog (the cancellation e-mail, the badge turning red), the counters, 'Show all',
 * and axe on the tab and the dialog in both themes. The browser's zone is America/Los_Angeles.
 */
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { useMailServer } from './mail-server';
import { useBrowser, VIEWPORTS } from './browser';
import { calendarDay, showMonthOf } from './calendar';
import { openSignedIn } from './e2e-c-session';
import { violationsInPlace } from './e2e-c-variants';
import { adminCookie, createBooking, nzWeekdayAhead } from './harness.mjs';
import { openToasts } from './toasts';
import { displayDate, displayTime } from './wizard';

/** 'Friday, December 4, 2026': a day button's name with no bookings. */
function displayDayName(date: string): string {
  const weekday = new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  return `${weekday}, ${displayDate(date)}`;
}

useBrowser();

const TEXT_SEND = 'Send email/reminder';
const DATE = nzWeekdayAhead(10);
const PENDING = { firstName: 'Piripi', lastName: 'Pending', email: 'piripi.pending@example.nz', time: '10:00' };
const CONFIRMED = { firstName: 'Cora', lastName: 'Confirmed', email: 'cora.confirmed@example.nz', time: '14:00' };

const inbox = useMailServer();

beforeAll(async () => {
  await createBooking(inbox.server.baseUrl, { date: DATE, ...PENDING });
  const confirmed = (await createBooking(inbox.server.baseUrl, { date: DATE, ...CONFIRMED })) as { id: number };
  const res = await fetch(`${inbox.server.baseUrl}/api/admin/bookings/${confirmed.id}/status`, {
    method: 'PATCH',
    headers: {
      'content-type': 'application/json',
      origin: inbox.server.baseUrl,
      cookie: await adminCookie(inbox.server.baseUrl),
    },
    body: JSON.stringify({ status: 'confirmed' }),
  });
  expect(res.status).toBe(200);
}, 90_000);

/** The e-mail to `address` whose subject is `subject`, once it arrives. */

/** The tab, opened with her session (signing in through the form is admin-auth.test.ts's). */
async function openTab(options: Parameters<typeof openSignedIn>[2] = {}): Promise<Page> {
  const page = await openSignedIn(inbox.server.baseUrl, '/admin/appointments', options);
  await page.getByRole('heading', { name: 'Upcoming Appointments' }).waitFor();
  return page;
}

/** Shows the month of DATE, selects the day and waits for its list. */
async function openDay(page: Page): Promise<void> {
  await showMonthOf(page, DATE);
  await calendarDay(page, DATE).click();
  await page.getByRole('heading', { name: new RegExp(displayDate(DATE)) }).waitFor();
}

/** The day button's accessible name (its hidden text: the date and the counts in words). */
const dayButtonName = (page: Page) => calendarDay(page, DATE).locator('.sr-only').textContent();
const dayList = (page: Page) => page.getByRole('list', { name: /^Appointments on / });
const appointment = (page: Page, name: string) => dayList(page).getByRole('button', { name: new RegExp(name) });
const detailsDialog = (page: Page) => page.getByRole('dialog', { name: 'Appointment Details' });

async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  const toast = openToasts(page).filter({ hasText: title });
  await toast.waitFor();
  if (description) expect(await toast.textContent()).toContain(description);
}

/** A computed colour (rgb() or Tailwind 4's oklch()) is a red. */
function isRed(color: string): boolean {
  const n = color.match(/[\d.]+/g)!.map(Number);
  if (color.startsWith('oklch')) {
    const hue = n[2]!;
    return n[1]! > 0.1 && (hue < 40 || hue > 345);
  }
  return n[0]! > n[1]! + n[2]!;
}

/** axe in each variant in place; on the phone, no sideways scroll either. */
const inEveryVariant = (page: Page, where: string): Promise<string[]> =>
  violationsInPlace(page, where, async ({ viewport }) => {
    if (viewport === 'phone')
      expect(await page.evaluate('document.documentElement.scrollWidth'), where).toBeLessThanOrEqual(360);
  });

async function counterValue(section: Locator, label: string): Promise<string> {
  const text = (await section.getByText(label, { exact: true }).locator('xpath=..').textContent()) ?? '';
  return text;
}

describe('Appointments tab', () => {
  it(
    'shows the badges of the month, confirms a pending booking, sends a reminder and a message of her own, cancels a visit (the client is e-mailed each time)',
    { timeout: 60_000 },
    async () => {
      const page = await openTab({ viewport: 'desktop' });
      await openDay(page);
      await expect.poll(() => dayButtonName(page)).toContain('1 confirmed, 1 pending');
      const day = calendarDay(page, DATE);
      expect(await day.locator('[data-status=confirmed]').textContent()).toBe('1');
      expect(await day.locator('[data-status=pending]').textContent()).toBe('1');

      // The day's list is in time order: the pending 10:00 before the confirmed 14:00.
      const rows = dayList(page).getByRole('listitem');
      await expect
        .poll(() => rows.allTextContents())
        .toEqual([
          expect.stringContaining(displayTime(PENDING.time)),
          expect.stringContaining(displayTime(CONFIRMED.time)),
        ]);

      await appointment(page, 'Piripi Pending').click();
      const dialog = detailsDialog(page);
      await dialog.getByText('View and manage appointment information.').waitFor();
      await dialog.getByText(displayDate(DATE)).waitFor();
      expect(await dialog.getByRole('link', { name: /Bow Street, Raglan/ }).getAttribute('href')).toBe(
        'https://www.google.com/maps/search/?api=1&query=Bow%20Street%2C%20Raglan',
      );
      expect(await dialog.getByRole('link', { name: PENDING.email }).getAttribute('href')).toBe(
        `mailto:${PENDING.email}`,
      );
      expect(await dialog.getByRole('link', { name: '021 123 4567' }).getAttribute('href')).toBe('tel:0211234567');
      // Pending: Confirm and Cancel, no reminder.
      expect(await dialog.getByRole('button', { name: TEXT_SEND }).count()).toBe(0);

      await dialog.getByRole('button', { name: 'Confirm', exact: true }).click();
      await expectToast(page, 'Appointment confirmed');
      // Still open, now confirmed: the reminder is offered, Confirm is gone.
      await dialog.getByRole('button', { name: TEXT_SEND }).waitFor();
      expect(await dialog.getByRole('button', { name: 'Confirm', exact: true }).count()).toBe(0);

      const mail = await inbox.mailTo(PENDING.email, 'Your appointment has been confirmed');
      expect(mail.text.toLowerCase()).toContain('confirmed');
      expect(mail.text).toContain(displayDate(DATE));
      expect(mail.text).toContain(displayTime(PENDING.time));

      await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
      await detailsDialog(page).waitFor({ state: 'hidden' });
      await expect.poll(() => dayButtonName(page)).toContain('2 confirmed');

      // Cora's visit, on a phone now: a reminder, a message of her own, then the visit called off.
      await page.setViewportSize(VIEWPORTS.phone);
      await appointment(page, 'Cora Confirmed').click();
      await dialog.getByRole('button', { name: TEXT_SEND }).click();

      const send = page.getByRole('dialog', { name: TEXT_SEND });
      await send.getByRole('button', { name: 'Send reminder' }).click();
      await expectToast(page, 'Email sent successfully', 'The notification has been sent to the client');
      await send.waitFor({ state: 'hidden' });
      const reminder = await inbox.mailTo(CONFIRMED.email, 'Appointment Reminder');
      expect(reminder.text).toContain('friendly reminder about your upcoming appointment');
      expect(reminder.text).toContain(displayDate(DATE));

      await dialog.getByRole('button', { name: TEXT_SEND }).click();
      await send.getByLabel('Subject').fill('Parking at your place');
      await send.getByRole('button', { name: 'Send email' }).click();
      await send.getByText('Message is required').waitFor();
      await send.getByLabel('Message').fill('Kia ora Cora,\nIs there parking on the street?');
      await send.getByRole('button', { name: 'Send email' }).click();
      await expectToast(page, 'Email sent successfully');
      const own = await inbox.mailTo(CONFIRMED.email, 'Parking at your place');
      expect(own.text).toContain('Is there parking on the street?');

      // Then the visit is called off, from the same details (the Cancel Appointment dialog).
      await detailsDialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();

      const confirm = page.getByRole('dialog', { name: 'Cancel Appointment' });
      await confirm
        .getByText(
          'Are you sure you want to cancel this appointment? An email notification will be sent to the client.',
        )
        .waitFor();
      await confirm.getByText('Cora Confirmed').waitFor();
      await confirm.getByText(CONFIRMED.email).waitFor();
      await confirm.getByText(displayDate(DATE)).waitFor();
      await confirm.getByText(displayTime(CONFIRMED.time)).waitFor();

      // 'No, Keep It' goes back to the details.
      await confirm.getByRole('button', { name: 'No, Keep It' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await detailsDialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
      await confirm.getByRole('button', { name: 'Yes, Cancel Appointment' }).click();

      await expectToast(page, 'Appointment cancelled', 'The appointment has been cancelled successfully');
      await confirm.waitFor({ state: 'hidden' });
      await detailsDialog(page).waitFor({ state: 'hidden' });
      await expect.poll(() => dayButtonName(page)).toContain('1 confirmed, 1 cancelled');
      const badge = calendarDay(page, DATE).locator('[data-status=cancelled]');
      expect(await badge.textContent()).toBe('1');
      const fill = await page.evaluate<string>(
        `getComputedStyle(document.querySelector('[data-date="${DATE}"] [data-status=cancelled]')).backgroundColor`,
      );
      expect(isRed(fill), fill).toBe(true);

      const cancelled = await inbox.mailTo(CONFIRMED.email, 'Your appointment has been cancelled');
      expect(cancelled.text).toContain(displayDate(DATE));
      expect(cancelled.text).toContain(displayTime(CONFIRMED.time));
    },
  );

  it('counts confirmed appointments and lists the upcoming ones, all of them on Show all', async () => {
    const page = await openTab({ viewport: 'desktop' });
    const counters = page.getByRole('region', { name: 'Appointment counts' });
    await expect.poll(() => counterValue(counters, 'Today')).toMatch(/Today\d+/);
    await expect.poll(() => counterValue(counters, 'Upcoming')).toMatch(/Upcoming1Confirmed/);

    const upcoming = page.getByRole('button', { name: 'Show all' });
    await page.getByText('Next 5 confirmed appointments').waitFor();
    const card = page.getByRole('complementary', { name: 'Appointments overview' });
    await card.getByRole('button', { name: /Piripi Pending/ }).waitFor();
    await upcoming.click();
    await card.getByText('All upcoming confirmed appointments').waitFor();
    expect(await page.getByRole('button', { name: 'Show fewer' }).getAttribute('aria-expanded')).toBe('true');
    // Cancelled ones are not upcoming.
    await card.getByRole('button', { name: /Piripi Pending/ }).waitFor();
    expect(await card.getByRole('button', { name: /Cora Confirmed/ }).count()).toBe(0);

    // An upcoming item opens its details.
    await card.getByRole('button', { name: /Piripi Pending/ }).click();
    await detailsDialog(page).getByText(displayTime(PENDING.time), { exact: false }).first().waitFor();
  });

  it('shows an empty calendar with a quiet retry when the range call fails (no toast)', async () => {
    const page = await openSignedIn(inbox.server.baseUrl, '/admin/appointments', {
      viewport: 'desktop',
      allowConsoleErrors: [/status of 500/, /API request error: Error: 500: /],
      beforeGoto: (blank) =>
        blank.route('**/api/bookings/range?**', (route) => route.fulfill({ status: 500, body: '' })),
    });
    await showMonthOf(page, DATE);
    const retry = page.getByRole('button', { name: 'Try again' });
    await retry.waitFor();
    expect(await dayButtonName(page)).toBe(displayDayName(DATE));
    expect(await openToasts(page).count()).toBe(0);

    await page.unroute('**/api/bookings/range?**');
    await retry.click();
    await expect.poll(() => dayButtonName(page)).toContain('confirmed');
    await retry.waitFor({ state: 'detached' });
  });

  it('has no serious or critical axe violations, light and dark, phone and desktop, with each dialog open too', async () => {
    // Opened once, following the system's scheme; each screen checked in the four variants in place.
    const page = await openTab({ viewport: 'phone', theme: 'system' });
    await openDay(page);
    const problems = await inEveryVariant(page, 'appointments');
    await appointment(page, 'Piripi Pending').click();
    await detailsDialog(page).waitFor();
    problems.push(...(await inEveryVariant(page, 'appointment details')));
    // Piripi is confirmed by now: the e-mail and cancel dialogs on top of the details.
    await detailsDialog(page).getByRole('button', { name: TEXT_SEND }).click();
    await page.getByRole('dialog', { name: TEXT_SEND }).waitFor();
    problems.push(...(await inEveryVariant(page, 'send email/reminder')));
    await page.keyboard.press('Escape');
    await detailsDialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
    await page.getByRole('dialog', { name: 'Cancel Appointment' }).waitFor();
    problems.push(...(await inEveryVariant(page, 'cancel appointment')));
    await page.keyboard.press('Escape');
    await detailsDialog(page).waitFor();
    expect(problems, problems.join('\n\n')).toEqual([]);
  });
});
