/**
 * 'Export CSV' on the Appointments tab (docs/product.md §2 "Export") as the therapist, on a server of its own:
 * the dialog opens on last month (NZ), refuses an end before the start under the field, and
 * downloads the range's bookings, confirmed only or all; the file, read by a real CSV parser,
 * holds the right rows. Keyboard and axe, phone and desktop, light and dark. What each cell holds (money, NZ times,
 * no cell a spreadsheet would run as a formula) is checked on the API (tests/api/admin-export.test.ts, and
 * day-route.test.ts for the mileage log; the checks moved there to keep e2e to journeys).
 */
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDaysToDate, dayOfWeek, nzToday } from '../../src/shared/time';
import { signInAsAdmin } from './admin';
import { violationsInEveryVariant } from './axe';
import { downloadedBytes, openPage, useBrowser, type Theme, type ViewportName } from './browser';
import { openToasts } from './toasts';
import {
  adminCookie,
  createBooking,
  nzWeekdayAhead,
  startServer,
  type ApiBooking,
  type RunningServer,
} from './harness.mjs';

useBrowser();

let server: RunningServer;
/** The exported day: a '=cmd' client confirmed, another left pending; the days around it hold confirmed bookings. */
let day: string;
const booked: Record<'before' | 'formula' | 'pending' | 'after', ApiBooking> = {} as never;

async function confirm(booking: ApiBooking): Promise<void> {
  const res = await fetch(`${server.baseUrl}/api/bookings/${booking.id}/status`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json', origin: server.baseUrl, cookie: await adminCookie(server.baseUrl) },
    body: JSON.stringify({ status: 'confirmed' }),
  });
  expect(res.status, await res.text()).toBe(200);
}

beforeAll(async () => {
  server = await startServer();
  // Tuesday to Thursday, so the days either side are open too.
  day = nzWeekdayAhead(10);
  while (![2, 3, 4].includes(dayOfWeek(day))) day = addDaysToDate(day, 1);
  const dayBefore = addDaysToDate(day, -1);
  const dayAfter = addDaysToDate(day, 1);
  booked.before = await createBooking(server.baseUrl, { date: dayBefore, time: '15:00', firstName: 'Before' });
  booked.formula = await createBooking(server.baseUrl, {
    date: day,
    time: '10:00',
    firstName: '=cmd|" /C calc"!A0',
    lastName: '@SUM(1+1)',
    phone: '+64 21 555 0123',
    address: '-1 Bow Street, Raglan',
  });
  booked.pending = await createBooking(server.baseUrl, {
    date: day,
    time: '14:00',
    firstName: 'Waiting',
    email: 'waiting@example.nz',
  });
  booked.after = await createBooking(server.baseUrl, { date: dayAfter, time: '09:00', firstName: 'After' });
  for (const b of [booked.before, booked.formula, booked.after]) await confirm(b);
});
afterAll(async () => {
  await server?.stop();
});

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Export bookings' });

async function openExport(options: { viewport?: ViewportName; theme?: Theme } = {}): Promise<Page> {
  const page = await openPage(null, { viewport: 'phone', ...options });
  await signInAsAdmin(page, server.baseUrl, '/admin');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  await dialog(page).waitFor();
  return page;
}

/** Clicks 'Download CSV' and answers the file's name and its rows, read by csv-parse. */
async function downloadCsv(
  page: Page,
): Promise<{ filename: string; header: string[]; rows: Record<string, string>[] }> {
  const download = page.waitForEvent('download');
  await dialog(page).getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  const bytes = await downloadedBytes(file);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const [header, ...records] = parse(bytes.toString('utf8'), { bom: true }) as string[][];
  return {
    filename: file.suggestedFilename(),
    header: header!,
    rows: records.map((cells) => Object.fromEntries(header!.map((name, i) => [name, cells[i]!]))),
  };
}

/** Last month on the NZ calendar, whatever the browser's zone (America/Los_Angeles). */
function lastMonthNz(): { from: string; to: string } {
  const firstOfThisMonth = `${nzToday().slice(0, 7)}-01`;
  const to = addDaysToDate(firstOfThisMonth, -1);
  return { from: `${to.slice(0, 7)}-01`, to };
}

