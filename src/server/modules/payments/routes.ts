/**
 * Payments (docs/product.md §18.1, docs/decisions/027-payments.md): she records what a visit was paid,
 * refunds as negative payments, and voids a wrong entry (never deletes it). Admin only (`access: 'admin'`).
 * Each change runs in one transaction with the booking's row locked, so two at once cannot pass what is owed.
 * A payment's note is hers: never logged.
 */
import type { FastifyInstance } from 'fastify';
import {
  bookingPaymentsSchema,
  paymentAnswerSchema,
  recordPaymentSchema,
  voidPaymentSchema,
} from '@shared/schemas/payment';
import { nzDateOf, nzToday } from '@shared/time';
import type { DbOrTx } from '../../db/client';
import { apiError, invalidField, notFound } from '../../http/errors';
import { defineRoute, idParams } from '../../http/route';
import { balanceOf } from './ledger';
import { paymentsRepository as repo } from './repository';
import {
  isDepositByDefault,
  PAYMENT_ALREADY_VOIDED,
  PAYMENT_NOT_FOUND,
  paymentRefusal,
  voidRefusal,
  type Refusal,
} from './rules';

const BOOKING_NOT_FOUND = 'Booking not found';

const refuse = (refusal: Refusal | null) => {
  if (!refusal) return;
  throw refusal.field ? invalidField(refusal.field, refusal.message) : apiError(refusal.code, refusal.message);
};

async function bookingOf(tx: DbOrTx, id: number, lock: boolean) {
  const booking = await repo.booking(tx, id, lock);
  if (!booking) throw notFound('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
  return booking;
}

/** The entry as now stored, with the visit's balance after it. */
async function answerFor(tx: DbOrTx, booking: { id: number; price: number; travelCost: number }, paymentId: number) {
  const entries = await repo.ofBooking(tx, booking.id);
  const entry = entries.find((p) => p.id === paymentId)!;
  return { ...entry, balance: balanceOf(booking, entries) };
}

export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/bookings/:id/payments',
    access: 'admin',
    summary: "A visit's payments and balance",
    description:
      'Every payment oldest first, voided ones included (with their reason); the balance counts none of those.',
    params: idParams,
    response: { 200: bookingPaymentsSchema },
    errors: ['BOOKING_NOT_FOUND'],
    async handler({ params: { id } }) {
      const booking = await bookingOf(app.db, id, false);
      const entries = await repo.ofBooking(app.db, id);
      return { payments: entries, balance: balanceOf(booking, entries) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/bookings/:id/payments',
    access: 'admin',
    summary: 'Record a payment (or, negative, a refund) against a visit',
    description:
      "Amount in cents, positive and at most what is owed unless `overpaymentCents` states the excess exactly; a refund is negative, at most what was received (net), and needs its reason in `note`. `paidAt` (NZ date) defaults to today, not in the future, not before the booking was made. A declined request takes no payment. `isDeposit` defaults to true while the booking's deposit has not all arrived and the visit has not started.",
    params: idParams,
    body: recordPaymentSchema,
    response: { 201: paymentAnswerSchema },
    returns: 'The payment as recorded, with the visit’s new balance',
    errors: ['BOOKING_NOT_FOUND', 'PAYMENT_MORE_THAN_OWED', 'REFUND_MORE_THAN_RECEIVED', 'PAYMENT_NOT_ALLOWED'],
    async handler({ params: { id }, body }, request, reply) {
      const now = new Date();
      const answer = await app.db.transaction(async (tx) => {
        const booking = await bookingOf(tx, id, true);
        const entries = await repo.ofBooking(tx, id);
        const paidAt = body.paidAt ?? nzToday(now);
        refuse(
          paymentRefusal(
            { amountCents: body.amountCents, overpaymentCents: body.overpaymentCents, paidAt },
            { status: booking.status, madeOn: nzDateOf(booking.createdAt) },
            balanceOf(booking, entries),
          ),
        );
        const paymentId = await repo.insert(tx, {
          bookingId: id,
          amountCents: body.amountCents,
          method: body.method,
          paidAt,
          note: body.note ?? null,
          isDeposit: body.isDeposit ?? isDepositByDefault(body.amountCents, booking, entries, now),
        });
        return answerFor(tx, booking, paymentId);
      });
      request.log.info(
        { event: 'payment_recorded', bookingId: id, paymentId: answer.id, amountCents: answer.amountCents },
        'payment recorded',
      );
      reply.code(201);
      return answer;
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/payments/:id/void',
    access: 'admin',
    summary: 'Void a payment recorded by mistake (it is kept, struck through)',
    description:
      'Once per payment, with a reason; the balance no longer counts it. Refused when it would leave more refunded than received (void the refund first).',
    params: idParams,
    body: voidPaymentSchema,
    response: { 200: paymentAnswerSchema },
    returns: 'The payment with its void, and the visit’s new balance',
    errors: ['PAYMENT_NOT_FOUND', 'PAYMENT_ALREADY_VOIDED', 'PAYMENT_VOID_REFUSED'],
    async handler({ params: { id }, body }, request) {
      const now = new Date();
      const answer = await app.db.transaction(async (tx) => {
        const bookingId = await repo.bookingOfPayment(tx, id);
        if (bookingId === null) throw notFound('PAYMENT_NOT_FOUND', PAYMENT_NOT_FOUND);
        // The booking first, as a new payment locks it: the two never wait on each other crosswise.
        const booking = await bookingOf(tx, bookingId, true);
        const entries = await repo.ofBooking(tx, bookingId);
        const entry = entries.find((p) => p.id === id)!;
        refuse(
          voidRefusal(
            entry,
            balanceOf(
              booking,
              entries.filter((p) => p.id !== id),
            ),
          ),
        );
        if (!(await repo.void(tx, id, body.reason, now))) {
          throw apiError('PAYMENT_ALREADY_VOIDED', PAYMENT_ALREADY_VOIDED);
        }
        return answerFor(tx, booking, id);
      });
      request.log.info({ event: 'payment_voided', bookingId: answer.bookingId, paymentId: id }, 'payment voided');
      return answer;
    },
  });
}
