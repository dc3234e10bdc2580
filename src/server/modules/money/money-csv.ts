/**
 * The accountant's CSV of the Money tab (docs/product.md §18.4, decision 032): one row per payment that counts
 * (a voided one is left out, so the Amount column adds up to the tab's 'Received'), NZ dates written d/MM/yyyy,
 * dollars with two decimals and no '$', GST per payment when she is registered. The note of a payment is hers and
 * is not exported, except a refund's reason. The writer (http/csv.ts) neutralises every formula cell.
 */
import { nzNumericDate } from '@shared/money-periods';
import { gstOfInclusiveCents, PAYMENT_METHOD_LABELS } from '@shared/payments';
import { toCsv } from '../../http/csv';
import { centsToDollars } from '../exports/bookings-csv';
import type { MoneyExportRow } from './repository';

export const MONEY_EXPORT_COLUMNS = [
  'Paid (NZ)',
  'Receipt numbers',
  'Visit date',
  'Client',
  'Service',
  'Method',
  'Amount (NZD)',
  'GST (NZD)',
  'Deposit',
  'Refund reason',
  'Booking ID',
  'Payment ID',
] as const;

function record(p: MoneyExportRow, gstRegistered: boolean): string[] {
  return [
    nzNumericDate(p.paidAt),
    p.receipts,
    nzNumericDate(p.visitDate),
    p.clientName,
    p.serviceName,
    PAYMENT_METHOD_LABELS[p.method],
    centsToDollars(p.amountCents),
    gstRegistered ? centsToDollars(gstOfInclusiveCents(p.amountCents)) : '',
    p.isDeposit ? 'Yes' : 'No',
    p.amountCents < 0 ? (p.refundReason ?? '') : '',
    String(p.bookingId),
    String(p.paymentId),
  ];
}

export function moneyCsv(rows: readonly MoneyExportRow[], gstRegistered: boolean): string {
  return toCsv([[...MONEY_EXPORT_COLUMNS], ...rows.map((r) => record(r, gstRegistered))]);
}
