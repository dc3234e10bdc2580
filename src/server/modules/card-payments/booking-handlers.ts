/**
 * What a paid Checkout session of a booking, and a refund's news, record (decision 037): run by the stripe
 * gateway in the transaction that claims the session or moves the refund's status, so each is recorded once. The
 * booking is locked first, as a payment she records by hand locks it (decision 027): the two take turns.
 */
import type { FastifyBaseLogger } from 'fastify';
import { PAY_PURPOSES, type PayPurpose } from '@shared/schemas/card-payments';
import { formatLongDate, formatNzDateTime, formatNzInstant, nzDateOf } from '@shared/time';
import type { DbTx } from '../../db/client';
import { createBookingsRepository } from '../bookings/repository';
import type { EmailContext } from '../mail/email-kinds';
import { enqueueEmail } from '../mail/outbox';
import { balanceOf } from '../payments/ledger';
import { paymentsRepository } from '../payments/repository';
import type { CheckoutHandler, CompletedCheckout, DisputeHandler, RefundHandler } from '../stripe/gateway';
import { overpaidNote, payableCents } from './amounts';
import { disputeEmail } from './emails';
import { cardPaymentsRepository as repo } from './repository';

/** metadata.kind of a booking's deposit or balance. */
export const BOOKING_KIND = 'booking';
export const REFUND_FAILED_REASON = 'Stripe: the refund failed, the money was not returned';

export function bookingOfCheckout(c: Pick<CompletedCheckout, 'metadata'>): { bookingId: number; purpose: PayPurpose } {
  const bookingId = Number(c.metadata.bookingId);
  const purpose = c.metadata.purpose as PayPurpose;
  if (!Number.isInteger(bookingId) || !PAY_PURPOSES.includes(purpose))
    throw new Error('a booking checkout without its booking');
  return { bookingId, purpose };
}

async function lockedBooking(tx: DbTx, bookingId: number) {
  const booking = await paymentsRepository.booking(tx, bookingId, true);
  // Bookings are never deleted once they hold money; failing lets Stripe deliver it again for someone to look at.
  if (!booking) throw new Error(`card payment for booking ${bookingId}, which is not there`);
  return booking;
}

export function bookingCheckoutHandler(log: FastifyBaseLogger): CheckoutHandler {
  return async (tx, completed) => {
    const { bookingId, purpose } = bookingOfCheckout(completed);
    const booking = await lockedBooking(tx, bookingId);
    const entries = await paymentsRepository.ofBooking(tx, bookingId);
    const balance = balanceOf(booking, entries);
    const depositDue = payableCents('deposit', booking, entries, balance, completed.paidAt);
    const isDeposit = purpose === 'deposit' && depositDue > 0;
    const note =
      overpaidNote(completed.amountCents, balance.owedCents) ??
      (purpose === 'deposit' && !isDeposit ? 'Paid by card as the deposit, which had arrived already' : null);
    const paymentId = await repo.insertOnce(tx, {
      bookingId,
      amountCents: completed.amountCents,
      paidAt: nzDateOf(completed.paidAt),
      note,
      isDeposit,
      providerRef: completed.paymentIntentId,
    });
    log.info(
      { event: 'card_payment_recorded', bookingId, paymentId, amountCents: completed.amountCents, purpose },
      'card payment recorded',
    );
  };
}

export function bookingRefundHandler(log: FastifyBaseLogger): RefundHandler {
  return async (tx, update) => {
    const { bookingId } = bookingOfCheckout(update.checkout);
    if (update.status === 'succeeded' && update.previousStatus !== 'succeeded') {
      await lockedBooking(tx, bookingId);
      const paid = await repo.byProviderRef(tx, update.checkout.paymentIntentId!);
      const paymentId = await repo.insertOnce(tx, {
        bookingId,
        amountCents: -update.amountCents,
        paidAt: nzDateOf(update.createdAt),
        note: update.request.reason,
        isDeposit: paid?.isDeposit ?? false,
        providerRef: update.refundId,
      });
      log.info(
        { event: 'card_refund_recorded', bookingId, paymentId, amountCents: -update.amountCents },
        'card refund',
      );
      return;
    }
    if ((update.status === 'failed' || update.status === 'canceled') && update.previousStatus === 'succeeded') {
      await lockedBooking(tx, bookingId);
      await repo.voidByProviderRef(tx, [update.refundId], REFUND_FAILED_REASON, new Date());
      log.warn({ event: 'card_refund_failed', bookingId }, 'a card refund failed after it succeeded');
    }
  };
}

/**
 * A dispute of a visit's card payment (recorded on its checkout by the gateway): she is e-mailed the first time it is
 * heard of, in the same transaction, so a redelivery or a later status never e-mails her again. Her Payments panel
 * shows where it stands (routes.ts). The money is hers to settle: a lost dispute is voided by her (decision 027).
 */
export function bookingDisputeHandler(log: FastifyBaseLogger, context: () => EmailContext): DisputeHandler {
  return async (tx, update) => {
    if (update.previousStatus !== null) return;
    const { bookingId } = bookingOfCheckout(update.checkout);
    const booking = await createBookingsRepository(tx).findById(bookingId);
    if (!booking) throw new Error(`card dispute for booking ${bookingId}, which is not there`);
    const paid = await repo.byProviderRef(tx, update.checkout.paymentIntentId!);
    await enqueueEmail(
      tx,
      disputeEmail(
        {
          bookingId,
          reference: update.checkout.reference,
          amountCents: update.amountCents,
          paidOn: paid ? formatLongDate(paid.paidAt) : null,
          visit: formatNzDateTime(booking.date, booking.time),
          reason: update.reason,
          status: update.status,
          answerBy: update.evidenceDueBy ? formatNzInstant(update.evidenceDueBy) : null,
        },
        context(),
      ),
    );
    log.warn({ event: 'card_dispute_notified', bookingId, paymentId: paid?.id ?? null }, 'card dispute: she is told');
  };
}
