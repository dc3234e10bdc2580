/**
 * The Money tab (docs/product.md §18.4) as the therapist, on a server of its own backed by a PostgreSQL
 * server started for the file (so the test can write payments beside the running app; the payments screens are
 * another branch's): an $80 visit of this tax year paid by a $20 deposit and $60 cash shows on the tab for the tax
 * year (received $80.00, GST $10.43, the service, the chart), opened once and shown in place on a 360 px phone and a
 * desktop, light and dark, with axe; 'Export CSV' downloads the period's payments, read back by a real CSV parser.
 * What each column holds (names, NZ dates, methods, deposit, GST) is checked on the API (tests/api/money.test.ts,
 * 'GET /api/admin/money/export.csv'). She is signed in with her session cookie (the form is admin-auth.test.ts's).
 * HV_SHOTS=1 writes the screenshots of docs/screens/issue-27/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { taxYearRange } from '../../src/shared/money-periods';
import { addDaysToDate, nzToday } from '../../src/shared/time';
import { findPgBinaries, startPgServer, type PgServer } from '../helpers/pg-server';
import { downloadedBytes, useBrowser } from './browser';
import { openSignedIn } from './e2e-a-session';
import { inEveryVariant, scrollWidth, variantName } from './e2e-a-variants';
import { root, startServer, type RunningServer } from './harness.mjs';

useBrowser();

const SHOTS = process.env.HV_SHOTS === '1';
const SHOTS_DIR = path.join(root, 'docs/screens/issue-27');
const hasPostgres = findPgBinaries() !== null;

let pgServer: PgServer | undefined;
let server: RunningServer;
const taxYear = taxYearRange(nzToday());
/** A past day of this tax year (today itself on its first days). */
const visitDay = addDaysToDate(nzToday(), -3) >= taxYear.from ? addDaysToDate(nzToday(), -3) : nzToday();

beforeAll(async () => {
  if (!hasPostgres) return;
  pgServer = await startPgServer();
  server = await startServer({ quiet: true, env: { DATABASE_URL: pgServer.url } });
  const client = new pg.Client({ connectionString: pgServer.url });
  await client.connect();
  try {
    // 05:30, before any demo visit of the day, so the no-overlap rule never refuses it.
    const { rows } = await client.query<{ id: number }>(
      `INSERT INTO bookings (service_id, service_name, date, time, duration, price, travel_cost, address, first_name,
                             last_name, email, phone, cancel_token, status, starts_at, ends_at, buffer_ends_at)
       VALUES (1, 'Money Test Massage', $1::date, '05:30', 60, 8000, 0, '12 Bow Street, Raglan', 'Mere', 'Paid',
               'mere.paid@example.nz', '021 555 0404', md5(random()::text), 'confirmed',
               ($1::date + time '05:30') AT TIME ZONE 'Pacific/Auckland',
               ($1::date + time '06:30') AT TIME ZONE 'Pacific/Auckland',
               ($1::date + time '06:45') AT TIME ZONE 'Pacific/Auckland')
       RETURNING id`,
      [visitDay],
    );
    const id = rows[0]!.id;
    await client.query(
      `INSERT INTO payments (booking_id, amount_cents, method, paid_at, is_deposit) VALUES
         ($1, 2000, 'bank-transfer', $2::date, true), ($1, 6000, 'cash', $2::date, false)`,
      [id, visitDay],
    );
  } finally {
    await client.end();
  }
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await pgServer?.stop();
});

async function openMoney(): Promise<Page> {
  const page = await openSignedIn(server.baseUrl, '/admin/money');
  await page.getByRole('heading', { name: 'Money', exact: true }).waitFor();
  await page.getByRole('table', { name: 'Income by service' }).waitFor();
  return page;
}

/** The figure under its label, e.g. 'Received' -> '$80.00'. */
async function figure(page: Page, label: string): Promise<string> {
  const term = page.locator('dl[aria-label="Figures for the period"] dt', { hasText: new RegExp(`^${label}$`) });
  return (await term.locator('xpath=following-sibling::dd[1]').textContent()) ?? '';
}

describe.skipIf(!hasPostgres)('Money tab', () => {
  it("shows this tax year's payments, on a phone and a desktop, light and dark; downloads them as CSV", async () => {
    const page = await openMoney();
    expect(await page.getByLabel('Period', { exact: true }).inputValue()).toBe('tax-year');
    // The demo data has no payments: the figures are the test visit's alone (any demo amount would add to them).
    expect(await figure(page, 'Received')).toBe('$80.00');
    expect(await figure(page, 'GST collected')).toBe('$10.43');
    const row = page.getByRole('table', { name: 'Income by service' }).getByRole('row', { name: /Money Test/ });
    expect(await row.textContent()).toContain('$80.00');
    const chart = page.getByRole('img', { name: /Income by month/ });
    expect(await chart.count()).toBe(1);
    expect(await page.locator('svg[role="img"] desc').textContent()).toContain('$80.00');
    const problems = await inEveryVariant(page, 'Money', async (variant) => {
      // A phone never scrolls sideways.
      expect(await scrollWidth(page)).toBeLessThanOrEqual(variant.viewport === 'phone' ? 360 : 1366);
      if (SHOTS) {
        fs.mkdirSync(SHOTS_DIR, { recursive: true });
        await page.screenshot({ path: path.join(SHOTS_DIR, `money-${variantName(variant)}.png`), fullPage: true });
      }
    });
    expect(problems).toEqual([]);

    // For her accountant: the period's file, with her two payments in it.
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Export CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`homevisit-money-${taxYear.from}-to-${taxYear.to}.csv`);
    const records = parse((await downloadedBytes(file)).toString('utf8'), {
      bom: true,
      columns: true,
    }) as Record<string, string>[];
    expect(records.filter((r) => r.Client === 'Mere Paid').map((r) => r['Amount (NZD)'])).toEqual(['20.00', '60.00']);
  });
});
