/**
 * The wizard with travel-aware times (docs/product.md §10), on a server of its own holding a 10:00 60-minute
 * visit in Raglan: with no address 11:30 is offered; 'Hamilton' (about 55 min away) in step 2's
 * 'Your suburb or address' takes it away, 'Raglan' gives it back marked as nearby. A visitor who
 * skips the field, picks 11:30 and types a Hamilton address in step 3 is told before submitting,
 * cannot submit, and one of the nearest fitting times fixes it. A 409 ROUTE_DOES_NOT_FIT (the day
 * changed meanwhile) goes back to step 2 like a taken time. Axe on step 2 with the field and its marks, checked in
 * place on a phone and a desktop, light and dark.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_DOES_NOT_FIT } from '../../src/shared/messages';
import { AXE_VARIANTS, showVariant } from './axe';
import { openPage, useBrowser, type Theme, type ViewportName } from './browser';
import { checkInEveryVariant } from './e2e-d-session';
import { calendarDay, showMonthOf } from './calendar';
import { createBooking, nzWeekdayAhead, startServer, type RunningServer } from './harness.mjs';
import { openToasts } from './toasts';
import { continueButton, displayDate, displayTime, fillContact, timeSlots } from './wizard';

useBrowser();

const DATE = nzWeekdayAhead(9);
/** Another weekday, empty until the 409 test books on it. */
const OTHER_DATE = [10, 11, 12, 13].map(nzWeekdayAhead).find((d) => d !== DATE)!;
const DURATION = 60;

let server: RunningServer;
let serviceId: number;
beforeAll(async () => {
  server = await startServer({ quiet: true });
  const services = (await (await fetch(`${server.baseUrl}/api/services`)).json()) as { id: number }[];
  serviceId = services[0]!.id;
  // createBooking books services[0] with its first length (60 min).
  await createBooking(server.baseUrl, {
    date: DATE,
    time: '10:00',
    duration: DURATION,
    address: '12 Bow Street, Raglan',
  });
}, 90_000);
afterAll(async () => {
  await server?.stop();
});

const routeField = (page: Page) => page.getByLabel('Your suburb or address');

/** The wizard at step 2 with the test's service and length, on DATE. */
async function openStep2(
  viewport: ViewportName = 'phone',
  theme?: Theme,
  date = DATE,
  allowConsoleErrors: RegExp[] = [],
): Promise<Page> {
  const page = await openPage(null, { viewport, theme, allowConsoleErrors });
  await page.goto(`${server.baseUrl}/booking?serviceId=${serviceId}&duration=${DURATION}&step=2`);
  await page.getByRole('heading', { name: 'Choose Date & Time' }).waitFor();
  await showMonthOf(page, date);
  const day = calendarDay(page, date);
  if ((await day.getAttribute('aria-pressed')) !== 'true') {
    const times = page.waitForResponse((r) => r.url().includes(`/api/availability/${date}?`) && r.ok(), {
      timeout: 20_000,
    });
    await day.click();
    await times;
  }
  await timeSlots(page).first().waitFor({ timeout: 20_000 });
  return page;
}

async function offered(page: Page): Promise<string[]> {
  return (await timeSlots(page).allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim().toUpperCase());
}

/** Types into step 2's field and waits for the day's times asked with that address. */
async function typeRouteAddress(page: Page, address: string, date = DATE): Promise<void> {
  const answered = page.waitForResponse(
    (r) =>
      r.url().includes(`/api/availability/${date}?`) &&
      new URL(r.url()).searchParams.get('address') === address &&
      r.ok(),
    { timeout: 20_000 },
  );
  await routeField(page).fill(address);
  await answered;
  // The answer is shown once the grid is no longer the last answer (aria-busy).
  await page
    .locator('[role=group][aria-label^="Available times on"]:not([aria-busy])')
    .or(page.getByText('There are no available times on this date.'))
    .first()
    .waitFor();
}

const slot = (page: Page, time: string) => timeSlots(page).filter({ hasText: displayTime(time) });

describe('step 2: the suburb field changes the times offered', () => {
  it("offers 11:30 with no address, not to Hamilton, again (nearby) to Raglan; step 3's address starts as step 2's", async () => {
    // Following the system's colour scheme, so axe checks step 2 in the four variants in place.
    const page = await openStep2('phone', 'system');
    await page.getByText("Times fit around the therapist's other home visits that day.").waitFor();
    expect(await offered(page)).toContain(displayTime('11:30'));

    await typeRouteAddress(page, 'Hamilton');
    await expect.poll(() => offered(page)).not.toContain(displayTime('11:30'));

    await typeRouteAddress(page, 'Raglan');
    await expect.poll(() => offered(page)).toContain(displayTime('11:30'));
    // Marked: its description is the legend 'Aroha is nearby that day' (the demo profile's therapist).
    const describedBy = (await slot(page, '11:30').getAttribute('aria-describedby')) ?? '';
    const description = (
      await Promise.all(describedBy.split(' ').map((id) => page.locator(`[id="${id}"]`).textContent()))
    )
      .join(' ')
      .trim();
    expect(description).toBe('Aroha is nearby that day');
    expect(await page.locator('#booking-nearby-legend').isVisible()).toBe(true);
    const problems = await checkInEveryVariant(page, 'step 2 with the address');
    expect(problems, problems.join('\n\n')).toEqual([]);
    await showVariant(page, AXE_VARIANTS[0]!);

    // The chosen time is cleared when the times for a new address no longer include it.
    await slot(page, '11:30').click();
    await typeRouteAddress(page, 'Hamilton');
    await expect.poll(() => page.locator('[role=group] button[aria-pressed=true]').count()).toBe(0);

    // Back to Raglan and on with 11:30: step 3's address starts as step 2's field.
    await typeRouteAddress(page, 'Raglan');
    await slot(page, '11:30').click();
    // The travel quote runs as usual; the time fits (step 2 asked with this address), so no route message.
    const quote = page.waitForResponse((r) => r.url().endsWith('/api/calculate-travel') && r.ok(), { timeout: 20_000 });
    await continueButton(page).click();
    await page.getByRole('heading', { name: 'Your Information' }).waitFor();
    expect(await page.getByLabel('Address for the massage').inputValue()).toBe('Raglan');
    await quote;
    await page.waitForTimeout(800);
    expect(await page.getByRole('alert').filter({ hasText: "can't reach this address" }).count()).toBe(0);
  }, 90_000);
});

