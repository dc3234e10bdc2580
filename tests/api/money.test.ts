/**
 * The Money tab's numbers (docs/product.md §18.4, decision 032): every figure of GET /api/admin/money
 * against sums worked out by hand from stored payments, the tax year's edges in NZ dates, GST at 3/23 and by GST
 * period, owed, deposits held, and the accountant's CSV read back by a real CSV parser. Payments are written
 * straight to the table (the payments routes are another branch's); the tables and their rules are migration 0019's.
 */
import { randomUUID } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import type { MoneySummary } from '../../src/shared/schemas/money';
import { MONEY_MESSAGES } from '../../src/shared/schemas/money';
import { nzInstant } from '../../src/shared/time';
import { createBookingsRepository, type NewBookingRow } from '../../src/server/modules/bookings/repository';
import { MONEY_EXPORT_COLUMNS } from '../../src/server/modules/money/money-csv';
import { useTestApp } from '../helpers/app';
import { expectInvalid, expectRejected } from '../helpers/expect-rejected';

const t = useTestApp({ signedIn: true });

const TAX_YEAR = { from: '2025-04-01', to: '2026-03-31' };
const summaryUrl = (q: Record<string, string>) => `/api/admin/money?${new URLSearchParams(q).toString()}`;
const csvUrl = (q: Record<string, string>) => `/api/admin/money/export.csv?${new URLSearchParams(q).toString()}`;
const summary = (q: Record<string, string>) => t.admin.getJson<MoneySummary>(summaryUrl(q));

async function visit(over: Partial<NewBookingRow> & { date: string }): Promise<number> {
  const startsAt = nzInstant(over.date, '10:00');
  const endsAt = new Date(startsAt.getTime() + 60 * 60_000);
  const row = await createBookingsRepository(t.database.db).insert({
    serviceId: 1,
    serviceName: 'Swedish Massage',
    time: '10:00',
    duration: 60,
    price: 8000,
    travelCost: 0,
    address: '12 Bow Street, Raglan',
    firstName: 'Ana',
    lastName: 'Smith',
    email: 'ana@example.nz',
    phone: '021 123 4567',
    cancelToken: randomUUID(),
    status: 'confirmed',
    startsAt,
    endsAt,
    bufferEndsAt: new Date(endsAt.getTime() + 15 * 60_000),
    ...over,
  });
  return row.id;
}

