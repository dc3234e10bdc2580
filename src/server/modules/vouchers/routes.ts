/**
 * Gift vouchers (docs/product.md §18.5, docs/decisions/039-gift-vouchers.md). Public: the page's options,
 * a purchase (a Stripe Checkout session for a value the server decides), the code's lookup (rate limited, nothing
 * about who), and a voucher given on a booking's page. Hers (`access: 'admin'`): vouchers sold off-line, the list,
 * the settings. The voucher of a card purchase is issued only by the verified webhook of its session, once.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  adminVoucherCreatedSchema,
  adminVoucherSaleSchema,
  adminVouchersSchema,
  bookingVoucherAnswerSchema,
  bookingVoucherInputSchema,
  voucherCodeParamsSchema,
  voucherLookupSchema,
  voucherOptionsSchema,
  voucherPurchaseAnswerSchema,
  voucherPurchaseSchema,
  voucherSettingsInputSchema,
  voucherSettingsSchema,
  VOUCHER_MESSAGES,
} from '@shared/schemas/vouchers';
import { nzToday } from '@shared/time';
import { formatVoucherCode, normaliseVoucherCode, voucherStatus } from '@shared/vouchers';
import { apiError, invalidField, notFound } from '../../http/errors';
import { createRateLimiter } from '../../http/rate-limiter';
import { defineRoute } from '../../http/route';
import { voucherCodeHash } from './code';
import { issuePaidVoucher, issueSoldVoucher, voucherLine } from './issue';
import { checkSendOn, priceOfChoice, voucherOptions } from './offer';
import { bookingVoucherView, spendVoucherOfBooking } from './redeem';
import { vouchersRepository as repo } from './repository';
import { adminVoucherOf } from './view';

/** Codes tried per address: a person mistyping has plenty, a script guessing 80-bit codes gets nowhere. */
export const VOUCHER_LOOKUPS_PER_WINDOW = 10;
export const VOUCHER_LOOKUP_WINDOW_MS = 15 * 60_000;
/** Purchases begun per address per hour: each makes a Checkout session, so a script cannot make thousands. */
export const VOUCHER_PURCHASES_PER_HOUR = 20;
const HOUR_MS = 60 * 60_000;
/** The Checkout session's `metadata.kind`, and the webhook handler's. */
export const VOUCHER_CHECKOUT_KIND = 'voucher';

const tokenParams = z.object({ token: z.string().min(1).max(200) });

