/**
 * Card payments of visits through Stripe (docs/decisions/037-card-payments.md), against the loopback Stripe
 * API: a first-time client's deposit paid by card from the booking's page, recorded once from the verified webhook
 * however it is delivered; the balance; a refund asked of Stripe and recorded as a negative payment when Stripe's
 * event confirms it; and nothing of this without keys.
 */
import { parse } from 'csv-parse/sync';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MONEY_EXPORT_COLUMNS } from '../../src/server/modules/money/money-csv';
import type { ErrorCode } from '../../src/shared/error-codes';
import { nzToday } from '../../src/shared/time';
import type { Booking } from '../../src/shared/schemas/booking';
import type { BookingPayments } from '../../src/shared/schemas/payment';
import type { Service } from '../../src/shared/schemas/service';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay, outbox } from '../helpers/bookings';
import { expectRejected as expectRejectedBody, expectUnchanged } from '../helpers/expect-rejected';
import { startStripeServer, TEST_STRIPE_KEYS, type StripeEvent, type StripeServer } from '../helpers/stripe-server';

/** A refusal with this status and, when a bare code is given, this code (or a whole body). */
function expectRejected(
  res: LightMyRequestResponse,
  status: number,
  expected?: ErrorCode | { code: ErrorCode; message: string },
) {
  if (typeof expected === 'string') return expect(expectRejectedBody(res, status).code).toBe(expected);
  return expectRejectedBody(res, status, expected);
}

let stripe: StripeServer;
beforeAll(async () => {
  stripe = await startStripeServer();
});
afterAll(async () => {
  await stripe.close();
});

const t = useTestApp(() => ({ signedIn: true, env: { STRIPE_API_BASE: stripe.origin } }));

function deliver(event: StripeEvent, secret: string = TEST_STRIPE_KEYS.webhookSecret) {
  const { payload, signature } = stripe.signed(event, secret);
  return t.app.inject({
    method: 'POST',
    url: '/api/webhooks/stripe',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': signature },
  });
}

let people = 0;
let depositService: Service;

