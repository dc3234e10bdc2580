/**
 * A visit's receipts as GET /api/admin/bookings/{id}/receipts answers them (oldest first); Today embeds the same for
 * each of the day's visits (decision 033), so both read them here.
 */
import { receiptPdfPath, type ReceiptSummary } from '@shared/schemas/receipts';
import type { DbOrTx } from '../../db/client';
import { receiptsOfBooking } from './repository';

export async function receiptSummaries(db: DbOrTx, bookingId: number): Promise<ReceiptSummary[]> {
  return (await receiptsOfBooking(db, bookingId)).map((r) => ({
    number: r.number,
    kind: r.kind,
    replaces: r.replaces,
    relatesTo: r.content.relatesTo ?? null,
    totalCents: r.totalCents,
    gstCents: r.gstCents,
    issuedOn: r.issuedOn,
    url: receiptPdfPath(r.number),
  }));
}