describe('step 3: an address that does not fit the chosen time', () => {
  // Last: it books, which changes the day for the tests before it.
  it('says so before submitting, blocks the submit, and a nearest fitting time fixes it', async () => {
    const page = await openStep2();
    await slot(page, '11:30').click();
    await continueButton(page).click();
    await page.getByRole('heading', { name: 'Your Information' }).waitFor();
    // Step 2's field was skipped: step 3's address starts empty.
    expect(await page.getByLabel('Address for the massage').inputValue()).toBe('');

    await fillContact(page, {
      firstName: 'Hemi',
      lastName: 'Kirikiriroa',
      email: 'hemi.k@example.nz',
      phone: '021 987 6543',
      address: '100 Victoria Street, Hamilton',
    });
    const alert = page
      .getByRole('alert')
      .filter({ hasText: `can't reach this address in time for ${displayTime('11:30')} on ${displayDate(DATE)}` });
    await alert.waitFor({ timeout: 20_000 });
    await alert.getByText(/her appointment before then leaves too little time to drive there/).waitFor();
    await alert.getByText('Times that fit:').waitFor();
    const choices = alert.getByRole('button');
    const labels = await choices.allInnerTexts();
    expect(labels.length).toBeGreaterThan(0);
    expect(labels.length).toBeLessThanOrEqual(3);
    expect(labels.map((l) => l.trim().toUpperCase())).not.toContain(displayTime('11:30'));

    // Submitting is blocked with the same message (focus moves to it); no booking is made.
    await page.getByRole('button', { name: 'Complete Booking' }).click();
    await expect
      .poll(() => page.evaluate<string | null>(`document.activeElement?.getAttribute('role') ?? null`))
      .toBe('alert');
    expect(page.url()).not.toMatch(/\/booking\/confirm\//);

    // One of the nearest fitting times: the message goes, the summary shows the new time.
    const picked = labels[0]!.trim();
    await choices.first().click();
    await alert.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: `Your time is now ${picked}` })
      .waitFor();
    await page.getByText(picked).first().waitFor();

    // The server agrees: the booking is made at the picked time.
    await page.getByRole('button', { name: 'Complete Booking' }).click();
    await page.getByRole('heading', { name: 'Booking Request Received!' }).waitFor({ timeout: 20_000 });
    await page.getByText(picked).first().waitFor();
  }, 90_000);

  it("a 409 ROUTE_DOES_NOT_FIT sends the visitor back to step 2 with the server's message, the address kept and fitting times", async () => {
    // apiRequest logs the 409 (docs/product.md §8), and Chromium logs the failed load.
    const page = await openStep2('phone', undefined, OTHER_DATE, [/409/]);
    await typeRouteAddress(page, 'Raglan', OTHER_DATE);
    await slot(page, '11:30').click();
    await continueButton(page).click();
    await page.getByRole('heading', { name: 'Your Information' }).waitFor();
    await fillContact(page, {
      firstName: 'Tama',
      lastName: 'Late',
      email: 'tama.late@example.nz',
      phone: '021 111 2222',
    });

    // Meanwhile a Hamilton visit at 13:00 is booked: 11:30 in Raglan is still free, but she could not drive on in time.
    await createBooking(server.baseUrl, {
      date: OTHER_DATE,
      time: '13:00',
      duration: DURATION,
      address: '100 Victoria Street, Hamilton',
      email: 'first.come@example.nz',
    });

    await page.getByRole('button', { name: 'Complete Booking' }).click();
    const toast = openToasts(page).filter({ hasText: 'Time does not fit your address' });
    await toast.waitFor();
    await toast.getByText(ROUTE_DOES_NOT_FIT['gap-after']).waitFor();
    await page.getByRole('heading', { name: 'Choose Date & Time' }).waitFor();
    expect(await routeField(page).inputValue()).toBe('Raglan');
    await expect.poll(() => offered(page)).not.toContain(displayTime('11:30'));
    expect(await page.locator('[role=group] button[aria-pressed=true]').count()).toBe(0);
  }, 90_000);
});