async function newClientBooking(day: number): Promise<Booking> {
  const n = ++people;
  const res = await book(
    t,
    bookingRequest({
      serviceLengthId: depositService.id,
      date: openDay(day),
      time: '10:00',
      email: `card${n}@example.nz`,
      phone: `021 800 ${String(1000 + n)}`,
    }),
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Booking>();
}

const paymentsOf = (id: number) => t.admin.getJson<BookingPayments>(`/api/admin/bookings/${id}/payments`);
const cardRows = () =>
  t.sql('SELECT id, amount_cents, voided_at FROM payments WHERE source = $1 ORDER BY id', ['stripe']);
const sessionIdOf = (url: string) => url.split('/').at(-1)!;

async function payByCard(b: Booking, purpose: 'deposit' | 'balance') {
  const res = await t.post(`/api/bookings/token/${b.cancelToken}/pay`, { purpose });
  expect(res.statusCode, res.body).toBe(200);
  return stripe.pay(sessionIdOf(res.json<{ url: string }>().url));
}

beforeAll(async () => {
  const res = await t.admin.post('/api/services', {
    name: 'Card deposit massage',
    description: 'A service that asks a $20 deposit.',
    durationOptions: [{ duration: 60, price: 9000 }],
    depositCents: 2000,
  });
  expect(res.statusCode, res.body).toBe(201);
  depositService = res.json<Service>();
});

describe('without Stripe keys', () => {
  it('offers nothing: the reads say off, paying is 404 and the e-mail has no card link', async () => {
    const b = await newClientBooking(0);
    expect(b.deposit?.amountCents).toBe(2000);
    const off = await t.get(`/api/bookings/token/${b.cancelToken}/pay`);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toEqual({ enabled: false, depositCents: 0, balanceCents: 0 });
    expectRejected(await t.post(`/api/bookings/token/${b.cancelToken}/pay`, { purpose: 'deposit' }), 404);
    expect(await t.admin.getJson(`/api/admin/bookings/${b.id}/card`)).toEqual({
      enabled: false,
      pendingRefunds: [],
      disputes: [],
      refundable: [],
      balanceCents: 0,
    });
    const [mail] = await t.sql<{ text_body: string }>(
      "SELECT text_body FROM email_outbox WHERE booking_id = $1 AND kind = 'booking_received'",
      [b.id],
    );
    expect(mail!.text_body).not.toContain('by card');
    expect(stripe.requests.length).toBe(0);
  });
});

describe('with her keys', () => {
  beforeAll(async () => {
    const res = await t.admin.patch('/api/admin/settings/payments', {
      stripeSecretKey: TEST_STRIPE_KEYS.secretKey,
      stripeWebhookSecret: TEST_STRIPE_KEYS.webhookSecret,
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it("links the request-received e-mail to paying the deposit by card on the booking's page", async () => {
    const b = await newClientBooking(1);
    const [mail] = await t.sql<{ text_body: string }>(
      "SELECT text_body FROM email_outbox WHERE booking_id = $1 AND kind = 'booking_received'",
      [b.id],
    );
    expect(mail!.text_body).toContain(
      `Pay the deposit by card:\nhttp://localhost:3000/booking/confirm/${b.cancelToken}?pay=deposit`,
    );
    expect(await t.getJson(`/api/bookings/token/${b.cancelToken}/pay`)).toEqual({
      enabled: true,
      depositCents: 2000,
      balanceCents: 0,
    });
  });

  it('records the deposit once, from the webhook delivered twice and out of order', async () => {
    const b = await newClientBooking(2);
    const res = await t.post(`/api/bookings/token/${b.cancelToken}/pay`, { purpose: 'deposit', amountCents: 1 });
    // An amount in the body is refused: the amount is the server's.
    expectRejected(res, 400);
    const { sessionCompleted, paymentIntentSucceeded } = await payByCard(b, 'deposit');
    const sent = stripe.requests.findLast((r) => r.path === '/v1/checkout/sessions')!;
    expect(sent.form).toMatchObject({
      client_reference_id: b.deposit!.reference,
      customer_email: b.email,
      success_url: `http://localhost:3000/booking/confirm/${b.cancelToken}?paid=deposit`,
      line_items: [{ price_data: { currency: 'nzd', unit_amount: '2000' } }],
    });
    // Nothing before Stripe says so.
    expect((await paymentsOf(b.id)).payments).toEqual([]);
    for (const event of [paymentIntentSucceeded, sessionCompleted, sessionCompleted, paymentIntentSucceeded]) {
      expect((await deliver(event)).statusCode).toBe(200);
    }
    const { payments, balance } = await paymentsOf(b.id);
    expect(payments).toEqual([
      expect.objectContaining({ amountCents: 2000, method: 'card', source: 'stripe', isDeposit: true, note: null }),
    ]);
    expect(balance).toMatchObject({ receivedCents: 2000, owedCents: 7000 });
    const view = await t.getJson<Booking>(`/api/bookings/token/${b.cancelToken}`);
    expect(view.deposit?.status).toBe('received');
    expect(await t.getJson(`/api/bookings/token/${b.cancelToken}/pay`)).toEqual({
      enabled: true,
      depositCents: 0,
      balanceCents: 0,
    });
    expectRejected(
      await t.post(`/api/bookings/token/${b.cancelToken}/pay`, { purpose: 'deposit' }),
      409,
      'NOTHING_TO_PAY',
    );
  });

  it('refuses a bad signature with 400 and changes nothing', async () => {
    const b = await newClientBooking(3);
    const { sessionCompleted } = await payByCard(b, 'deposit');
    await expectUnchanged(cardRows, async () => {
      const res = await deliver(sessionCompleted, 'whsec_notherwebhooksecret000');
      expectRejected(res, 400, 'WEBHOOK_SIGNATURE_INVALID');
    });
    expect((await deliver(sessionCompleted)).statusCode).toBe(200);
    expect((await paymentsOf(b.id)).payments).toHaveLength(1);
  });

  it('records nothing when the amount paid is not what the server asked', async () => {
    const b = await newClientBooking(4);
    const res = await t.post(`/api/bookings/token/${b.cancelToken}/pay`, { purpose: 'deposit' });
    const { sessionCompleted } = stripe.pay(sessionIdOf(res.json<{ url: string }>().url), { amountCents: 200 });
    const answer = await deliver(sessionCompleted);
    expect(answer.json()).toEqual({ received: true, outcome: 'mismatch' });
    expect((await paymentsOf(b.id)).payments).toEqual([]);
  });

  it('records a late payment as it was (more than owed by then) with a note saying what to refund', async () => {
    const b = await newClientBooking(5);
    const { sessionCompleted } = await payByCard(b, 'deposit');
    // She marked the visit paid in cash meanwhile (confirmed it first).
    expect((await t.admin.patch(`/api/admin/bookings/${b.id}/status`, { status: 'confirmed' })).statusCode).toBe(200);
    const cash = await t.admin.post(`/api/admin/bookings/${b.id}/payments`, { amountCents: 9000, method: 'cash' });
    expect(cash.statusCode, cash.body).toBe(201);
    expect((await deliver(sessionCompleted)).statusCode).toBe(200);
    const card = (await paymentsOf(b.id)).payments.find((p) => p.source === 'stripe')!;
    expect(card).toMatchObject({ amountCents: 2000, isDeposit: false });
    expect(card.note).toContain('$20.00 more than owed');
  });

  it('takes the balance of a confirmed visit, and a Pay now link e-mailed through the outbox', async () => {
    const b = await newClientBooking(6);
    await deliver((await payByCard(b, 'deposit')).sessionCompleted);
    expect((await t.admin.patch(`/api/admin/bookings/${b.id}/status`, { status: 'confirmed' })).statusCode).toBe(200);
    const link = await t.admin.post(`/api/admin/bookings/${b.id}/pay-link`, { send: true });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json()).toEqual({
      url: `http://localhost:3000/booking/confirm/${b.cancelToken}?pay=balance`,
      amountCents: 7000,
      sent: true,
    });
    expect((await outbox(t, b.id)).map((m) => m.kind)).toContain('pay_link');
    const { paymentIntentSucceeded } = await payByCard(b, 'balance');
    expect(stripe.requests.findLast((r) => r.path === '/v1/checkout/sessions')!.form).toMatchObject({
      line_items: [{ price_data: { unit_amount: '7000' } }],
    });
    expect((await deliver(paymentIntentSucceeded)).statusCode).toBe(200);
    const { payments, balance } = await paymentsOf(b.id);
    expect(payments.map((p) => [p.amountCents, p.isDeposit])).toEqual([
      [2000, true],
      [7000, false],
    ]);
    expect(balance).toMatchObject({ status: 'paid', owedCents: 0 });
    expectRejected(await t.admin.post(`/api/admin/bookings/${b.id}/pay-link`, { send: false }), 409);
  });

  it('refunds a card payment through Stripe, recorded as a negative payment once Stripe confirms it', async () => {
    const b = await newClientBooking(7);
    await deliver((await payByCard(b, 'deposit')).sessionCompleted);
    const paid = (await paymentsOf(b.id)).payments[0]!;

    expectRejected(
      await t.admin.post(`/api/admin/payments/${paid.id}/refund`, { amountCents: 2500, reason: 'Too much' }),
      409,
      { code: 'REFUND_MORE_THAN_PAID', message: 'That is more than the $20.00 left of this card payment' },
    );
    const res = await t.admin.post(`/api/admin/payments/${paid.id}/refund`, { amountCents: 2000, reason: 'Cancelled' });
    expect(res.statusCode, res.body).toBe(202);
    const refund = res.json<{ refundId: string; status: string }>();
    expect(refund.status).toBe('pending');
    expect(stripe.requests.findLast((r) => r.path === '/v1/refunds')!.form).toMatchObject({
      payment_intent: stripe.refunds.get(refund.refundId)!.payment_intent,
      amount: '2000',
    });
    // Asked, not confirmed: no row yet; a second refund is refused (nothing left), and the panel shows it waiting.
    expect((await paymentsOf(b.id)).payments).toHaveLength(1);
    expectRejected(
      await t.admin.post(`/api/admin/payments/${paid.id}/refund`, { amountCents: 1, reason: 'Again' }),
      409,
    );
    const state = await t.admin.getJson<{ pendingRefunds: unknown[]; refundable: unknown[] }>(
      `/api/admin/bookings/${b.id}/card`,
    );
    expect(state.pendingRefunds).toEqual([expect.objectContaining({ refundId: refund.refundId, amountCents: 2000 })]);
    // Nothing left to refund: her panel offers no second refund.
    expect(state.refundable).toEqual([{ paymentId: paid.id, refundableCents: 0 }]);

    // Stripe's events: updated before created (out of order), each twice.
    const updated = stripe.refundEvent(refund.refundId, 'refund.updated', 'succeeded');
    const created = stripe.refundEvent(refund.refundId, 'refund.created');
    for (const event of [updated, created, updated, created]) expect((await deliver(event)).statusCode).toBe(200);
    const { payments, balance } = await paymentsOf(b.id);
    expect(payments.map((p) => [p.amountCents, p.method, p.source, p.note])).toEqual([
      [2000, 'card', 'stripe', null],
      [-2000, 'card', 'stripe', 'Cancelled'],
    ]);
    expect(balance.receivedCents).toBe(0);
    const view = await t.getJson<Booking>(`/api/bookings/token/${b.cancelToken}`);
    expect(view.deposit?.status).toBe('refunded');
  });

  it('answers 503 for a refund of a payment not recorded yet, so Stripe delivers it again', async () => {
    const b = await newClientBooking(8);
    const { sessionCompleted, paymentIntentSucceeded } = await payByCard(b, 'deposit');
    const intent = paymentIntentSucceeded.data.object.id as string;
    const refund = {
      id: 're_test_dashboard0001',
      object: 'refund',
      amount: 500,
      currency: 'nzd',
      payment_intent: intent,
      status: 'succeeded',
      reason: 'requested_by_customer',
      metadata: {},
      created: Math.floor(Date.now() / 1000),
    };
    const early = stripe.event('refund.created', refund);
    expectRejected(await deliver(early), 503, 'WEBHOOK_RETRY_LATER');
    expect((await deliver(sessionCompleted)).statusCode).toBe(200);
    expect((await deliver(early)).statusCode).toBe(200);
    expect((await paymentsOf(b.id)).payments.map((p) => [p.amountCents, p.note])).toEqual([
      [2000, null],
      [-500, 'Refunded in Stripe (requested by customer)'],
    ]);
  });

  it('refuses refunding what is not a card payment', async () => {
    const b = await newClientBooking(9);
    expect((await t.admin.patch(`/api/admin/bookings/${b.id}/status`, { status: 'confirmed' })).statusCode).toBe(200);
    const cash = await t.admin.post(`/api/admin/bookings/${b.id}/payments`, { amountCents: 3000, method: 'cash' });
    expectRejected(
      await t.admin.post(`/api/admin/payments/${cash.json<{ id: number }>().id}/refund`, {
        amountCents: 100,
        reason: 'x',
      }),
      409,
      'REFUND_NOT_CARD',
    );
  });

  it('records a dispute against its card payment, e-mails her once, and shows it in her panel', async () => {
    const b = await newClientBooking(10);
    const { sessionCompleted, paymentIntentSucceeded } = await payByCard(b, 'deposit');
    const intent = paymentIntentSucceeded.data.object.id as string;
    const { dispute, created } = stripe.dispute(intent, { reason: 'product_not_received' });
    // Its payment not recorded yet (its own event still on the way): 503, so Stripe delivers it again.
    expectRejected(await deliver(created), 503, 'WEBHOOK_RETRY_LATER');
    expect((await deliver(sessionCompleted)).statusCode).toBe(200);
    const before = await paymentsOf(b.id);
    const paid = before.payments[0]!;

    const disputeRow = () => t.sql('SELECT metadata FROM stripe_checkouts WHERE payment_intent_id = $1', [intent]);
    const herMail = () =>
      t.sql<{ to_address: string; subject: string; text_body: string }>(
        "SELECT to_address, subject, text_body FROM email_outbox WHERE booking_id = $1 AND kind = 'card_disputed'",
        [b.id],
      );
    await expectUnchanged(disputeRow, async () => {
      expectRejected(await deliver(created, 'whsec_notherwebhooksecret000'), 400, 'WEBHOOK_SIGNATURE_INVALID');
    });
    expect(await herMail()).toEqual([]);

    // Delivered twice: recorded once, one e-mail.
    expect((await deliver(created)).json()).toEqual({ received: true, outcome: 'recorded' });
    expect((await deliver(created)).json()).toEqual({ received: true, outcome: 'duplicate' });
    const mails = await herMail();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('A card payment is disputed');
    expect(mails[0]!.to_address).toBe(t.config.mail.notifyTo);
    expect(mails[0]!.text_body).toContain(b.deposit!.reference);
    expect(mails[0]!.text_body).toContain('$20.00');
    expect(mails[0]!.text_body).toContain('product not received');
    // No client detail beyond the visit's time (and no health detail: no e-mail holds one).
    for (const personal of [b.email, b.phone, b.address, b.lastName])
      expect(mails[0]!.text_body).not.toContain(personal);

    const dueBy = new Date((dispute.evidence_details as { due_by: number }).due_by * 1000).toISOString();
    const state = await t.admin.getJson<{ disputes: unknown[]; refundable: unknown[] }>(
      `/api/admin/bookings/${b.id}/card`,
    );
    expect(state.refundable).toEqual([{ paymentId: paid.id, refundableCents: 0 }]);
    expect(state.disputes).toEqual([
      {
        disputeId: dispute.id,
        paymentId: paid.id,
        amountCents: 2000,
        reason: 'product_not_received',
        status: 'needs_response',
        evidenceDueBy: dueBy,
        openedAt: expect.any(String),
      },
    ]);

    // Open: Stripe refunds none of it, so she is told why rather than asking Stripe.
    const refunds = stripe.requests.filter((r) => r.path === '/v1/refunds').length;
    expectRejected(
      await t.admin.post(`/api/admin/payments/${paid.id}/refund`, { amountCents: 2000, reason: 'Sorry' }),
      409,
      'PAYMENT_DISPUTED',
    );
    expect(stripe.requests.filter((r) => r.path === '/v1/refunds').length).toBe(refunds);

    // Won: closed twice, then the created event again (late): it stays won, and she is not e-mailed again.
    const closed = stripe.disputeEvent(dispute.id as string, 'charge.dispute.closed', 'won');
    expect((await deliver(closed)).json()).toMatchObject({ outcome: 'recorded' });
    expect((await deliver(closed)).json()).toMatchObject({ outcome: 'duplicate' });
    expect((await deliver(created)).json()).toMatchObject({ outcome: 'duplicate' });
    const after = await t.admin.getJson<{ disputes: { status: string }[]; refundable: unknown[] }>(
      `/api/admin/bookings/${b.id}/card`,
    );
    expect(after.disputes.map((d) => d.status)).toEqual(['won']);
    // Won: the payment is hers again, and may be refunded like any other.
    expect(after.refundable).toEqual([{ paymentId: paid.id, refundableCents: 2000 }]);
    expect(await herMail()).toHaveLength(1);
    // The money is hers to settle (a lost dispute she voids): the payments are as they were.
    expect(await paymentsOf(b.id)).toEqual(before);
  });

  it('ignores a dispute of a payment not made through the site', async () => {
    const b = await newClientBooking(11);
    const { paymentIntentSucceeded } = await payByCard(b, 'deposit');
    const intent = stripe.paymentIntents.get(paymentIntentSucceeded.data.object.id as string)!;
    // A payment taken at her card terminal: its PaymentIntent names no checkout of the site's.
    const { created } = stripe.dispute(intent.id as string);
    intent.metadata = {};
    expect((await deliver(created)).json()).toEqual({ received: true, outcome: 'ignored' });
  });

  it("shows card payments in the Money tab's CSV like the others: method Card, source stripe", async () => {
    const today = nzToday();
    const res = await t.admin.get(`/api/admin/money/export.csv?from=${today.slice(0, 8)}01&to=${today}`);
    expect(res.statusCode, res.body).toBe(200);
    const [header, ...records] = parse(res.body, { bom: true }) as string[][];
    expect(header).toEqual([...MONEY_EXPORT_COLUMNS]);
    // Source stands beside Method.
    expect(header!.indexOf('Source')).toBe(header!.indexOf('Method') + 1);
    const byId = new Map(
      records.map((cells) => [
        cells[header!.indexOf('Payment ID')]!,
        Object.fromEntries(header!.map((c, i) => [c, cells[i]])),
      ]),
    );
    const counted = await t.sql<{ id: string; amount_cents: number; source: string; method: string }>(
      'SELECT id::text, amount_cents, source, method FROM payments WHERE voided_at IS NULL ORDER BY id',
    );
    const card = counted.filter((p) => p.source === 'stripe');
    // Payments and refunds Stripe confirmed in the tests above, and the cash she recorded.
    expect(card.some((p) => p.amount_cents < 0)).toBe(true);
    expect(counted.some((p) => p.source === 'manual')).toBe(true);
    for (const p of counted) {
      expect(byId.get(p.id), `payment ${p.id}`).toMatchObject({
        Method: p.method === 'card' ? 'Card' : 'Cash',
        Source: p.source,
        'Amount (NZD)': (p.amount_cents / 100).toFixed(2),
        Entry: 'Takings',
      });
    }
  });
});
