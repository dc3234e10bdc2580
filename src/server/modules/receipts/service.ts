/**
 * Issuing a receipt (docs/product.md §18.3): the checks, the number, the content snapshot, the PDF and the e-mail in
 * one transaction, so a receipt exists with its e-mail or not at all, and a failure gives its number back.
 */
import type { ReceiptKind } from '@shared/receipts';
import { nzToday } from '@shared/time';
import type { DbOrTx } from '../../db/client';
import { apiError, notFound } from '../../http/errors';
import type { PracticeProfile } from '../../practice-profile';
import { BOOKING_NOT_FOUND } from '../bookings/booking-service';
import type { EmailContext } from '../mail/email-kinds';
import { currentLogoPng } from '../logo/service';
import { enqueueEmail } from '../mail/outbox';
import { balanceOf, paymentsOfBookings } from '../payments/ledger';
import { creditNoteContent, receiptContent, uncreditedRefundCents, type ReceiptContent } from './content';
import { receiptEmail } from './emails';
import { renderReceiptPdf } from './render-pdf';
import {
  creditedCents,
  findReceipt,
  insertReceipt,
  latestOfKind,
  receiptBooking,
  receiptsOfBooking,
  takeReceiptNumber,
  type ReceiptBooking,
} from './repository';

export const RECEIPT_NOT_FOUND = 'No receipt with this number';
export const ERASED_NO_RECEIPT =
  "This client's details were erased: there is no one to send a receipt to (earlier receipts can still be opened)";

export interface IssueRequest {
  kind: ReceiptKind;
  replaces?: number;
}

function refuseErased(booking: ReceiptBooking): void {
  if (booking.erasedAt) throw apiError('BOOKING_ERASED', ERASED_NO_RECEIPT);
}

/** What the new receipt will say, except its number (taken last, so the counter is held as briefly as possible). */
async function planReceipt(
  tx: DbOrTx,
  booking: ReceiptBooking,
  request: IssueRequest,
  profile: PracticeProfile,
): Promise<(number: number, issuedOn: string) => ReceiptContent> {
  const entries = (await paymentsOfBookings(tx, [booking.id])).get(booking.id) ?? [];
  if (request.kind === 'credit-note') {
    const relatesTo = await latestOfKind(tx, booking.id, 'receipt');
    const before = await creditedCents(tx, booking.id);
    if (!relatesTo || uncreditedRefundCents(entries, before) <= 0) {
      throw apiError(
        'RECEIPT_NOTHING_TO_CREDIT',
        relatesTo
          ? 'There is no refund on this visit that a credit note has not covered yet'
          : 'This visit has no receipt yet for a credit note to relate to',
      );
    }
    return (number, issuedOn) =>
      creditNoteContent(
        { number, issuedOn, replaces: null, relatesTo: relatesTo.number },
        booking,
        entries,
        profile,
        before,
      );
  }
  if (balanceOf(booking, entries).receivedCents <= 0) {
    throw apiError('RECEIPT_NOTHING_PAID', 'Nothing has been paid for this visit yet: record a payment first');
  }
  const replaces = request.replaces ?? null;
  if (replaces !== null) {
    const old = await findReceipt(tx, replaces);
    if (!old || old.bookingId !== booking.id || old.kind !== 'receipt') {
      throw apiError('RECEIPT_REPLACES_INVALID', `Receipt ${replaces} is not a receipt of this visit`);
    }
    const newer = (await receiptsOfBooking(tx, booking.id)).find((r) => r.replaces === replaces);
    if (newer) {
      throw apiError(
        'RECEIPT_REPLACES_INVALID',
        `Receipt ${replaces} was already replaced by receipt ${newer.number}: correct that one instead`,
      );
    }
  }
  return (number, issuedOn) =>
    receiptContent({ number, issuedOn, replaces, relatesTo: null }, booking, entries, profile);
}

/** Issues a receipt or credit note for the visit and queues its e-mail; answers its number. */
export async function issueReceipt(
  db: DbOrTx,
  bookingId: number,
  request: IssueRequest,
  ctx: EmailContext,
  now: Date = new Date(),
): Promise<ReceiptContent> {
  return db.transaction(async (tx) => {
    // Locked: two credit notes of one visit must not both credit the same refund.
    const booking = await receiptBooking(tx, bookingId, true);
    if (!booking) throw notFound('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
    refuseErased(booking);
    if (booking.status === 'rejected') {
      throw apiError('RECEIPT_NOT_ALLOWED', 'This request was declined: there is no visit to give a receipt for');
    }
    const contentFor = await planReceipt(tx, booking, request, ctx.practice);
    // From here to the commit the counter row is locked: another receipt waits for this one, then takes the next.
    const number = await takeReceiptNumber(tx);
    const content = contentFor(number, nzToday(now));
    const pdf = await renderReceiptPdf(content, await currentLogoPng(tx, ctx.logo));
    await insertReceipt(tx, { content, bookingId, issuedAt: now });
    await enqueueEmail(tx, receiptEmail(content, booking, pdf, bookingId, ctx));
    return content;
  });
}

/** Queues the same receipt (same number, same content) to the visit's client again. */
export async function resendReceipt(db: DbOrTx, number: number, ctx: EmailContext): Promise<ReceiptContent> {
  return db.transaction(async (tx) => {
    const receipt = await findReceipt(tx, number);
    if (!receipt) throw notFound('RECEIPT_NOT_FOUND', RECEIPT_NOT_FOUND);
    const booking = await receiptBooking(tx, receipt.bookingId, false);
    if (!booking) throw notFound('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
    refuseErased(booking);
    const pdf = await renderReceiptPdf(receipt.content, await currentLogoPng(tx, ctx.logo));
    await enqueueEmail(tx, receiptEmail(receipt.content, booking, pdf, booking.id, ctx));
    return receipt.content;
  });
}
