import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { MONEY_EXPORT_COLUMNS, moneyCsv } from './money-csv';
import type { MoneyExportRow } from './repository';

const payment = (over: Partial<MoneyExportRow>): MoneyExportRow => ({
  paymentId: 1,
  paidAt: '2026-03-03',
  amountCents: 2000,
  method: 'card',
  source: 'stripe',
  isDeposit: true,
  refundReason: null,
  bookingId: 7,
  visitDate: '2026-03-10',
  clientName: 'Kiri Card',
  serviceName: 'Swedish Massage',
  receipts: '',
  ...over,
});

const sale = (voucherId: number) => ({
  voucherId,
  soldOn: '2026-03-04',
  valueCents: 12000,
  saleMethod: 'card' as const,
  buyerName: 'Mere',
  recipientName: 'Aroha',
  codeHint: 'HW4P',
});

function read(csv: string) {
  const [header, ...records] = parse(csv, { bom: true }) as string[][];
  expect(header).toEqual([...MONEY_EXPORT_COLUMNS]);
  return records.map((cells) => Object.fromEntries(MONEY_EXPORT_COLUMNS.map((c, i) => [c, cells[i]])));
}

describe('moneyCsv Source column', () => {
  it('stands beside Method and says who recorded each payment', () => {
    expect(MONEY_EXPORT_COLUMNS.indexOf('Source')).toBe(MONEY_EXPORT_COLUMNS.indexOf('Method') + 1);
    const rows = read(
      moneyCsv(
        [
          payment({ paymentId: 1 }),
          payment({ paymentId: 2, amountCents: -2000, refundReason: 'Moved, "gift"' }),
          payment({ paymentId: 3, method: 'cash', source: 'manual', isDeposit: false }),
          payment({ paymentId: 4, method: 'voucher', source: 'voucher', isDeposit: false }),
        ],
        false,
      ),
    );
    expect(rows.map((r) => [r['Payment ID'], r.Method, r.Source, r['Amount (NZD)'], r['Refund reason']])).toEqual([
      ['1', 'Card', 'stripe', '20.00', ''],
      ['2', 'Card', 'stripe', '-20.00', 'Moved, "gift"'],
      ['3', 'Cash', 'manual', '20.00', ''],
      ['4', 'Voucher', 'voucher', '20.00', ''],
    ]);
  });

  it("gives a voucher sold online 'stripe' and one sold off-line 'manual'", () => {
    const rows = read(
      moneyCsv(
        [],
        false,
        [sale(1), sale(2)],
        new Map([
          [1, 'stripe'],
          [2, 'manual'],
        ]),
      ),
    );
    expect(rows.map((r) => [r.Method, r.Source, r.Entry])).toEqual([
      ['Card', 'stripe', 'Gift voucher sold (income in advance)'],
      ['Card', 'manual', 'Gift voucher sold (income in advance)'],
    ]);
  });
});