describe('Export CSV', () => {
  it('downloads the mileage log of the range: one row per drive of her confirmed visits (issue 13)', async () => {
    const page = await openExport({ viewport: 'desktop' });
    await dialog(page).getByLabel('From').fill(addDaysToDate(day, -1));
    await dialog(page).getByLabel('To').fill(addDaysToDate(day, 1));
    const download = page.waitForEvent('download');
    await dialog(page).getByRole('button', { name: 'Mileage log' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`mileage-${addDaysToDate(day, -1)}-to-${addDaysToDate(day, 1)}.csv`);
    const [header, ...rows] = parse((await downloadedBytes(file)).toString('utf8'), { bom: true }) as string[][];
    expect(header).toEqual(['Date', 'From', 'To', 'Km', 'Purpose']);
    // Three confirmed visits on three days: base, the visit, back to base, each day; the pending one is not driven.
    expect(
      rows.map(([date, from, to]) => [date, from === 'Base' ? 'Base' : 'visit', to === 'Base' ? 'Base' : 'visit']),
    ).toEqual(
      [addDaysToDate(day, -1), day, addDaysToDate(day, 1)].flatMap((d) => [
        [d, 'Base', 'visit'],
        [d, 'visit', 'Base'],
      ]),
    );
    await openToasts(page).filter({ hasText: 'Your mileage log has been downloaded' }).waitFor();
  });

  it('downloads the chosen NZ days, confirmed only or all', async () => {
    const page = await openExport();
    const from = dialog(page).getByLabel('From');
    const to = dialog(page).getByLabel('To');
    expect(await dialog(page).innerText()).toContain(
      'Download your bookings for a date range as a CSV file for your accounts and GST.',
    );

    // Last month in NZ by default, its preset shown as pressed.
    expect({ from: await from.inputValue(), to: await to.inputValue() }).toEqual(lastMonthNz());
    expect(await dialog(page).getByRole('button', { name: 'Last month' }).getAttribute('aria-pressed')).toBe('true');

    // An end before the start is refused under the field, and nothing is downloaded.
    await from.fill(day);
    await to.fill(addDaysToDate(day, -1));
    await dialog(page).getByRole('button', { name: 'Download CSV' }).click();
    const message = dialog(page).getByText('The end date must be on or after the start date');
    await message.waitFor();
    expect(await to.getAttribute('aria-invalid')).toBe('true');
    expect(await to.getAttribute('aria-describedby')).toBe(await message.getAttribute('id'));

    // Confirmed only (the default): the '=cmd' client, neutralised; the days around are left out.
    await to.fill(day);
    const confirmed = await downloadCsv(page);
    expect(confirmed.filename).toBe(`bookings-${day}-to-${day}.csv`);
    expect(confirmed.header.slice(0, 3)).toEqual(['Date', 'Time', 'Status']);
    expect(confirmed.rows.map((r) => r['Booking ID'])).toEqual([String(booked.formula.id)]);
    expect(confirmed.rows[0]).toMatchObject({ Date: day, Time: '10:00', Status: 'Confirmed' });
    const toast = openToasts(page).filter({ hasText: 'Your bookings CSV has been downloaded' });
    await toast.waitFor();
    expect(await toast.innerText()).toContain('Success');
    await dialog(page).waitFor({ state: 'hidden' });

    // All bookings: the pending request too, with its status. The dialog opens on last month again.
    await page.getByRole('button', { name: 'Export CSV' }).click();
    expect(await dialog(page).getByLabel('From').inputValue()).toBe(lastMonthNz().from);
    await dialog(page).getByLabel('From').fill(day);
    await dialog(page).getByLabel('To').fill(day);
    await dialog(page).getByLabel('Include').click();
    await page.getByRole('option', { name: 'All bookings' }).click();
    const all = await downloadCsv(page);
    expect(all.rows.map((r) => [r['Booking ID'], r.Status])).toEqual([
      [String(booked.formula.id), 'Confirmed'],
      [String(booked.pending.id), 'Pending'],
    ]);
  });

  it('is keyboard operable: presets, fields, and Escape back to the button', async () => {
    const page = await openExport({ viewport: 'desktop' });
    await dialog(page).getByRole('button', { name: 'Last financial year' }).focus();
    await page.keyboard.press('Enter');
    const [y, m] = nzToday().split('-').map(Number) as [number, number];
    const endYear = m >= 4 ? y : y - 1;
    expect(await dialog(page).getByLabel('From').inputValue()).toBe(`${endYear - 1}-04-01`);
    expect(await dialog(page).getByLabel('To').inputValue()).toBe(`${endYear}-03-31`);
    expect(await dialog(page).getByRole('button', { name: 'Last financial year' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'hidden' });
    // Radix gives focus back a task after the dialog unmounts.
    await expect
      .poll(() => page.evaluate<string | null | undefined>('document.activeElement?.textContent'))
      .toBe('Export CSV');
  });

  it('has no serious axe violations (phone and desktop, light and dark)', async () => {
    const page = await openExport({ theme: 'system' });
    // With a field message on screen too.
    await dialog(page).getByLabel('From').fill('');
    await dialog(page).getByRole('button', { name: 'Download CSV' }).click();
    await dialog(page).getByText('Please choose a start date').waitFor();
    expect(await violationsInEveryVariant(page, 'Export CSV')).toEqual([]);
  });
});
