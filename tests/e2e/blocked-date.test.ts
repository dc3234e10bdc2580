/** A date blocked by the administrator cannot be picked in the wizard's calendar (docs/product.md §4). */
import { describe, expect, it } from 'vitest';
import { api, baseUrl, openPage, useBrowser } from './browser';
import { adminCookie, nzWeekdayAhead } from './harness.mjs';
import { openToasts } from './toasts';
import { serviceSelectButtons, timeSlots } from './wizard';
import { calendarDay, isDayDisabled, showMonthOf } from './calendar';

useBrowser();

describe('blocked dates', () => {
  it('disables a fully blocked day in the calendar', async () => {
    // An open weekday about ten days ahead (not the a11y test's booking day, 9-11 days ahead).
    const date = nzWeekdayAhead(12);
    const cookie = await adminCookie(baseUrl());
    const before = (await (await api(`/api/availability/${date}`)).json()) as { available: boolean };
    expect(before.available).toBe(true);
    const res = await api('/api/blocked-dates', { body: { date, isFullDay: true, reason: 'E2E test' }, cookie });
    expect(res.status).toBe(201);

    const page = await openPage('/booking');
    await serviceSelectButtons(page).first().click();
    // Entering step 2 picks the first open date (and shows its month): let it finish first.
    await timeSlots(page).first().waitFor({ timeout: 20_000 });
    await showMonthOf(page, date);
    const day = calendarDay(page, date);
    await expect
      .poll(() => isDayDisabled(day), { message: `the day button of ${date} should be disabled`, timeout: 15_000 })
      .toBe(true);

    // Pressing it anyway does not choose it (docs/product.md §8: 'Date Unavailable').
    await day.click({ force: true });
    await page.getByText('Date Unavailable', { exact: true }).waitFor();
    expect(await day.getAttribute('aria-pressed')).not.toBe('true');

    // An open weekday before it is not disabled (the check above is not true of every day).
    const open = nzWeekdayAhead(9);
    await showMonthOf(page, open);
    expect(await isDayDisabled(calendarDay(page, open)), `the day button of ${open} should be enabled`).toBe(false);
  });

  it("says 'No Available Times' when a day that looked open has lost its times", async () => {
    // A weekday two weeks ahead, not the day the test above blocks.
    const date = nzWeekdayAhead(14);
    const page = await openPage('/booking');
    await serviceSelectButtons(page).first().click();
    await timeSlots(page).first().waitFor({ timeout: 20_000 });
    await showMonthOf(page, date);
    const day = calendarDay(page, date);
    expect(await isDayDisabled(day)).toBe(false);

    // While the calendar is on screen, the therapist blocks the whole working day by hours.
    const cookie = await adminCookie(baseUrl());
    const res = await api('/api/blocked-dates', {
      body: { date, isFullDay: false, startTime: '00:00', endTime: '23:59', reason: 'E2E partial' },
      cookie,
    });
    expect(res.status).toBe(201);

    await day.click();
    await openToasts(page)
      .filter({ hasText: 'No Available Times' })
      .filter({ hasText: 'There are no available times on this date. Please select another date.' })
      .waitFor();
    expect(await timeSlots(page).count()).toBe(0);
  });
});
