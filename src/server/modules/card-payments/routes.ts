/**
 * Card payments of visits through Stripe (docs/decisions/037-card-payments.md):
 * - the client's 'Pay by card' (the booking's private link): what is payable now, and a Checkout session for it;
 * - her 'Pay now' link for a visit's balance (copied, or e-mailed through the outbox);
 * - her refund of a card payment, asked of Stripe and recorded as a negative payment when Stripe's event confirms it.
 * A payment is recorded only by the verified webhook (booking-handlers.ts). Without keys every route is 404
 * CARD_PAYMENTS_OFF and the pages show nothing of this.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { bookingConfirmPath } from '@shared/booking-paths';
import {
  bookingCardStateSchema,
  cardPayableSchema,
  cardRefundAnswerSchema,
  cardRefundSchema,
  checkoutUrlSchema,
  payByCardSchema,
  payLinkAnswerSchema,
  payLinkSchema,
  type BookingCardState,
  type CardDisputeAnswer,
  type CardRefundAnswer,
  type PayPurpose,
} from '@shared/schemas/card-payments';
import { formatCents } from '@shared/money';
import { formatNzDateTime, formatShortDate } from '@shared/time';
import type { DbOrTx } from '../../db/client';
import { apiError, notFound, unauthorized } from '../../http/errors';
import { defineRoute, idParams } from '../../http/route';
import { createBookingsRepository, type BookingRow } from '../bookings/repository';
import { emailContext } from '../mail/email-kinds';
import { enqueueEmail } from '../mail/outbox';
import { balanceOf } from '../payments/ledger';
import { paymentsRepository } from '../payments/repository';
import { PAYMENT_NOT_FOUND, refundMoreThanReceived } from '../payments/rules';
import { CARD_PAYMENTS_OFF } from '../stripe/gateway';
import { disputeOf, stripeRepository, type RefundRow } from '../stripe/repository';
import { payableCents } from './amounts';
import { BOOKING_KIND, bookingCheckoutHandler, bookingDisputeHandler, bookingRefundHandler } from './booking-handlers';
import { payLinkEmail } from './emails';
import { cardPaymentsRepository as repo, STRIPE_SOURCE } from './repository';

const tokenParams = z.object({ token: z.string().min(1).max(200) });
const BOOKING_NOT_FOUND = 'Booking not found';
export const NOTHING_TO_PAY = 'There is nothing to pay by card for this booking now';
export const REFUND_NOT_CARD = 'Only a card payment taken through Stripe can be refunded here: record other refunds';
export const PAYMENT_DISPUTED =
  'This card payment is disputed: Stripe refunds none of it while the dispute is open, or once it is lost';
export const refundMoreThanPaid = (left: number) =>
  `That is more than the ${formatCents(left)} left of this card payment`;
/** Stripe refunds none of a disputed charge while the dispute is open, nor once it is lost. */
const blocksRefund = (d: { status: string }) => d.status !== 'won' && d.status !== 'warning_closed';
/** A refund asked and not failed counts against what may still be refunded. */
const COUNTED: readonly RefundRow['status'][] = ['pending', 'requires_action', 'succeeded'];

function actorOf(request: FastifyRequest): string {
  const username = request.user?.username;
  if (!username) throw unauthorized();
  return username;
}

