/**
 * Stripe for the rest of the server (docs/decisions/037-card-payments.md): one gateway per app
 * (`app.stripe`).
 * - `createCheckoutSession`: a Stripe Checkout session for an amount the caller (the server) worked out, recorded in
 *   stripe_checkouts first, its id in the session's and the PaymentIntent's metadata.
 * - `registerCheckoutHandler(kind, handler)`: what a paid session of that kind records (metadata.kind: 'booking',
 *   'voucher'...). The handler runs once per session, in the transaction that claims the session
 *   (`UPDATE ... WHERE completed_at IS NULL`), whichever of its events (the session's, the PaymentIntent's, a
 *   redelivery) comes first; a handler that throws rolls the claim back and Stripe delivers the event again.
 * - `registerRefundHandler(kind, handler)`: a refund's news about a payment of that kind.
 * - `registerDisputeHandler(kind, handler)`: a dispute's news about a payment of that kind, after the gateway recorded
 *   it on the payment's checkout row (once per status: a redelivery, or a late event, records nothing).
 * - `verifyWebhook` (the library's signature check) and `handleEvent`.
 * Without keys (`enabled()` false) nothing is offered: createCheckoutSession and createRefund refuse with 404.
 */
import type { FastifyBaseLogger } from 'fastify';
import Stripe from 'stripe';
import type { DisputeStatus, RefundStatus } from '@shared/schemas/card-payments';
import type { AppConfig } from '../../config';
import type { Db, DbTx } from '../../db/client';
import { apiError, HttpError } from '../../http/errors';
import { createClientCache } from './client';
import {
  CHECKOUT_ID_KEY,
  disputeStatusMayMove,
  newsOf,
  refundStatusMayMove,
  type CheckoutPaid,
  type DisputeNews,
  type RefundNews,
} from './events';
import { cardPaymentsEnabled } from './keys';
import { DISPUTE_PREFIX, disputeOf, stripeRepository as repo, type CheckoutRow, type RefundRow } from './repository';

export const CARD_PAYMENTS_OFF = 'Card payments are not set up';
export const PROVIDER_FAILED = 'The card payment service could not be reached: nothing changed, please try again';
export const BAD_SIGNATURE = 'The webhook signature does not match: nothing changed';

/** A Checkout session to make. `metadata.kind` says which handler records its payment. */
export interface CheckoutSessionInput {
  amountCents: number;
  currency: 'nzd';
  /** The line the client sees on Stripe's page and statement ('Deposit: Relaxation massage, Tue 3 Mar'). */
  description: string;
  /** The booking's (or voucher's) own reference: Checkout's client_reference_id, and the PaymentIntent's. */
  reference: string;
  successUrl: string;
  cancelUrl: string;
  customerEmail?: string | null;
  /** Strings only (Stripe's metadata); `kind` is required. Kept by the server, handed back to the handler. */
  metadata: Record<string, string> & { kind: string };
  /**
   * Reuse an open session for the same kind, metadata and amount instead of making another (a second tab, a second
   * press): the client then pays once. Default true.
   */
  reuseOpen?: boolean;
}

export interface CheckoutSession {
  /** Stripe's session id. */
  id: string;
  /** Stripe Checkout's page: send the client there. */
  url: string;
  /** stripe_checkouts.id */
  checkoutId: number;
}

/** A paid Checkout session, as its handler gets it: the amount is the one the server asked and Stripe took. */
export interface CompletedCheckout {
  checkoutId: number;
  kind: string;
  /** The metadata the server gave the session (from the database, not the event). */
  metadata: Record<string, string>;
  reference: string;
  amountCents: number;
  currency: string;
  sessionId: string | null;
  paymentIntentId: string;
  eventId: string;
  paidAt: Date;
  customerEmail: string | null;
}
export type CheckoutHandler = (tx: DbTx, completed: CompletedCheckout) => Promise<void>;

/** A refund's news about a payment a handler of `kind` recorded. `request`: the refund as asked here, if it was. */
export interface RefundUpdate extends RefundNews {
  checkout: CheckoutRow;
  request: RefundRow;
  /** The status before this event (the same as `status` when the event said nothing new). */
  previousStatus: RefundStatus;
}
export type RefundHandler = (tx: DbTx, update: RefundUpdate) => Promise<void>;

