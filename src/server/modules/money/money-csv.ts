/**
 * The accountant's CSV of the Money tab (docs/product.md §18.4, decision 032): one row per payment that counts
 * (a voided one is left out, so the Amount of the Takings rows adds up to the tab's 'Received'), NZ dates written
 * d/MM/yyyy, dollars with two decimals and no '$', GST per payment when she is registered. The note of a payment is
 * hers and is not exported, except a refund's reason. The writer (http/csv.ts) neutralises every formula cell. Gift
 * vouchers sold follow the payments, marked in the Entry column: income received in advance, apart from the takings.
 * Beside the method, the Source says who recorded it (docs/product.md §18.5): 'manual' (her), 'stripe' (a card payment
 * or refund Stripe confirmed), 'voucher' (a gift voucher taken at a visit's confirmation); a voucher sold online is
 * 'stripe'.
 */
import { nzNumericDate } from '@shared/money-periods';
import { gstOfInclusiveCents, PAYMENT_METHOD_LABELS } from '@shared/payments';
import { toCsv } from '../../http/csv';
import { centsToDollars } from '../exports/bookings-csv';
import { VOUCHER_SALE_METHOD_LABELS } from '@shared/schemas/vouchers';
import type { VoucherSaleRow } from '../vouchers/money-figures';
import type { MoneyExportRow, VoucherSaleSource } from './repository';

export const MONEY_EXPORT_COLUMNS = [
  'Paid (NZ)',
  'Receipt numbers',
  'Visit date',
  'Client',
  'Service',
  'Method',
  'Source',
  'Amount (NZD)',
  'GST (NZD)',
  'Deposit',
  'Refund reason',
  'Booking ID',
  'Payment ID',
  'Entry',
] as const;

/** The Entry column (docs/product.md §18.5): takings, or a gift voucher sold, which is income received in advance (no
 * GST then). */
export const CSV_ENTRY = { takings: 'Takings', voucherSold: 'Gift voucher sold (income in advance)' } as const;

function record(p: MoneyExportRow, gstRegistered: boolean): string[] {
  return [
    nzNumericDate(p.paidAt),
    p.receipts,
    nzNumericDate(p.visitDate),
    p.clientName,
    p.serviceName,
    PAYMENT_METHOD_LABELS[p.method],
    p.source,
    centsToDollars(p.amountCents),
    gstRegistered ? centsToDollars(gstOfInclusiveCents(p.amountCents)) : '',
    p.isDeposit ? 'Yes' : 'No',
    p.amountCents < 0 ? (p.refundReason ?? '') : '',
    String(p.bookingId),
    String(p.paymentId),
    CSV_ENTRY.takings,
  ];
}

/** A voucher sold: its buyer as the client, no visit, no GST (counted when it pays for a visit). */
function saleRecord(v: VoucherSaleRow, source: VoucherSaleSource | undefined): string[] {
  return [
    nzNumericDate(v.soldOn),
    '',
    '',
    v.buyerName,
    `Gift voucher …${v.codeHint} for ${v.recipientName}`,
    VOUCHER_SALE_METHOD_LABELS[v.saleMethod],
    source ?? '',
    centsToDollars(v.valueCents),
    '',
    'No',
    '',
    '',
    '',
    CSV_ENTRY.voucherSold,
  ];
}

/** The payments (takings), then the gift vouchers sold in the period, each part by date. */
export function moneyCsv(
  rows: readonly MoneyExportRow[],
  gstRegistered: boolean,
  sales: readonly VoucherSaleRow[] = [],
  saleSources: ReadonlyMap<number, VoucherSaleSource> = new Map(),
): string {
  return toCsv([
    [...MONEY_EXPORT_COLUMNS],
    ...rows.map((r) => record(r, gstRegistered)),
    ...sales.map((v) => saleRecord(v, saleSources.get(v.voucherId))),
  ]);
}
