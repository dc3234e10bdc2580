/**
 * Her view of the day (docs/product.md §10) in the Appointments tab, on a server of its own: a 10:00 visit
 * in Raglan and an 11:30 visit in Hamilton, booked "before this rule" (the route rule now refuses
 * the second), show the drive from base, the drive between them with the warning that 30 minutes
 * cannot cover it, the drive home and the day's total km; axe on the list, phone dark and desktop
 * light.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin } from './admin';
import { describeViolations, runAxe } from './axe';
import { openPage, useBrowser, type Theme, type ViewportName } from './browser';
import { calendarDay, showMonthOf } from './calendar';
import { createBooking, nzWeekdayAhead, startServer, type RunningServer } from './harness.mjs';
import { displayDate } from './wizard';

useBrowser();

const DATE = nzWeekdayAhead(9);

/**
 * A rule that lets both visits in, as the days booked before it: no setup allowance and a fast
 * drive (Raglan to Hamilton in about 22 minutes fits the 30-minute gap).
 */
const LENIENT_RULE = { BOOKING_SETUP_MINUTES: '0', TRAVEL_AVERAGE_SPEED_KMH: '130' };

let server: RunningServer | undefined;
/** The database both servers open, one after the other (startServer's own folder goes with each stop). */
let dataDir: string;
beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-day-route-'));
  const before = await startServer({ quiet: true, env: { DATA_DIR: dataDir, ...LENIENT_RULE } });
  try {
    // Pending requests are on her route too: nothing needs confirming.
    await createBooking(before.baseUrl, {
      date: DATE,
      time: '10:00',
      address: '12 Bow Street, Raglan',
      firstName: 'Rangi',
      lastName: 'Raglan',
    });
    await createBooking(before.baseUrl, {
      date: DATE,
      time: '11:30',
      address: '100 Victoria Street, Hamilton',
      firstName: 'Hana',
      lastName: 'Hamilton',
    });
  } finally {
    await before.stop();
  }
  // Today's rule on the same data: the day she already has is shown as it is, with its warning.
  server = await startServer({ quiet: true, env: { DATA_DIR: dataDir } });
}, 150_000);
afterAll(async () => {
  await server?.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

async function openDay(viewport: ViewportName, theme: Theme): Promise<Page> {
  const page = await openPage(null, { viewport, theme });
  await signInAsAdmin(page, server!.baseUrl, '/admin/appointments');
  await showMonthOf(page, DATE);
  await calendarDay(page, DATE).click();
  await page.getByRole('heading', { name: new RegExp(displayDate(DATE)) }).waitFor();
  return page;
}

describe('Appointments tab: her drive for the day', () => {
  it('shows the drive between the visits, warns that the gap is too short, and totals the km', async () => {
    const page = await openDay('phone', 'dark');
    const list = page.getByRole('list', { name: /^Appointments on / });
    const rows = list.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);

    // Raglan first: the drive from base before it; Hamilton second: the drive between, then home.
    // The base is in Raglan: the offline gazetteer may put both at the same spot.
    await rows
      .nth(0)
      // No maps provider here: every drive is the offline estimate, and says so (docs/product.md §19).
      .getByText(/^From base: (about \d+ min · \d+\.\d km \(estimate\)|same area, no drive)$/)
      .waitFor();
    await rows
      .nth(1)
      .getByText(/^Drive about \d+ min · \d+\.\d km \(estimate\)$/)
      .waitFor();
    const warning = rows.nth(1).getByText(/^Only 30 min between these visits; the drive needs about \d+ min$/);
    await warning.waitFor();
    const needs = Number(/about (\d+) min$/.exec((await warning.textContent()) ?? '')?.[1]);
    expect(needs).toBeGreaterThan(30);
    await rows
      .nth(1)
      .getByText(/^Back to base: about \d+ min · \d+\.\d km \(estimate\)$/)
      .waitFor();

    // The day's total is the sum of the legs shown (each rounded to 0.1 km; 'same area' is none).
    const total = page.getByText(/^Total driving: \d+\.\d km$/);
    await total.waitFor();
    const legKm = (await list.getByText(/ · \d+\.\d km \(estimate\)$/).allTextContents()).map((t) =>
      Number(/([\d.]+) km \(estimate\)$/.exec(t)![1]),
    );
    expect(legKm.length).toBeGreaterThanOrEqual(2);
    const totalKm = Number(/([\d.]+) km$/.exec((await total.textContent()) ?? '')![1]);
    expect(Math.abs(totalKm - legKm.reduce((a, b) => a + b, 0))).toBeLessThanOrEqual(0.2);

    const problems = describeViolations('day route (phone, dark)', await runAxe(page));
    const desktop = await openDay('desktop', 'light');
    await desktop.getByText(/^Only 30 min between these visits/).waitFor();
    problems.push(...describeViolations('day route (desktop, light)', await runAxe(desktop)));
    expect(problems).toEqual([]);
  }, 120_000);
});