const refundAnswer = (row: RefundRow, paymentId: number): CardRefundAnswer => ({
  refundId: row.refundId,
  paymentId,
  amountCents: row.amountCents,
  reason: row.reason,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

export async function cardPaymentsRoutes(app: FastifyInstance): Promise<void> {
  const gateway = app.stripe;
  gateway.registerCheckoutHandler(BOOKING_KIND, bookingCheckoutHandler(app.log));
  gateway.registerRefundHandler(BOOKING_KIND, bookingRefundHandler(app.log));
  gateway.registerDisputeHandler(
    BOOKING_KIND,
    bookingDisputeHandler(app.log, () => emailContext(app.config)),
  );

  const requireOn = () => {
    if (!gateway.enabled()) throw apiError('CARD_PAYMENTS_OFF', CARD_PAYMENTS_OFF);
  };
  const byToken = async (token: string) => {
    const row = await createBookingsRepository(app.db).findByToken(token);
    if (!row) throw notFound('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
    return row;
  };
  const byId = async (db: DbOrTx, id: number) => {
    const row = await paymentsRepository.booking(db, id, false);
    if (!row) throw notFound('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
    return row;
  };
  const payable = async (
    db: DbOrTx,
    booking: Parameters<typeof payableCents>[1] & { id: number; price: number; travelCost: number },
    purpose: PayPurpose,
  ) => {
    const entries = await paymentsRepository.ofBooking(db, booking.id);
    return payableCents(purpose, booking, entries, balanceOf(booking, entries), new Date());
  };
  const pageUrl = (token: string) => `${app.config.publicUrl.replace(/\/+$/, '')}${bookingConfirmPath(token)}`;

  defineRoute(app, {
    method: 'GET',
    url: '/api/bookings/token/:token/pay',
    access: 'token',
    summary: 'What the client may pay by card now: the deposit still due, and the balance of a confirmed visit',
    params: tokenParams,
    response: { 200: cardPayableSchema },
    errors: ['BOOKING_NOT_FOUND'],
    async handler({ params }) {
      const booking = await byToken(params.token);
      // Off is an answer, not an error: the booking's page asks on every visit, and a 404 there is noise.
      if (!gateway.enabled()) return { enabled: false, depositCents: 0, balanceCents: 0 };
      return {
        enabled: true,
        depositCents: await payable(app.db, booking, 'deposit'),
        balanceCents: await payable(app.db, booking, 'balance'),
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/bookings/token/:token/pay',
    access: 'token',
    summary: 'Pay the deposit or the balance by card: a Stripe Checkout page for the amount owed now',
    description:
      'The amount is the server’s: the deposit still due (a pending or confirmed booking not started yet) or what a confirmed visit still owes; nothing in the body names an amount. The Checkout session is in NZD with the booking’s reference, and an open one for the same amount is reused (two tabs pay once). The payment is recorded only when Stripe’s signed webhook says it was paid.',
    params: tokenParams,
    body: payByCardSchema,
    response: { 200: checkoutUrlSchema },
    returns: 'The Stripe Checkout page to send the client to',
    errors: ['CARD_PAYMENTS_OFF', 'BOOKING_NOT_FOUND', 'NOTHING_TO_PAY', 'PAYMENT_PROVIDER_FAILED'],
    async handler({ params, body }, request) {
      requireOn();
      const booking = await byToken(params.token);
      const amountCents = await payable(app.db, booking, body.purpose);
      if (amountCents <= 0) throw apiError('NOTHING_TO_PAY', NOTHING_TO_PAY);
      const session = await gateway.createCheckoutSession({
        amountCents,
        currency: 'nzd',
        description: checkoutLine(booking, body.purpose),
        reference: booking.depositReference ?? `Booking ${booking.id}`,
        successUrl: `${pageUrl(params.token)}?paid=${body.purpose}`,
        cancelUrl: pageUrl(params.token),
        customerEmail: booking.email || null,
        metadata: { kind: BOOKING_KIND, bookingId: String(booking.id), purpose: body.purpose },
      });
      request.log.info(
        { event: 'card_checkout_started', bookingId: booking.id, purpose: body.purpose, amountCents },
        'card checkout started',
      );
      return { url: session.url };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/bookings/:id/card',
    access: 'admin',
    summary: 'Card payments of a visit: refunds waiting for Stripe, disputes, and what a Pay now link would ask',
    params: idParams,
    response: { 200: bookingCardStateSchema },
    errors: ['BOOKING_NOT_FOUND'],
    async handler({ params: { id } }) {
      const booking = await byId(app.db, id);
      // Off is an answer, not an error: her Payments panel asks for every visit she opens.
      if (!gateway.enabled()) {
        return { enabled: false, pendingRefunds: [], disputes: [], refundable: [], balanceCents: 0 };
      }
      const intents = await repo.paymentIntentsOfBooking(app.db, id);
      const refunds = await stripeRepository.refundsOf(app.db, intents);
      const pendingRefunds: CardRefundAnswer[] = [];
      for (const r of refunds.filter((r) => r.status !== 'succeeded')) {
        const paid = await repo.byProviderRef(app.db, r.paymentIntentId);
        if (paid) pendingRefunds.push(refundAnswer(r, paid.id));
      }
      const disputes: CardDisputeAnswer[] = [];
      const refundable: BookingCardState['refundable'] = [];
      const checkouts = new Map(
        (await stripeRepository.checkoutsOfPaymentIntents(app.db, intents)).map((c) => [c.paymentIntentId!, c]),
      );
      for (const intent of intents) {
        const paid = await repo.byProviderRef(app.db, intent);
        if (!paid) continue;
        const checkout = checkouts.get(intent);
        const dispute = checkout ? disputeOf(checkout.metadata) : null;
        if (dispute) {
          disputes.push({
            disputeId: dispute.disputeId,
            paymentId: paid.id,
            amountCents: dispute.amountCents,
            reason: dispute.reason,
            status: dispute.status,
            evidenceDueBy: dispute.evidenceDueBy?.toISOString() ?? null,
            openedAt: dispute.openedAt.toISOString(),
          });
        }
        if (paid.voidedAt !== null) continue;
        const asked = refunds
          .filter((r) => r.paymentIntentId === intent && COUNTED.includes(r.status))
          .reduce((sum, r) => sum + r.amountCents, 0);
        refundable.push({
          paymentId: paid.id,
          refundableCents: dispute && blocksRefund(dispute) ? 0 : Math.max(0, paid.amountCents - asked),
        });
      }
      return {
        enabled: true,
        pendingRefunds,
        disputes,
        refundable,
        balanceCents: await payable(app.db, booking, 'balance'),
      };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/bookings/:id/pay-link',
    access: 'admin',
    summary: "A 'Pay now' link for a visit's balance, e-mailed to the client when `send`",
    description:
      'The link is the booking’s own page, which offers the balance by card (the amount is worked out when the client opens it). With `send: true` it is e-mailed through the outbox.',
    params: idParams,
    body: payLinkSchema,
    response: { 200: payLinkAnswerSchema },
    errors: ['CARD_PAYMENTS_OFF', 'BOOKING_NOT_FOUND', 'NOTHING_TO_PAY'],
    async handler({ params: { id }, body }, request) {
      requireOn();
      const row = await createBookingsRepository(app.db).findById(id);
      if (!row) throw notFound('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
      const amountCents = await payable(app.db, row, 'balance');
      if (amountCents <= 0) throw apiError('NOTHING_TO_PAY', NOTHING_TO_PAY);
      const url = `${pageUrl(row.cancelToken)}?pay=balance`;
      if (body.send) {
        await enqueueEmail(
          app.db,
          payLinkEmail(
            {
              bookingId: row.id,
              firstName: row.firstName,
              email: row.email,
              serviceName: row.serviceName,
              when: formatNzDateTime(row.date, row.time),
              amountCents,
              url,
            },
            emailContext(app.config),
          ),
        );
        request.log.info({ event: 'pay_link_sent', bookingId: id, amountCents }, 'pay link sent');
      }
      return { url, amountCents, sent: body.send };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/payments/:id/refund',
    access: 'admin',
    summary: 'Refund a card payment through Stripe (recorded as a negative payment when Stripe confirms it)',
    description:
      'At most what is left of the card payment (refunds already asked count) and of what the visit received. Asked of Stripe while the visit is locked; 202 with the refund as Stripe answered it. The negative payment (method card, source stripe, the refund’s id) appears when Stripe’s signed webhook confirms the refund.',
    params: idParams,
    body: cardRefundSchema,
    response: { 202: cardRefundAnswerSchema },
    errors: [
      'CARD_PAYMENTS_OFF',
      'PAYMENT_NOT_FOUND',
      'REFUND_NOT_CARD',
      'REFUND_MORE_THAN_PAID',
      'REFUND_MORE_THAN_RECEIVED',
      'PAYMENT_DISPUTED',
      'PAYMENT_PROVIDER_FAILED',
    ],
    async handler({ params: { id }, body }, request, reply) {
      requireOn();
      const actor = actorOf(request);
      const answer = await app.db.transaction(async (tx) => {
        const payment = await repo.byId(tx, id);
        if (!payment) throw notFound('PAYMENT_NOT_FOUND', PAYMENT_NOT_FOUND);
        if (payment.source !== STRIPE_SOURCE || payment.amountCents <= 0 || payment.voidedAt !== null) {
          throw apiError('REFUND_NOT_CARD', REFUND_NOT_CARD);
        }
        // The visit first, as every payment of it locks it: two refunds at once take turns, the second sees the first.
        const booking = await paymentsRepository.booking(tx, payment.bookingId, true);
        const intent = payment.providerRef!;
        const checkout = await stripeRepository.checkoutOfPaymentIntent(tx, intent);
        const dispute = checkout && disputeOf(checkout.metadata);
        if (dispute && blocksRefund(dispute)) {
          throw apiError('PAYMENT_DISPUTED', PAYMENT_DISPUTED);
        }
        const asked = (await stripeRepository.refundsOf(tx, [intent]))
          .filter((r) => COUNTED.includes(r.status))
          .reduce((sum, r) => sum + r.amountCents, 0);
        const left = payment.amountCents - asked;
        if (body.amountCents > left) throw apiError('REFUND_MORE_THAN_PAID', refundMoreThanPaid(Math.max(0, left)));
        const entries = await paymentsRepository.ofBooking(tx, payment.bookingId);
        // Refunds asked and not yet confirmed are not rows yet: they count against what the visit received.
        const waiting = (
          await stripeRepository.refundsOf(tx, await repo.paymentIntentsOfBooking(tx, payment.bookingId))
        )
          .filter((r) => r.status === 'pending' || r.status === 'requires_action')
          .reduce((sum, r) => sum + r.amountCents, 0);
        const received = balanceOf(booking!, entries).receivedCents - waiting;
        if (body.amountCents > received) {
          throw apiError('REFUND_MORE_THAN_RECEIVED', refundMoreThanReceived(received));
        }
        const row = await gateway.createRefund(tx, {
          paymentIntentId: intent,
          amountCents: body.amountCents,
          reason: body.reason,
          metadata: { kind: BOOKING_KIND, bookingId: String(payment.bookingId), paymentId: String(id) },
          requestedBy: actor,
        });
        return refundAnswer(row, id);
      });
      request.log.info(
        { event: 'card_refund_asked', paymentId: id, amountCents: body.amountCents },
        'card refund asked',
      );
      reply.code(202);
      return answer;
    },
  });
}

/** The line on Stripe's page and the client's statement: what it is for, the service and the day (no health detail). */
function checkoutLine(booking: Pick<BookingRow, 'serviceName' | 'date'>, purpose: PayPurpose): string {
  const what = purpose === 'deposit' ? 'Deposit' : 'Massage';
  return `${what}: ${booking.serviceName}, ${formatShortDate(booking.date)}`;
}
