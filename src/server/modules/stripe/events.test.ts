import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { disputeStatusMayMove, newsOf, refundStatusMayMove } from './events';

const event = (type: string, object: Record<string, unknown>) =>
  ({ id: 'evt_1', object: 'event', type, created: 1_800_000_000, data: { object } }) as unknown as Stripe.Event;

describe('newsOf', () => {
  it("reads a paid Checkout session: its PaymentIntent, amount and the server's checkout id", () => {
    const news = newsOf(
      event('checkout.session.completed', {
        id: 'cs_1',
        object: 'checkout.session',
        payment_status: 'paid',
        payment_intent: 'pi_1',
        amount_total: 2000,
        currency: 'nzd',
        metadata: { kind: 'booking', hv_checkout: '12' },
        customer_details: { email: 'a@example.com' },
      }),
    );
    expect(news).toMatchObject({
      type: 'checkout-paid',
      sessionId: 'cs_1',
      checkoutId: 12,
      paymentIntentId: 'pi_1',
      amountCents: 2000,
      currency: 'nzd',
      customerEmail: 'a@example.com',
      paidAt: new Date(1_800_000_000_000),
    });
  });

  it('ignores a session completed but not paid yet (a delayed method)', () => {
    const news = newsOf(
      event('checkout.session.completed', { id: 'cs_1', payment_status: 'unpaid', payment_intent: 'pi_1' }),
    );
    expect(news.type).toBe('ignored');
  });

  it("reads a PaymentIntent of the site's own (it names the checkout), ignores others", () => {
    const ours = newsOf(
      event('payment_intent.succeeded', {
        id: 'pi_2',
        status: 'succeeded',
        amount_received: 500,
        currency: 'nzd',
        metadata: { hv_checkout: '3' },
      }),
    );
    expect(ours).toMatchObject({ type: 'checkout-paid', sessionId: null, checkoutId: 3, amountCents: 500 });
    const other = newsOf(event('payment_intent.succeeded', { id: 'pi_3', status: 'succeeded', metadata: {} }));
    expect(other.type).toBe('ignored');
    const badId = newsOf(event('payment_intent.succeeded', { id: 'pi_4', metadata: { hv_checkout: '1; DROP' } }));
    expect(badId.type).toBe('ignored');
  });

  it('reads a refund from its own events and the older charge.refund.updated', () => {
    const refund = {
      id: 're_1',
      object: 'refund',
      amount: 700,
      currency: 'nzd',
      payment_intent: 'pi_1',
      status: 'succeeded',
      reason: 'requested_by_customer',
      metadata: {},
      created: 1_800_000_000,
    };
    expect(newsOf(event('refund.updated', refund))).toMatchObject({
      type: 'refund',
      refundId: 're_1',
      amountCents: 700,
      status: 'succeeded',
    });
    expect(newsOf(event('charge.refund.updated', refund))).toMatchObject({ type: 'refund', refundId: 're_1' });
    expect(newsOf(event('customer.created', { id: 'cus_1', object: 'customer' })).type).toBe('ignored');
  });
});

describe('disputes', () => {
  const dispute = {
    id: 'dp_1',
    object: 'dispute',
    amount: 2000,
    currency: 'nzd',
    charge: 'ch_1',
    payment_intent: 'pi_1',
    reason: 'fraudulent',
    status: 'needs_response',
    evidence_details: { due_by: 1_800_900_000 },
    created: 1_800_000_000,
  };

  it('reads a dispute from its created and closed events: the payment, amount, reason, status and when she answers', () => {
    expect(newsOf(event('charge.dispute.created', dispute))).toEqual({
      type: 'dispute',
      eventId: 'evt_1',
      disputeId: 'dp_1',
      paymentIntentId: 'pi_1',
      amountCents: 2000,
      currency: 'nzd',
      reason: 'fraudulent',
      status: 'needs_response',
      evidenceDueBy: new Date(1_800_900_000_000),
      createdAt: new Date(1_800_000_000_000),
    });
    expect(newsOf(event('charge.dispute.closed', { ...dispute, status: 'won' }))).toMatchObject({
      type: 'dispute',
      status: 'won',
    });
    expect(newsOf(event('charge.dispute.created', { ...dispute, status: 'charge_refunded' })).type).toBe('ignored');
  });

  it('moves a status on, never out of won, lost or a closed inquiry', () => {
    expect(disputeStatusMayMove('needs_response', 'under_review')).toBe(true);
    expect(disputeStatusMayMove('under_review', 'lost')).toBe(true);
    expect(disputeStatusMayMove('needs_response', 'needs_response')).toBe(false);
    expect(disputeStatusMayMove('won', 'needs_response')).toBe(false);
    expect(disputeStatusMayMove('lost', 'won')).toBe(false);
    expect(disputeStatusMayMove('warning_closed', 'needs_response')).toBe(false);
  });
});

describe('refundStatusMayMove', () => {
  it('moves forward, never back to waiting once settled, never out of failed or cancelled', () => {
    expect(refundStatusMayMove('pending', 'succeeded')).toBe(true);
    expect(refundStatusMayMove('pending', 'requires_action')).toBe(true);
    expect(refundStatusMayMove('succeeded', 'pending')).toBe(false);
    expect(refundStatusMayMove('succeeded', 'succeeded')).toBe(false);
    expect(refundStatusMayMove('succeeded', 'failed')).toBe(true);
    expect(refundStatusMayMove('failed', 'succeeded')).toBe(false);
    expect(refundStatusMayMove('canceled', 'pending')).toBe(false);
  });
});