/** A dispute's news about a payment a handler of `kind` recorded, recorded on its checkout row already. */
export interface DisputeUpdate extends DisputeNews {
  checkout: CheckoutRow;
  /** The status before this event; null the first time this dispute is heard of (she is told then, once). */
  previousStatus: DisputeStatus | null;
}
export type DisputeHandler = (tx: DbTx, update: DisputeUpdate) => Promise<void>;

export interface RefundInput {
  paymentIntentId: string;
  amountCents: number;
  reason: string;
  /** Strings only; kept on the refund at Stripe and here. */
  metadata: Record<string, string>;
  requestedBy: string;
}

export type EventOutcome = 'recorded' | 'duplicate' | 'ignored' | 'mismatch';

export interface StripeGateway {
  /** Both keys are set: card payments are offered. */
  enabled(): boolean;
  /** The library's client for the keys in force, or null. */
  client(): Stripe | null;
  createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession>;
  registerCheckoutHandler(kind: string, handler: CheckoutHandler): void;
  registerRefundHandler(kind: string, handler: RefundHandler): void;
  registerDisputeHandler(kind: string, handler: DisputeHandler): void;
  /** Asks Stripe for a refund, in the caller's transaction (which should hold the lock its rule needs). */
  createRefund(tx: DbTx, input: RefundInput): Promise<RefundRow>;
  /** The event, if the body is signed with the webhook secret in force; else a 400 HttpError. */
  verifyWebhook(rawBody: Buffer, signature: string | string[] | undefined): Stripe.Event;
  handleEvent(event: Stripe.Event): Promise<EventOutcome>;
}

export interface GatewayDeps {
  db: Db;
  config: Pick<AppConfig, 'stripe'>;
  log: FastifyBaseLogger;
}

/** Checkout sessions live 24 hours at Stripe; one expiring within this is not handed out again. */
const REUSE_MARGIN_MS = 30 * 60_000;

const retryLater = (why: string) => new HttpError('WEBHOOK_RETRY_LATER', `Not yet: ${why}`);