interface Pay {
  amount: number;
  paidAt: string;
  method?: string;
  deposit?: boolean;
  note?: string;
  voided?: boolean;
}
async function pay(bookingId: number, p: Pay): Promise<number> {
  const [row] = await t.sql<{ id: string }>(
    `INSERT INTO payments (booking_id, amount_cents, method, paid_at, is_deposit, note, voided_at, void_reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      bookingId,
      p.amount,
      p.method ?? 'cash',
      p.paidAt,
      p.deposit ?? false,
      p.note ?? null,
      p.voided ? new Date() : null,
      p.voided ? 'entered twice' : null,
    ],
  );
  return Number(row!.id);
}

const deep = { serviceName: 'Deep Tissue', price: 10000, travelCost: 1500 };
const ids: Record<string, number> = {};

beforeAll(async () => {
  // A: the last day of the 2024-25 tax year.
  ids.a = await visit({ date: '2025-03-31', lastName: 'March' });
  await pay(ids.a, { amount: 8000, paidAt: '2025-03-31' });
  // B: the first day of the 2025-26 tax year.
  ids.b = await visit({ date: '2025-04-01', lastName: 'April' });
  await pay(ids.b, { amount: 8000, paidAt: '2025-04-01' });
  // C: $115 with travel, a $20 deposit by bank transfer, then $95 by card. Located, so the mileage log counts it.
  ids.c = await visit({ date: '2025-05-10', ...deep, lastName: 'Deposit', locationLat: -37.8, locationLon: 174.87 });
  await pay(ids.c, { amount: 2000, paidAt: '2025-05-01', method: 'bank-transfer', deposit: true });
  await pay(ids.c, { amount: 9500, paidAt: '2025-05-10', method: 'card' });
  // D: part-paid ($30 owed); a voided $30 never counts.
  ids.d = await visit({ date: '2025-07-15', lastName: 'Part' });
  await pay(ids.d, { amount: 5000, paidAt: '2025-07-15' });
  await pay(ids.d, { amount: 3000, paidAt: '2025-07-15', voided: true });
  // E: overpaid $100 by voucher, $20 refunded in September (a reason a spreadsheet would run as a formula).
  ids.e = await visit({ date: '2025-08-20', lastName: 'Refund' });
  await pay(ids.e, { amount: 10000, paidAt: '2025-08-20', method: 'voucher' });
  await pay(ids.e, { amount: -2000, paidAt: '2025-09-02', method: 'bank-transfer', note: '=Refund: overpaid' });
  // F: unpaid ($80 owed); G: a no-show (not owed); H: cancelled (not owed).
  ids.f = await visit({ date: '2025-10-05', lastName: 'Unpaid' });
  ids.g = await visit({ date: '2025-10-06', lastName: 'NoShow', outcome: 'no-show' });
  ids.h = await visit({ date: '2025-10-07', lastName: 'Cancelled', status: 'cancelled' });
  // I: a visit of the next tax year whose $20 deposit came in March: received in March, held on 31 March.
  ids.i = await visit({ date: '2026-04-20', ...deep, lastName: 'Ahead' });
  await pay(ids.i, { amount: 2000, paidAt: '2026-03-20', method: 'bank-transfer', deposit: true });
  // Receipts of B and E (E's a credit note for the refund).
  for (const [number, bookingId, kind] of [
    [1, ids.b, 'receipt'],
    [2, ids.e, 'receipt'],
    [3, ids.e, 'credit-note'],
  ] as const)
    await t.sql(
      `INSERT INTO receipts (number, booking_id, kind, total_cents, gst_cents, content, issued_on)
       VALUES ($1, $2, $3, 0, 0, '{}', '2025-09-02')`,
      [number, bookingId, kind],
    );
});

describe('GET /api/admin/money', () => {
  it('sums the NZ tax year 1 April to 31 March: received net of refunds, voided left out', async () => {
    const s = await summary(TAX_YEAR);
    // B 80 + C 20 + 95 + D 50 + E 100 - 20 + I 20 (A is the year before; D's voided 30 never counts).
    expect(s.receivedCents).toBe(34500);
    expect(s.refundedCents).toBe(2000);
    expect(s.from).toBe('2025-04-01');
    expect(s.to).toBe('2026-03-31');
  });

  it('lists every month of the period, zeros included', async () => {
    const s = await summary(TAX_YEAR);
    expect(s.byMonth.map((m) => [m.month, m.receivedCents, m.refundedCents])).toEqual([
      ['2025-04', 8000, 0],
      ['2025-05', 11500, 0],
      ['2025-06', 0, 0],
      ['2025-07', 5000, 0],
      ['2025-08', 10000, 0],
      ['2025-09', -2000, 2000],
      ['2025-10', 0, 0],
      ['2025-11', 0, 0],
      ['2025-12', 0, 0],
      ['2026-01', 0, 0],
      ['2026-02', 0, 0],
      ['2026-03', 2000, 0],
    ]);
  });

  it('splits income by the service as booked, with its visits', async () => {
    const s = await summary(TAX_YEAR);
    expect(s.byService).toEqual([
      { service: 'Swedish Massage', receivedCents: 21000, visits: 3 },
      { service: 'Deep Tissue', receivedCents: 13500, visits: 2 },
    ]);
  });

  it("counts each payment's travel share in proportion to its visit's total", async () => {
    // C: 20 x 15/115 = 2.61, 95 x 15/115 = 12.39 (the whole $15); I's deposit 2.61. Swedish visits have none.
    expect((await summary(TAX_YEAR)).travelFeesCents).toBe(261 + 1239 + 261);
  });

  it('holds the deposits received for visits after the period, and no other', async () => {
    expect((await summary(TAX_YEAR)).depositsHeldCents).toBe(2000);
    // By 9 May C's deposit was in and its visit ahead.
    expect((await summary({ from: '2025-05-01', to: '2025-05-09' })).depositsHeldCents).toBe(2000);
    // From its visit day on, it is income, not held.
    expect((await summary({ from: '2025-05-01', to: '2025-05-10' })).depositsHeldCents).toBe(0);
  });

  it("owes what confirmed visits of the period still lack: not a no-show's, not a cancelled one's", async () => {
    const s = await summary(TAX_YEAR);
    expect(s.owedCents).toBe(3000 + 8000);
    expect(s.owedVisits).toBe(2);
  });

  it('takes GST as 3/23 of the GST-inclusive takings: $80 includes $10.43', async () => {
    const april = await summary({ from: '2025-04-01', to: '2025-04-30' });
    expect(april.gstRegistered).toBe(true);
    expect(april.receivedCents).toBe(8000);
    expect(april.gstCents).toBe(1043);
    expect((await summary(TAX_YEAR)).gstCents).toBe(4500);
  });

  it('answers the whole two-monthly GST periods (ending in even months) the period touches', async () => {
    const s = await summary(TAX_YEAR);
    expect(s.gstPeriodMonths).toBe(2);
    expect(s.gstPeriods).toEqual([
      // March-April 2025 reaches before the tax year: A's $80 of 31 March belongs to that return.
      { from: '2025-03-01', to: '2025-04-30', takingsCents: 16000, gstCents: 2087 },
      { from: '2025-05-01', to: '2025-06-30', takingsCents: 11500, gstCents: 1500 },
      { from: '2025-07-01', to: '2025-08-31', takingsCents: 15000, gstCents: 1957 },
      { from: '2025-09-01', to: '2025-10-31', takingsCents: -2000, gstCents: -261 },
      { from: '2025-11-01', to: '2025-12-31', takingsCents: 0, gstCents: 0 },
      { from: '2026-01-01', to: '2026-02-28', takingsCents: 0, gstCents: 0 },
      { from: '2026-03-01', to: '2026-04-30', takingsCents: 2000, gstCents: 261 },
    ]);
  });

  it('answers six-monthly periods ending September and March, and monthly ones', async () => {
    const six = await summary({ ...TAX_YEAR, gstPeriod: '6' });
    expect(six.gstPeriods).toEqual([
      { from: '2025-04-01', to: '2025-09-30', takingsCents: 32500, gstCents: 4239 },
      { from: '2025-10-01', to: '2026-03-31', takingsCents: 2000, gstCents: 261 },
    ]);
    const monthly = await summary({ ...TAX_YEAR, gstPeriod: '1' });
    expect(monthly.gstPeriods).toHaveLength(12);
    expect(monthly.gstPeriods[1]).toEqual({
      from: '2025-05-01',
      to: '2025-05-31',
      takingsCents: 11500,
      gstCents: 1500,
    });
  });

  it('keeps 31 March and 1 April in their own tax years (NZ dates)', async () => {
    const before = await summary({ from: '2024-04-01', to: '2025-03-31' });
    expect(before.receivedCents).toBe(8000);
    expect(before.byMonth.at(-1)).toEqual({ month: '2025-03', receivedCents: 8000, refundedCents: 0 });
    const lastDay = await summary({ from: '2025-03-31', to: '2025-03-31' });
    const firstDay = await summary({ from: '2025-04-01', to: '2025-04-01' });
    expect([lastDay.receivedCents, firstDay.receivedCents]).toEqual([8000, 8000]);
  });

  it('answers no GST and no GST periods when she is not registered', async () => {
    const practice = t.config.practice;
    const gstNumber = practice.gstNumber;
    practice.gstNumber = null;
    try {
      const s = await summary(TAX_YEAR);
      expect(s).toMatchObject({ gstRegistered: false, gstCents: 0, gstPeriods: [], receivedCents: 34500 });
    } finally {
      practice.gstNumber = gstNumber;
    }
  });

  it('counts the km of the mileage log for the same visits', async () => {
    const s = await summary(TAX_YEAR);
    const log = await t.admin.get(`/api/admin/mileage.csv?from=${TAX_YEAR.from}&to=${TAX_YEAR.to}`);
    const [, ...legs] = parse(log.body, { bom: true }) as string[][];
    const km = legs.reduce((sum, leg) => sum + Number(leg[3] || 0), 0);
    expect(km).toBeGreaterThan(0);
    expect(Math.abs(s.km - km)).toBeLessThanOrEqual(0.2);
  });

  it('answers zeros for a period without payments', async () => {
    const s = await summary({ from: '2024-06-01', to: '2024-06-30' });
    expect(s).toMatchObject({ receivedCents: 0, refundedCents: 0, owedCents: 0, byService: [] });
    expect(s.byMonth).toEqual([{ month: '2024-06', receivedCents: 0, refundedCents: 0 }]);
  });

  it('refuses a bad period with a clear message', async () => {
    expectInvalid(await t.admin.get(summaryUrl({ from: '2025-05-01', to: '2025-04-01' })), [
      { path: 'to', message: MONEY_MESSAGES.toBeforeFrom },
    ]);
    expectInvalid(await t.admin.get(summaryUrl({ from: '2025-01-01', to: '2026-01-02' })), [
      { path: 'to', message: MONEY_MESSAGES.tooLong },
    ]);
    expectInvalid(await t.admin.get(summaryUrl({ from: '2025-02-30', to: '2025-03-01' })), [
      { path: 'from', message: MONEY_MESSAGES.fromInvalid },
    ]);
    expectInvalid(await t.admin.get(summaryUrl({ ...TAX_YEAR, gstPeriod: '3' })), [
      { path: 'gstPeriod', message: MONEY_MESSAGES.gstPeriod },
    ]);
    expectInvalid(await t.admin.get('/api/admin/money?to=2025-01-01'), [
      { path: 'from', message: MONEY_MESSAGES.fromRequired },
    ]);
  });

  it('answers 401 without her session, for the summary and the CSV', async () => {
    expectRejected(await t.get(summaryUrl(TAX_YEAR)), 401);
    expectRejected(await t.get(csvUrl(TAX_YEAR)), 401);
  });
});

describe('GET /api/admin/money/export.csv', () => {
  type Row = Record<(typeof MONEY_EXPORT_COLUMNS)[number], string>;
  async function download(q: Record<string, string>) {
    const res = await t.admin.get(csvUrl(q));
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...records] = parse(res.body, { bom: true }) as string[][];
    expect(header).toEqual([...MONEY_EXPORT_COLUMNS]);
    return {
      res,
      rows: records.map((cells) => Object.fromEntries(MONEY_EXPORT_COLUMNS.map((c, i) => [c, cells[i]!])) as Row),
    };
  }

  it('is a download named for the period', async () => {
    const { res } = await download(TAX_YEAR);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="homevisit-money-2025-04-01-to-2026-03-31.csv"',
    );
  });

  it('has one row per payment that counts, by date paid, in NZ dates and dollars', async () => {
    const { rows } = await download(TAX_YEAR);
    expect(rows.map((r) => [r['Paid (NZ)'], r['Amount (NZD)'], r.Method])).toEqual([
      ['1/04/2025', '80.00', 'Cash'],
      ['1/05/2025', '20.00', 'Bank transfer'],
      ['10/05/2025', '95.00', 'Card'],
      ['15/07/2025', '50.00', 'Cash'],
      ['20/08/2025', '100.00', 'Voucher'],
      ['2/09/2025', '-20.00', 'Bank transfer'],
      ['20/03/2026', '20.00', 'Bank transfer'],
    ]);
    const total = rows.reduce((sum, r) => sum + Math.round(Number(r['Amount (NZD)']) * 100), 0);
    expect(total).toBe((await summary(TAX_YEAR)).receivedCents);
  });

  it('names the visit, its receipts, the GST, the deposit and a refund reason, formulas neutralised', async () => {
    const { rows } = await download(TAX_YEAR);
    expect(rows[0]).toEqual({
      'Paid (NZ)': '1/04/2025',
      'Receipt numbers': '1',
      'Visit date': '1/04/2025',
      Client: 'Ana April',
      Service: 'Swedish Massage',
      Method: 'Cash',
      Source: 'manual',
      'Amount (NZD)': '80.00',
      'GST (NZD)': '10.43',
      Deposit: 'No',
      'Refund reason': '',
      'Booking ID': String(ids.b),
      'Payment ID': expect.stringMatching(/^\d+$/),
      Entry: 'Takings',
    });
    expect(rows[1]).toMatchObject({ Deposit: 'Yes', 'GST (NZD)': '2.61', 'Visit date': '10/05/2025' });
    expect(rows[5]).toMatchObject({
      'Receipt numbers': '2, 3 (credit note)',
      'GST (NZD)': '-2.61',
      'Refund reason': "'=Refund: overpaid",
    });
  });

  it('refuses a bad period', async () => {
    expectInvalid(await t.admin.get(csvUrl({ from: '2025-05-01', to: '2025-04-01' })), [
      { path: 'to', message: MONEY_MESSAGES.toBeforeFrom },
    ]);
  });
});
