/**
 * axe-core on every public page and wizard step, light and dark, phone and desktop: no
 * serious or critical violations. (The admin screens run axe in the journeys that open them.)
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, openPage, useBrowser } from './browser';
import { AXE_VARIANTS, describeViolations, runAxe, showVariant, violationsInEveryVariant } from './axe';
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

/**
 * Opens the page once, waits for `ready`, then runs axe in each variant in place (axe.ts violationsInEveryVariant).
 * A `transient` state (a toast that goes away) is opened afresh per variant. Fails listing every serious/critical
 * violation.
 */
async function check(
  path: () => string,
  ready: (page: Page) => Promise<unknown>,
  options: { allowConsoleErrors?: RegExp[]; transient?: boolean } = {},
) {
  const { transient, ...openOptions } = options;
  const open = async (variant: (typeof AXE_VARIANTS)[number]) => {
    const page = await openPage(path(), { ...variant, theme: 'system', ...openOptions });
    await ready(page);
    await page.waitForLoadState('networkidle');
    return page;
  };
  const problems: string[] = [];
  if (transient) {
    for (const variant of AXE_VARIANTS) {
      const page = await open(variant);
      await showVariant(page, variant);
      await page.mouse.move(0, 0);
      problems.push(
        ...describeViolations(`${path()} (${variant.viewport}, ${variant.colorScheme})`, await runAxe(page)),
      );
      await page.context().close();
    }
  } else {
    const page = await open(AXE_VARIANTS[0]!);
    problems.push(...(await violationsInEveryVariant(page, path())));
    await page.context().close();
  }
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
