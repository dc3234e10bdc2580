/**
 * What a verified Stripe event means to the site (decision 037), pure: a Checkout session paid (from the
 * session's event or its PaymentIntent's, whichever comes first; both name the same PaymentIntent), a refund's
 * news, or nothing of ours. Amounts and ids are read from the event Stripe signed, never from the browser.
 */
import type Stripe from 'stripe';
import {
  DISPUTE_STATUSES,
  FINAL_DISPUTE_STATUSES,
  REFUND_STATUSES,
  type DisputeStatus,
  type RefundStatus,
} from '@shared/schemas/card-payments';

/** The metadata key that names the server's own record of a Checkout session (stripe_checkouts.id). */
export const CHECKOUT_ID_KEY = 'hv_checkout';

export interface CheckoutPaid {
  type: 'checkout-paid';
  eventId: string;
  /** Stripe's session id (the session's own events); null from a PaymentIntent's event. */
  sessionId: string | null;
  /** stripe_checkouts.id from the metadata; null when the metadata does not say (look up by session). */
  checkoutId: number | null;
  paymentIntentId: string;
  amountCents: number;
  currency: string;
  /** When Stripe took the payment (the event's time). */
  paidAt: Date;
  customerEmail: string | null;
}

export interface RefundNews {
  type: 'refund';
  eventId: string;
  refundId: string;
  paymentIntentId: string | null;
  amountCents: number;
  currency: string;
  status: RefundStatus;
  /** Stripe's own reason (requested_by_customer, duplicate, fraud), null when none. */
  stripeReason: string | null;
  metadata: Record<string, string>;
  createdAt: Date;
}

/** A dispute's news (`charge.dispute.created`, `.updated`, `.closed`, `.funds_withdrawn`, `.funds_reinstated`). */
export interface DisputeNews {
  type: 'dispute';
  eventId: string;
  disputeId: string;
  paymentIntentId: string | null;
  amountCents: number;
  currency: string;
  reason: string;
  status: DisputeStatus;
  evidenceDueBy: Date | null;
  createdAt: Date;
}

export interface NotOurs {
  type: 'ignored';
  why: string;
}

export type StripeNews = CheckoutPaid | RefundNews | DisputeNews | NotOurs;

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

const checkoutIdOf = (metadata: Stripe.Metadata | null | undefined): number | null => {
  const raw = metadata?.[CHECKOUT_ID_KEY];
  return raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
};

const seconds = (s: number) => new Date(s * 1000);

function fromSession(event: Stripe.Event, session: Stripe.Checkout.Session): StripeNews {
  // Card payments are paid at completion; a delayed method completes unpaid and succeeds in a later event.
  if (session.payment_status !== 'paid') return { type: 'ignored', why: `session ${session.payment_status}` };
  const paymentIntentId = idOf(session.payment_intent);
  if (!paymentIntentId || session.amount_total == null || !session.currency) {
    return { type: 'ignored', why: 'session without a payment' };
  }
  return {
    type: 'checkout-paid',
    eventId: event.id,
    sessionId: session.id,
    checkoutId: checkoutIdOf(session.metadata),
    paymentIntentId,
    amountCents: session.amount_total,
    currency: session.currency,
    paidAt: seconds(event.created),
    customerEmail: session.customer_details?.email ?? session.customer_email ?? null,
  };
}

function fromPaymentIntent(event: Stripe.Event, intent: Stripe.PaymentIntent): StripeNews {
  const checkoutId = checkoutIdOf(intent.metadata);
  if (checkoutId === null) return { type: 'ignored', why: 'payment not made through this site' };
  if (intent.status !== 'succeeded') return { type: 'ignored', why: `payment ${intent.status}` };
  return {
    type: 'checkout-paid',
    eventId: event.id,
    sessionId: null,
    checkoutId,
    paymentIntentId: intent.id,
    amountCents: intent.amount_received,
    currency: intent.currency,
    paidAt: seconds(event.created),
    customerEmail: intent.receipt_email ?? null,
  };
}

function fromRefund(event: Stripe.Event, refund: Stripe.Refund): StripeNews {
  const status = (REFUND_STATUSES as readonly string[]).includes(refund.status ?? '')
    ? (refund.status as RefundStatus)
    : 'pending';
  return {
    type: 'refund',
    eventId: event.id,
    refundId: refund.id,
    paymentIntentId: idOf(refund.payment_intent),
    amountCents: refund.amount,
    currency: refund.currency,
    status,
    stripeReason: refund.reason ?? null,
    metadata: refund.metadata ?? {},
    createdAt: seconds(refund.created),
  };
}

function fromDispute(event: Stripe.Event, dispute: Stripe.Dispute): StripeNews {
  if (!(DISPUTE_STATUSES as readonly string[]).includes(dispute.status)) {
    return { type: 'ignored', why: `dispute ${dispute.status}` };
  }
  return {
    type: 'dispute',
    eventId: event.id,
    disputeId: dispute.id,
    paymentIntentId: idOf(dispute.payment_intent),
    amountCents: dispute.amount,
    currency: dispute.currency,
    reason: dispute.reason || 'general',
    status: dispute.status as DisputeStatus,
    evidenceDueBy: dispute.evidence_details?.due_by ? seconds(dispute.evidence_details.due_by) : null,
    createdAt: seconds(dispute.created),
  };
}

export function newsOf(event: Stripe.Event): StripeNews {
  const object = event.data.object as { object?: string };
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return fromSession(event, object as Stripe.Checkout.Session);
    case 'payment_intent.succeeded':
      return fromPaymentIntent(event, object as Stripe.PaymentIntent);
    case 'refund.created':
    case 'refund.updated':
    case 'refund.failed':
      return fromRefund(event, object as Stripe.Refund);
    case 'charge.dispute.created':
    case 'charge.dispute.updated':
    case 'charge.dispute.closed':
    case 'charge.dispute.funds_withdrawn':
    case 'charge.dispute.funds_reinstated':
      return fromDispute(event, object as Stripe.Dispute);
    default:
      // charge.refund.updated and the like carry a refund too (older API versions' names).
      if (object.object === 'refund') return fromRefund(event, object as unknown as Stripe.Refund);
      return { type: 'ignored', why: `event ${event.type}` };
  }
}

const FINAL: readonly RefundStatus[] = ['failed', 'canceled'];
const WAITING: readonly RefundStatus[] = ['pending', 'requires_action'];

/**
 * Whether a refund's status may move from `from` to `to`: never back to waiting once Stripe said how it ended (an
 * event delivered late), never out of failed or cancelled; succeeded may still fail (Stripe says a refund can fail
 * after it succeeded when the card was closed).
 */
export function refundStatusMayMove(from: RefundStatus, to: RefundStatus): boolean {
  if (from === to) return false;
  if (FINAL.includes(from)) return false;
  if (from === 'succeeded') return FINAL.includes(to);
  return !WAITING.includes(to) || WAITING.includes(from);
}

/** Whether a dispute's status may move from `from` to `to`: never out of a final one (won, lost, inquiry closed). */
export function disputeStatusMayMove(from: DisputeStatus, to: DisputeStatus): boolean {
  return from !== to && !FINAL_DISPUTE_STATUSES.includes(from);
}