export function createStripeGateway({ db, config, log }: GatewayDeps): StripeGateway {
  const clientOf = createClientCache();
  const checkoutHandlers = new Map<string, CheckoutHandler>();
  const refundHandlers = new Map<string, RefundHandler>();
  const disputeHandlers = new Map<string, DisputeHandler>();

  const requireClient = (): Stripe => {
    const client = cardPaymentsEnabled(config.stripe) ? clientOf(config.stripe) : null;
    if (!client) throw apiError('CARD_PAYMENTS_OFF', CARD_PAYMENTS_OFF);
    return client;
  };

  const providerFailed = (err: unknown, what: string): HttpError => {
    // The library's error says what Stripe answered; it names no card or key.
    log.error({ err, event: 'stripe_request_failed', what }, 'stripe request failed');
    return apiError('PAYMENT_PROVIDER_FAILED', PROVIDER_FAILED);
  };

  async function createCheckoutSession(input: CheckoutSessionInput): Promise<CheckoutSession> {
    const client = requireClient();
    const { kind, ...rest } = input.metadata;
    const metadata = { kind, ...rest };
    // The checkout row keeps its dispute under these keys (repository.ts).
    if (Object.keys(metadata).some((k) => k.startsWith(DISPUTE_PREFIX))) {
      throw new Error(`a checkout's metadata may not use the ${DISPUTE_PREFIX} prefix`);
    }
    if (input.reuseOpen !== false) {
      const open = await repo.openCheckout(
        db,
        kind,
        metadata,
        input.amountCents,
        new Date(Date.now() + REUSE_MARGIN_MS),
      );
      if (open?.sessionId && open.url) {
        // Still open at Stripe (not paid a moment ago, nor expired by hand)?
        const session = await client.checkout.sessions.retrieve(open.sessionId).catch(() => null);
        if (session?.status === 'open' && session.url) {
          return { id: session.id, url: session.url, checkoutId: open.id };
        }
      }
    }
    const checkoutId = await repo.insertCheckout(db, {
      kind,
      amountCents: input.amountCents,
      currency: input.currency,
      reference: input.reference,
      metadata,
    });
    const stripeMetadata = { ...metadata, [CHECKOUT_ID_KEY]: String(checkoutId), reference: input.reference };
    let session: Stripe.Checkout.Session;
    try {
      session = await client.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency,
                unit_amount: input.amountCents,
                product_data: { name: input.description },
              },
            },
          ],
          client_reference_id: input.reference,
          ...(input.customerEmail ? { customer_email: input.customerEmail } : {}),
          metadata: stripeMetadata,
          payment_intent_data: { description: input.description, metadata: stripeMetadata },
          success_url: input.successUrl,
          cancel_url: input.cancelUrl,
        },
        { idempotencyKey: `hv-checkout-${checkoutId}` },
      );
    } catch (err) {
      throw providerFailed(err, 'checkout session');
    }
    if (!session.url) throw providerFailed(new Error('a Checkout session without a url'), 'checkout session');
    await repo.setSession(db, checkoutId, {
      id: session.id,
      url: session.url,
      expiresAt: session.expires_at ? new Date(session.expires_at * 1000) : null,
    });
    return { id: session.id, url: session.url, checkoutId };
  }

  async function createRefund(tx: DbTx, input: RefundInput): Promise<RefundRow> {
    const client = requireClient();
    let refund: Stripe.Refund;
    try {
      refund = await client.refunds.create({
        payment_intent: input.paymentIntentId,
        amount: input.amountCents,
        reason: 'requested_by_customer',
        metadata: input.metadata,
      });
    } catch (err) {
      throw providerFailed(err, 'refund');
    }
    const news = newsOf({
      id: 'refund-answer',
      type: 'refund.created',
      created: refund.created,
      data: { object: refund },
    } as unknown as Stripe.Event) as RefundNews;
    // Recorded as asked; it becomes a negative payment when Stripe's event confirms it (a webhook, verified).
    return repo.insertRefund(tx, {
      refundId: refund.id,
      paymentIntentId: input.paymentIntentId,
      amountCents: input.amountCents,
      reason: input.reason,
      status: news.status === 'succeeded' ? 'pending' : news.status,
      metadata: input.metadata,
      requestedBy: input.requestedBy,
    });
  }

  function verifyWebhook(rawBody: Buffer, signature: string | string[] | undefined): Stripe.Event {
    const secret = config.stripe.webhookSecret;
    if (!secret || !cardPaymentsEnabled(config.stripe)) throw apiError('CARD_PAYMENTS_OFF', CARD_PAYMENTS_OFF);
    if (signature === undefined || Array.isArray(signature)) throw apiError('WEBHOOK_SIGNATURE_INVALID', BAD_SIGNATURE);
    try {
      return Stripe.webhooks.constructEvent(rawBody, signature, secret);
    } catch (err) {
      if (err instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw apiError('WEBHOOK_SIGNATURE_INVALID', BAD_SIGNATURE);
      }
      throw apiError('BAD_REQUEST', 'The webhook body could not be read');
    }
  }

  async function checkoutPaid(news: CheckoutPaid): Promise<EventOutcome> {
    return db.transaction(async (tx) => {
      const row =
        news.checkoutId !== null
          ? await repo.lockCheckout(tx, { id: news.checkoutId })
          : news.sessionId !== null
            ? await repo.lockCheckout(tx, { sessionId: news.sessionId })
            : null;
      if (!row || (news.sessionId !== null && row.sessionId !== null && row.sessionId !== news.sessionId)) {
        log.warn({ event: 'stripe_checkout_unknown', stripeEvent: news.eventId }, 'a payment for no checkout of ours');
        return 'ignored';
      }
      if (row.completedAt !== null) return 'duplicate';
      if (row.amountCents !== news.amountCents || row.currency !== news.currency) {
        // Not what the server asked: nothing is recorded, and the log says so for her to look at in Stripe.
        log.error(
          {
            event: 'stripe_amount_mismatch',
            checkoutId: row.id,
            asked: row.amountCents,
            paid: news.amountCents,
            currency: news.currency,
          },
          'a card payment does not match its checkout',
        );
        return 'mismatch';
      }
      const handler = checkoutHandlers.get(row.kind);
      // Unknown kind: a newer server made it; answering 503 lets Stripe deliver it again to one that knows.
      if (!handler) throw retryLater(`no handler for ${row.kind}`);
      if (!(await repo.complete(tx, row.id, news.paymentIntentId, news.eventId, new Date()))) return 'duplicate';
      await handler(tx, {
        checkoutId: row.id,
        kind: row.kind,
        metadata: row.metadata,
        reference: row.reference,
        amountCents: row.amountCents,
        currency: row.currency,
        sessionId: row.sessionId,
        paymentIntentId: news.paymentIntentId,
        eventId: news.eventId,
        paidAt: news.paidAt,
        customerEmail: news.customerEmail,
      });
      return 'recorded';
    });
  }

  async function refundNews(news: RefundNews): Promise<EventOutcome> {
    if (!news.paymentIntentId) return 'ignored';
    const paymentIntentId = news.paymentIntentId;
    const outcome = await db.transaction(async (tx): Promise<EventOutcome | 'unknown'> => {
      const checkout = await repo.checkoutOfPaymentIntent(tx, paymentIntentId);
      if (!checkout) return 'unknown';
      const handler = refundHandlers.get(checkout.kind);
      if (!handler) return 'ignored';
      // A refund made in Stripe's dashboard is recorded as one asked here, with Stripe's reason.
      const request =
        (await repo.lockRefund(tx, news.refundId)) ??
        (await repo.insertRefund(tx, {
          refundId: news.refundId,
          paymentIntentId,
          amountCents: news.amountCents,
          reason: `Refunded in Stripe${news.stripeReason ? ` (${news.stripeReason.replaceAll('_', ' ')})` : ''}`,
          status: 'pending',
          metadata: news.metadata,
          requestedBy: null,
        }));
      const previousStatus = request.status;
      if (!refundStatusMayMove(previousStatus, news.status)) return 'duplicate';
      await repo.setRefundStatus(tx, request.id, news.status, new Date());
      await handler(tx, { ...news, checkout, request: { ...request, status: news.status }, previousStatus });
      return 'recorded';
    });
    if (outcome !== 'unknown') return outcome;
    return notRecordedYet(paymentIntentId, 'refund');
  }

  /**
   * News about a payment with no checkout row claimed: one made through the site whose own event is still on the way
   * (503, so Stripe delivers this one again), or one not made through the site (ignored). Stripe tells which.
   */
  async function notRecordedYet(paymentIntentId: string, what: string): Promise<EventOutcome> {
    const intent = await clientOf(config.stripe)
      ?.paymentIntents.retrieve(paymentIntentId)
      .catch(() => null);
    if (intent?.metadata?.[CHECKOUT_ID_KEY]) throw retryLater(`the payment this ${what} is of is not recorded yet`);
    return 'ignored';
  }

  async function disputeNews(news: DisputeNews): Promise<EventOutcome> {
    if (!news.paymentIntentId) return 'ignored';
    const paymentIntentId = news.paymentIntentId;
    const outcome = await db.transaction(async (tx): Promise<EventOutcome | 'unknown'> => {
      // Locked: two deliveries of the same news take turns, the second finds it recorded.
      const checkout = await repo.checkoutOfPaymentIntent(tx, paymentIntentId, true);
      if (!checkout) return 'unknown';
      const before = disputeOf(checkout.metadata);
      const previousStatus = before?.disputeId === news.disputeId ? before.status : null;
      if (previousStatus !== null && !disputeStatusMayMove(previousStatus, news.status)) return 'duplicate';
      await repo.setDispute(tx, checkout.id, {
        disputeId: news.disputeId,
        status: news.status,
        reason: news.reason,
        amountCents: news.amountCents,
        currency: news.currency,
        evidenceDueBy: news.evidenceDueBy,
        openedAt: before?.disputeId === news.disputeId ? before.openedAt : news.createdAt,
      });
      log.warn(
        { event: 'stripe_dispute', checkoutId: checkout.id, status: news.status, previousStatus },
        'a card payment is disputed',
      );
      const handler = disputeHandlers.get(checkout.kind);
      if (handler) await handler(tx, { ...news, checkout, previousStatus });
      return 'recorded';
    });
    if (outcome !== 'unknown') return outcome;
    return notRecordedYet(paymentIntentId, 'dispute');
  }

  return {
    enabled: () => cardPaymentsEnabled(config.stripe),
    client: () => (cardPaymentsEnabled(config.stripe) ? clientOf(config.stripe) : null),
    createCheckoutSession,
    registerCheckoutHandler(kind, handler) {
      checkoutHandlers.set(kind, handler);
    },
    registerRefundHandler(kind, handler) {
      refundHandlers.set(kind, handler);
    },
    registerDisputeHandler(kind, handler) {
      disputeHandlers.set(kind, handler);
    },
    createRefund,
    verifyWebhook,
    async handleEvent(event) {
      const news = newsOf(event);
      if (news.type === 'checkout-paid') return checkoutPaid(news);
      if (news.type === 'refund') return refundNews(news);
      if (news.type === 'dispute') return disputeNews(news);
      return 'ignored';
    },
  };
}
