/**
 * Someone else takes the visitor's time while they fill in their details: 'Complete Booking'
 * gets a 409, the wizard goes back to step 2 with a toast and fresh slots (docs/product.md §2). The same
 * page checks the toasts of docs/product.md §9: one at a time, F8 focuses the 'Notification' region,
 * swiping right dismisses, and a toast closes by itself.
 */
import { describe, expect, it } from 'vitest';
import { addDaysToDate, nzToday } from '../../src/shared/time';
import { baseUrl, openPage, useBrowser } from './browser';
import { createBooking } from './harness.mjs';
import { openToasts } from './toasts';
import { continueButton, displayTime, fillContact, pickLatestTimeSlot, serviceBookLinks, timeSlots } from './wizard';

useBrowser();

/** The first open day the wizard offers for `duration` (docs/product.md §4: within 14 days), and its latest time. */
async function latestSlotOfFirstOpenDay(duration: number): Promise<{ date: string; time: string }> {
  const today = nzToday();
  const to = addDaysToDate(today, 14);
  const res = await fetch(`${baseUrl()}/api/availability?from=${today}&to=${to}&duration=${duration}`);
  const { days } = (await res.json()) as { days: { date: string; available: boolean; timeSlots: string[] }[] };
  const day = days.find((d) => d.available && d.timeSlots.length > 0);
  if (!day) throw new Error('no open day within 14 days');
  return { date: day.date, time: day.timeSlots[day.timeSlots.length - 1]! };
}

describe('the slot is taken while the visitor fills in the form', () => {
  it('sends the visitor back to step 2 with a toast and fresh slots', async () => {
    // apiRequest logs the 409 (docs/product.md §8), and Chromium logs the failed load.
    const page = await openPage('/', { allowConsoleErrors: [/409/] });
    const card = serviceBookLinks(page).first();
    await card.waitFor();
    const params = new URL((await card.getAttribute('href'))!, 'http://x').searchParams;
    const duration = Number(params.get('duration'));
    await card.click();

    const wanted = await latestSlotOfFirstOpenDay(duration);
    const label = await pickLatestTimeSlot(page);
    expect(label.replace(/\s+/g, ' ').toUpperCase()).toBe(displayTime(wanted.time));
    await continueButton(page).click();
    await fillContact(page, {
      firstName: 'Aroha',
      lastName: 'Late',
      email: 'aroha.late@example.nz',
      phone: '021 222 3333',
      address: '3 Bow Street, Raglan',
    });

    // Another visitor books the same service and start time first.
    await createBooking(baseUrl(), {
      serviceLengthId: Number(params.get('serviceId')),
      duration,
      date: wanted.date,
      time: wanted.time,
      email: 'first.come@example.nz',
    });

    const refreshed = page.waitForResponse((r) => /\/api\/availability/.test(r.url()) && r.ok(), { timeout: 20_000 });
    await page.getByRole('button', { name: 'Complete Booking' }).click();
    await openToasts(page).filter({ hasText: 'Time no longer available' }).waitFor();
    await page.getByRole('heading', { name: 'Choose Date & Time' }).waitFor();
    await refreshed;

    // Fresh slots: the taken time is no longer offered, and no time is selected. Late in the
    // day the taken slot may have been the day's last: then the day says it has no times.
    const noTimes = page.locator('p', {
      hasText: 'There are no available times on this date. Please select another date.',
    });
    await timeSlots(page).first().or(noTimes).first().waitFor();
    const offered = (await timeSlots(page).allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim().toUpperCase());
    expect(offered).not.toContain(displayTime(wanted.time));
    expect(
      await page
        .locator('button[aria-pressed=true]')
        .filter({ hasText: /\d:\d{2}/ })
        .count(),
    ).toBe(0);
    expect(page.url()).not.toMatch(/\/booking\/confirm\//);

    // F8 moves focus to the toast region (docs/product.md §9).
    await page.keyboard.press('F8');
    expect(
      await page.evaluate(`document.activeElement?.closest('[role=region]')?.getAttribute('aria-label') ?? ''`),
    ).toMatch(/^Notification/);

    // A new toast replaces the old one: never more than one visible.
    await continueButton(page).click();
    await openToasts(page).filter({ hasText: 'Please select both date and time to continue' }).waitFor();
    await expect.poll(() => openToasts(page).count()).toBe(1);

    // Swiping right dismisses it.
    const box = (await openToasts(page).first().boundingBox())!;
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + 20, y);
    await page.mouse.down();
    for (let dx = 10; dx <= 160; dx += 10) await page.mouse.move(box.x + 20 + dx, y);
    await page.mouse.up();
    await expect.poll(() => openToasts(page).count()).toBe(0);

    // And left alone (pointer and focus away from it: hovering pauses it), it closes by itself after 5 s.
    await continueButton(page).click();
    await openToasts(page).first().waitFor();
    await openToasts(page).first().waitFor({ state: 'detached', timeout: 9_000 });
  });
});