export async function vouchersRoutes(app: FastifyInstance): Promise<void> {
  const limiter = createRateLimiter(app.db);
  const countLookup = (ip: string) =>
    limiter.limit(
      `voucher:ip:${ip}`,
      VOUCHER_LOOKUP_WINDOW_MS,
      VOUCHER_LOOKUPS_PER_WINDOW,
      VOUCHER_MESSAGES.tooManyLookups,
    );
  /** An issued voucher by the code typed; a wrong or malformed code is one answer, which says nothing more. */
  const voucherOfCode = async (typed: string, db = app.db, lock = false) => {
    const canonical = normaliseVoucherCode(typed);
    const voucher = canonical ? await repo.byCodeHash(db, voucherCodeHash(canonical), lock) : null;
    if (!voucher) throw notFound('VOUCHER_NOT_FOUND', VOUCHER_MESSAGES.notFound);
    return voucher;
  };

  // The payment of a purchase, from the verified webhook: issues the voucher and queues its e-mails, once.
  app.stripe.registerCheckoutHandler(VOUCHER_CHECKOUT_KIND, async (tx, completed) => {
    const id = Number(completed.metadata.voucher);
    if (!Number.isSafeInteger(id)) return;
    const issued = await issuePaidVoucher(tx, id, completed.amountCents, completed.paidAt, app.config);
    app.log.info({ event: issued ? 'voucher_issued' : 'voucher_not_waiting', voucherId: id }, 'voucher payment');
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/vouchers/options',
    access: 'public',
    summary: 'What the Gift vouchers page offers: her amounts, the massages at their prices, how long one lasts',
    response: { 200: voucherOptionsSchema },
    handler: async () => voucherOptions(app.db, app.stripe.enabled()),
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/vouchers',
    access: 'public',
    summary: 'Buy a gift voucher: answers the Stripe Checkout page to pay on',
    description:
      'One of her amounts (`amountCents`) or a massage (`serviceLengthId`, `duration`: its price): any other figure ' +
      'is refused. `sendOn` (NZ date, today to a year ahead; today when left out) is the day the recipient is ' +
      "e-mailed the voucher's PDF, at 8 AM NZ time. Nothing is issued until Stripe's signed webhook says it is paid. " +
      `At most ${VOUCHER_PURCHASES_PER_HOUR} purchases begun per address per hour (then 429).`,
    body: voucherPurchaseSchema,
    response: { 201: voucherPurchaseAnswerSchema },
    errors: ['CARD_PAYMENTS_OFF', 'PAYMENT_PROVIDER_FAILED', 'RATE_LIMITED'],
    async handler({ body }, request, reply) {
      if (!app.stripe.enabled()) throw apiError('CARD_PAYMENTS_OFF', VOUCHER_MESSAGES.cardsOff);
      await limiter.limit(
        `voucher-buy:ip:${request.ip}`,
        HOUR_MS,
        VOUCHER_PURCHASES_PER_HOUR,
        VOUCHER_MESSAGES.tooManyPurchases,
      );
      const today = nzToday();
      const sendOn = checkSendOn(body.sendOn ?? today, today);
      const choice = await priceOfChoice(app.db, body);
      const reference = `GV-${randomBytes(6).toString('hex').toUpperCase()}`;
      const voucher = await repo.insert(app.db, {
        status: 'unpaid',
        valueCents: choice.valueCents,
        serviceName: choice.serviceName,
        durationMinutes: choice.durationMinutes,
        buyerName: body.buyer.name,
        buyerEmail: body.buyer.email,
        recipientName: body.recipient.name,
        recipientEmail: body.recipient.email,
        message: body.message,
        sendOn,
        channel: 'online',
        saleMethod: 'card',
        checkoutReference: reference,
      });
      const site = app.config.publicUrl.replace(/\/+$/, '');
      const session = await app.stripe.createCheckoutSession({
        amountCents: voucher.valueCents,
        currency: 'nzd',
        description: voucherLine(voucher),
        reference,
        successUrl: `${site}/gift-vouchers?paid=1`,
        cancelUrl: `${site}/gift-vouchers`,
        customerEmail: body.buyer.email,
        metadata: { kind: VOUCHER_CHECKOUT_KIND, voucher: String(voucher.id) },
        reuseOpen: false,
      });
      request.log.info({ event: 'voucher_checkout', voucherId: voucher.id }, 'voucher checkout started');
      reply.code(201);
      return { url: session.url };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/vouchers/:code',
    access: 'public',
    summary: "A voucher's balance and expiry by its code (no names, no e-mails)",
    description: `At most ${VOUCHER_LOOKUPS_PER_WINDOW} codes per address in ${VOUCHER_LOOKUP_WINDOW_MS / 60_000} minutes (then 429); a wrong code is 404 and says nothing more.`,
    params: voucherCodeParamsSchema,
    response: { 200: voucherLookupSchema },
    errors: ['VOUCHER_NOT_FOUND', 'RATE_LIMITED'],
    async handler({ params }, request) {
      await countLookup(request.ip);
      const voucher = await voucherOfCode(params.code);
      const balanceCents = voucher.valueCents - voucher.usedCents;
      return {
        balanceCents,
        expiresOn: voucher.expiresOn!,
        status: voucherStatus(balanceCents, voucher.expiresOn!, nzToday()),
      };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/bookings/token/:token/voucher',
    access: 'token',
    summary: 'The gift voucher given for this visit, if any',
    params: tokenParams,
    response: { 200: bookingVoucherAnswerSchema },
    errors: ['BOOKING_NOT_FOUND'],
    async handler({ params }) {
      const booking = await repo.bookingByToken(app.db, params.token);
      if (!booking) throw notFound('BOOKING_NOT_FOUND', 'Booking not found');
      return { voucher: await bookingVoucherView(app.db, booking.id) };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/bookings/token/:token/voucher',
    access: 'token',
    summary: "'Have a gift voucher?': give a voucher for this visit",
    description:
      'Counted with the code lookups (429 past the limit). The voucher pays what the visit owes, at most what is ' +
      'left on it, as a payment of method `voucher` when she confirms the visit (at once when it is confirmed ' +
      'already); the rest stays on the voucher. One voucher per visit.',
    params: tokenParams,
    body: bookingVoucherInputSchema,
    response: { 201: bookingVoucherAnswerSchema },
    errors: ['BOOKING_NOT_FOUND', 'VOUCHER_NOT_FOUND', 'VOUCHER_NOT_USABLE', 'RATE_LIMITED'],
    async handler({ params, body }, request, reply) {
      await countLookup(request.ip);
      const at = new Date();
      const answer = await app.db.transaction(async (tx) => {
        const booking = await repo.bookingByToken(tx, params.token);
        if (!booking) throw notFound('BOOKING_NOT_FOUND', 'Booking not found');
        // The booking first, then the voucher: the order a confirmation locks them in.
        const locked = await repo.lockBooking(tx, booking.id);
        if (locked.status !== 'pending' && locked.status !== 'confirmed') {
          throw apiError('VOUCHER_NOT_USABLE', VOUCHER_MESSAGES.bookingClosed);
        }
        const voucher = await voucherOfCode(body.code, tx, true);
        const left = voucher.valueCents - voucher.usedCents;
        const status = voucherStatus(left, voucher.expiresOn!, nzToday(at));
        if (status === 'expired') throw apiError('VOUCHER_NOT_USABLE', VOUCHER_MESSAGES.expired);
        if (status === 'spent') throw apiError('VOUCHER_NOT_USABLE', VOUCHER_MESSAGES.spent);
        const redemption = await repo.insertRedemption(tx, voucher.id, booking.id);
        if (!redemption) throw apiError('VOUCHER_NOT_USABLE', VOUCHER_MESSAGES.bookingHasVoucher);
        if (locked.status === 'confirmed') await spendVoucherOfBooking(tx, booking.id, at);
        return { bookingId: booking.id, voucher: await bookingVoucherView(tx, booking.id) };
      });
      request.log.info({ event: 'voucher_given', bookingId: answer.bookingId }, 'voucher given for a visit');
      reply.code(201);
      return { voucher: answer.voucher };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/vouchers',
    access: 'admin',
    summary: 'Every gift voucher issued, newest first, with what is left on each',
    response: { 200: adminVouchersSchema },
    async handler() {
      const today = nzToday();
      const vouchers = (await repo.listIssued(app.db)).map((v) => adminVoucherOf(v, today));
      const outstandingCents = vouchers.reduce((sum, v) => (v.status === 'active' ? sum + v.balanceCents : sum), 0);
      return { vouchers, outstandingCents };
    },
  });

  defineRoute(app, {
    method: 'POST',
    url: '/api/admin/vouchers',
    access: 'admin',
    summary: 'Add a voucher she sold off-line (paper, market, bank transfer)',
    description:
      'Any value up to $1,000. Issued at once with a new code, answered this once (only its hash is kept); ' +
      "`sendOn` e-mails the recipient the voucher's PDF on that NZ date (needs their e-mail). Expiry by her setting, " +
      'never under three years from `soldOn` (today when left out).',
    body: adminVoucherSaleSchema,
    response: { 201: adminVoucherCreatedSchema },
    returns: 'The voucher, with its whole code',
    async handler({ body }, request, reply) {
      const at = new Date();
      const today = nzToday(at);
      if (body.soldOn && body.soldOn > today) throw invalidField('soldOn', VOUCHER_MESSAGES.soldOnFuture);
      const sendOn = body.sendOn ? checkSendOn(body.sendOn, today) : null;
      const { voucher, code } = await app.db.transaction((tx) =>
        issueSoldVoucher(
          tx,
          {
            valueCents: body.valueCents,
            buyerName: body.buyer.name,
            buyerEmail: body.buyer.email,
            recipientName: body.recipient.name,
            recipientEmail: body.recipient.email,
            message: body.message,
            sendOn,
            saleMethod: body.saleMethod,
          },
          body.soldOn,
          at,
          app.config,
        ),
      );
      request.log.info({ event: 'voucher_sold_offline', voucherId: voucher.id }, 'voucher added');
      reply.code(201);
      return { ...adminVoucherOf({ ...voucher, usedCents: 0 }, today), code: formatVoucherCode(code) };
    },
  });

  defineRoute(app, {
    method: 'GET',
    url: '/api/admin/vouchers/settings',
    access: 'admin',
    summary: 'Her gift voucher settings: the amounts offered, massages or not, months until expiry',
    response: { 200: voucherSettingsSchema },
    async handler() {
      const s = await repo.settings(app.db);
      return { presetAmountsCents: s.presetAmountsCents, offerServices: s.offerServices, expiryMonths: s.expiryMonths };
    },
  });

  defineRoute(app, {
    method: 'PUT',
    url: '/api/admin/vouchers/settings',
    access: 'admin',
    summary: 'Save her gift voucher settings',
    description: 'Expiry at least 36 months (the law’s three years). Vouchers already issued keep their expiry.',
    body: voucherSettingsInputSchema,
    response: { 200: voucherSettingsSchema },
    async handler({ body }) {
      const s = await repo.saveSettings(app.db, body);
      return { presetAmountsCents: s.presetAmountsCents, offerServices: s.offerServices, expiryMonths: s.expiryMonths };
    },
  });
}
