/**
 * axe-core on every public page and wizard step, light and dark, phone and desktop: no
 * serious or critical violations. (The admin screens run axe in the journeys that open them.)
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, openPage, useBrowser, VIEWPORTS, type ViewportName } from './browser';
import { describeViolations, runAxe } from './axe';
import { createBooking } from './harness.mjs';
import { continueButton, pickLatestTimeSlot, serviceSelectButtons } from './wizard';

useBrowser();

let token = '';
let cancelledToken = '';
beforeAll(async () => {
  const booking = await createBooking(baseUrl(), {
    firstName: 'Axe',
    lastName: 'Checker',
    email: 'axe.checker@example.nz',
  });
  token = booking.cancelToken;
  const cancelled = await createBooking(baseUrl(), {
    time: '14:00',
    firstName: 'Axe',
    lastName: 'Cancelled',
    email: 'axe.cancelled@example.nz',
  });
  cancelledToken = cancelled.cancelToken;
  const res = await api(`/api/bookings/cancel/${cancelledToken}`, { body: { cancelToken: cancelledToken } });
  expect(res.status).toBe(200);
});

const VARIANTS: { viewport: ViewportName; colorScheme: 'light' | 'dark' }[] = [
  { viewport: 'phone', colorScheme: 'light' },
  { viewport: 'phone', colorScheme: 'dark' },
  { viewport: 'desktop', colorScheme: 'dark' },
  { viewport: 'desktop', colorScheme: 'light' },
];

/**
 * Waits until the page shows the scheme (`dark` or not on <html>) and every transition of the switch has ended (axe
 * would read colours half way). Evaluated through the DevTools protocol, as axe is: the page's CSP allows no eval.
 */
async function settled(page: Page, dark: boolean) {
  for (let tries = 0; ; tries++) {
    if (await page.evaluate(`document.documentElement.classList.contains('dark') === ${dark}`)) break;
    if (tries > 50) throw new Error(`the page did not turn ${dark ? 'dark' : 'light'}`);
    await page.waitForTimeout(100);
  }
  await page.evaluate(`Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {})))`);
}

/**
 * Opens the page once, waits for `ready`, then runs axe in each variant: the window resized and the system's colour
 * scheme switched in place (the theme 'system' follows it live), so a screen behind a few steps of the wizard is
 * reached once, not four times (issue 42). A `transient` state (a toast that goes away) is opened afresh per variant.
 * Fails listing every serious/critical violation.
 */
async function check(
  path: () => string,
  ready: (page: Page) => Promise<unknown>,
  options: { allowConsoleErrors?: RegExp[]; transient?: boolean } = {},
) {
  const { transient, ...openOptions } = options;
  const problems: string[] = [];
  let page: Page | undefined;
  for (const { viewport, colorScheme } of VARIANTS) {
    if (!page || transient) {
      if (page) await page.context().close();
      page = await openPage(path(), { viewport, theme: 'system', colorScheme, ...openOptions });
      await ready(page);
    } else {
      await page.setViewportSize(VIEWPORTS[viewport]);
      await page.emulateMedia({ colorScheme });
    }
    await settled(page, colorScheme === 'dark');
    await page.waitForLoadState('networkidle');
    // The page at rest: no hover state left by a click.
    await page.mouse.move(0, 0);
    problems.push(...describeViolations(`${path()} (${viewport}, ${colorScheme})`, await runAxe(page)));
  }
  await page?.context().close();
  if (problems.length > 0) console.error(problems.join('\n\n'));
  expect(problems, problems.join('\n\n')).toEqual([]);
}

const heading = (name: string | RegExp) => (page: Page) => page.getByRole('heading', { name }).first().waitFor();
const selectButton = (page: Page) => serviceSelectButtons(page).first();

async function wizardStep3(page: Page) {
  await selectButton(page).click();
  await pickLatestTimeSlot(page);
  await continueButton(page).click();
  await page.getByRole('button', { name: 'Complete Booking' }).waitFor();
}

describe('accessibility (axe-core: no serious or critical violations)', () => {
  it('home', () => check(() => '/', heading('My Massage Offerings')));
  it('booking wizard, step 1', () =>
    check(
      () => '/booking',
      (page) => selectButton(page).waitFor(),
    ));
  it("booking wizard, step 1 with the 'Required' toast", () =>
    check(
      () => '/booking',
      async (page) => {
        await selectButton(page).waitFor();
        await continueButton(page).click();
        await page.getByText('Please select a service to continue', { exact: true }).waitFor();
      },
      { transient: true },
    ));
  it('booking wizard, step 2 (calendar and time slots)', () =>
    check(
      () => '/booking',
      async (page) => {
        await selectButton(page).click();
        await page
          .getByRole('button', { name: /^\d{1,2}:\d{2} (AM|PM)$/ })
          .first()
          .waitFor({ timeout: 20_000 });
      },
    ));
  it('booking wizard, step 3 (contact form)', () => check(() => '/booking', wizardStep3));
  it('booking wizard, step 3 with its validation messages', () =>
    check(
      () => '/booking',
      async (page) => {
        await wizardStep3(page);
        await page.getByRole('button', { name: 'Complete Booking' }).click();
        await page.getByText('First name is required', { exact: true }).waitFor();
      },
    ));
  it('reviews', () => check(() => '/review', heading('Customer Reviews')));
  it('confirmation', () => check(() => `/booking/confirm/${token}`, heading('Booking Request Received!')));
  it('confirmation of an unknown booking', () =>
    check(() => '/booking/confirm/no-such-token', heading('Booking Not Found'), {
      // docs/product.md §8: a failed call is logged as 'API request error:'.
      allowConsoleErrors: [
        /status of 404 \(Not Found\) \(http:\/\/[^/]+\/api\/bookings\/token\/no-such-token:/,
        /API request error: Error: 404: /,
      ],
    }));
  it('cancellation', () =>
    check(
      () => `/booking/cancel/${token}`,
      (page) => page.getByRole('button', { name: 'Confirm Cancellation' }).waitFor(),
    ));
  it('cancellation prompt', () =>
    check(
      () => `/booking/cancel/${token}`,
      async (page) => {
        await page.getByRole('button', { name: 'Confirm Cancellation' }).click();
        await page.getByText('Are you sure you want to cancel this booking?').waitFor();
      },
    ));
  it('cancellation of a cancelled booking', () =>
    check(() => `/booking/cancel/${cancelledToken}`, heading('Booking Cancelled')));
  it('404', () => check(() => '/this/does/not/exist', heading('404 Page Not Found')));
});
