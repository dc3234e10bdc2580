/**
 * Pieces of the public site a visitor rarely notices but must work: the footer's /admin link
 * shows only while signed in (docs/product.md §2), and the confirmation page's 'Add to calendar' link
 * serves an .ics whose start is the booking's NZ time.
 */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { nzInstant } from '../../src/shared/time';
import { baseUrl, openPage, useBrowser } from './browser';
import { createBooking, E2E_ADMIN } from './harness.mjs';

useBrowser();

const adminLink = (page: Page) => page.getByRole('contentinfo').getByRole('link', { name: 'Admin' });

/** A same-origin call from the page, so its cookies land in the browser. */
async function callFromPage(page: Page, path: string, body: unknown): Promise<number> {
  return page.evaluate<number>(
    `fetch(${JSON.stringify(path)}, { method: 'POST', credentials: 'include', headers: { 'Content-Type': 'application/json' }, body: ${JSON.stringify(JSON.stringify(body))} }).then((r) => r.status)`,
  );
}

describe('footer admin link', () => {
  it('appears only while signed in', async () => {
    const page = await openPage('/');
    await page.getByRole('contentinfo').getByText('Business Hours').waitFor();
    expect(await adminLink(page).count()).toBe(0);

    expect(await callFromPage(page, '/api/auth/login', E2E_ADMIN)).toBe(200);
    await page.reload();
    await adminLink(page).waitFor();
    expect(await adminLink(page).getAttribute('href')).toBe('/admin');

    expect(await callFromPage(page, '/api/auth/logout', {})).toBe(200);
    await page.reload();
    await page.getByRole('contentinfo').getByText('Business Hours').waitFor();
    expect(await adminLink(page).count()).toBe(0);
  });
});

describe('add to calendar', () => {
  it('downloads an .ics starting at the booking time in New Zealand', async () => {
    const booking = await createBooking(baseUrl(), { time: '12:00', email: 'calendar.visitor@example.nz' });
    const page = await openPage(`/booking/confirm/${encodeURIComponent(booking.cancelToken)}`);
    const link = page.getByRole('link', { name: 'Add to calendar' });
    await link.waitFor();

    const download = page.waitForEvent('download');
    await link.click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.ics$/);
    const ics = await (await fetch(new URL((await link.getAttribute('href'))!, baseUrl()))).text();

    // Read by ical.js, as a calendar app would.
    const vevent = new ICAL.Component(ICAL.parse(ics) as unknown[]).getFirstSubcomponent('vevent');
    expect(vevent).not.toBeNull();
    const start = new ICAL.Event(vevent!).startDate;
    expect(start.zone?.tzid).toBe('UTC');
    expect(start.toJSDate()).toEqual(nzInstant(booking.date, '12:00'));
    expect(vevent!.getFirstPropertyValue('status')).toBe('TENTATIVE');
  });
});
