/**
 * The Stripe gateway (decision 037) that card payments and gift vouchers build on: a Checkout session for
 * the server's amount, the webhook checked by Stripe's signature over the raw body, a registered kind's handler run
 * once per paid session whatever the deliveries, and her keys sealed, never answered back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutSessionInput, CompletedCheckout } from '../../src/server/modules/stripe/gateway';
import { useTestApp } from '../helpers/app';
import { startStripeServer, TEST_STRIPE_KEYS, type StripeServer } from '../helpers/stripe-server';

let stripe: StripeServer;
beforeAll(async () => {
  stripe = await startStripeServer();
});
afterAll(async () => {
  await stripe.close();
});

const t = useTestApp(() => ({
  signedIn: true,
  env: { STRIPE_API_BASE: stripe.origin },
}));

const WEBHOOK = '/api/webhooks/stripe';
const completed: CompletedCheckout[] = [];

/** Posts an event to the app as Stripe would, signed with `secret`. */
function post(event: ReturnType<StripeServer['event']>, secret: string = TEST_STRIPE_KEYS.webhookSecret) {
  const { payload, signature } = stripe.signed(event, secret);
  return postRaw(payload, signature);
}

/** Posts a body as it is, with a Stripe-Signature header or none. */
function postRaw(payload: string, signature?: string) {
  return t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    payload,
    headers: { 'content-type': 'application/json', ...(signature ? { 'stripe-signature': signature } : {}) },
  });
}

/** A Checkout session of the gateway's: what each test varies, the rest the same. */
function checkout(
  amountCents: number,
  reference: string,
  metadata: CheckoutSessionInput['metadata'],
  more: Partial<CheckoutSessionInput> = {},
) {
  return t.app.stripe.createCheckoutSession({
    amountCents,
    currency: 'nzd',
    description: 'Test thing',
    reference,
    successUrl: 'http://localhost:3000/ok',
    cancelUrl: 'http://localhost:3000/back',
    metadata,
    ...more,
  });
}

async function completedAt(sessionId: string): Promise<string | null> {
  const [row] = await t.sql<{ completed_at: string | null }>(
    'SELECT completed_at FROM stripe_checkouts WHERE session_id = $1',
    [sessionId],
  );
  return row!.completed_at;
}

async function saveKeys() {
  const res = await t.admin.patch('/api/admin/settings/payments', {
    stripeSecretKey: TEST_STRIPE_KEYS.secretKey,
    stripeWebhookSecret: TEST_STRIPE_KEYS.webhookSecret,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res;
}

describe('without keys', () => {
  it('offers nothing: the webhook is 404 and no session is made', async () => {
    const settings = await t.admin.getJson<{ enabled: boolean }>('/api/admin/settings/payments');
    expect(settings.enabled).toBe(false);
    expect(t.app.stripe.enabled()).toBe(false);
    const res = await post(stripe.event('checkout.session.completed', {}));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'CARD_PAYMENTS_OFF' });
    await expect(checkout(100, 'R1', { kind: 'test-kind' })).rejects.toMatchObject({ code: 'CARD_PAYMENTS_OFF' });
  });
});

describe('with her keys', () => {
  beforeAll(async () => {
    await saveKeys();
    t.app.stripe.registerCheckoutHandler('test-kind', async (tx, c) => {
      completed.push(c);
    });
  });

  it('keeps the keys sealed and answers only whether each is set and its last 4', async () => {
    const res = await t.admin.get('/api/admin/settings/payments');
    expect(res.body).not.toContain(TEST_STRIPE_KEYS.secretKey);
    expect(res.body).not.toContain(TEST_STRIPE_KEYS.webhookSecret);
    expect(res.json()).toMatchObject({
      enabled: true,
      testMode: true,
      stripeSecretKey: { set: true, last4: TEST_STRIPE_KEYS.secretKey.slice(-4), source: 'settings' },
      stripeWebhookSecret: { set: true, last4: TEST_STRIPE_KEYS.webhookSecret.slice(-4), source: 'settings' },
      webhookUrl: 'http://localhost:3000/api/webhooks/stripe',
    });
    const [row] = await t.sql<{ secret_key_sealed: string; webhook_secret_sealed: string }>(
      'SELECT secret_key_sealed, webhook_secret_sealed FROM stripe_settings',
    );
    expect(row!.secret_key_sealed).not.toContain('sk_test_');
    expect(row!.webhook_secret_sealed).not.toContain('whsec_');
    expect(t.app.secretBox.open(row!.secret_key_sealed)).toBe(TEST_STRIPE_KEYS.secretKey);
  });

  it('refuses a key that is not one, naming the field, and keeps the saved one', async () => {
    const res = await t.admin.patch('/api/admin/settings/payments', { stripeSecretKey: 'pk_test_publishable123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].path).toBe('stripeSecretKey');
    expect(t.config.stripe.secretKey).toBe(TEST_STRIPE_KEYS.secretKey);
  });

  it("makes a Checkout session for the server's amount in NZD, with the reference and the kind", async () => {
    const session = await checkout(
      2500,
      'HVTEST01',
      { kind: 'test-kind', thing: '7' },
      { customerEmail: 'client@example.com' },
    );
    expect(session.url).toBe(`${stripe.origin}/checkout/${session.id}`);
    const request = stripe.requests.findLast((r) => r.path === '/v1/checkout/sessions');
    expect(request!.headers.authorization).toBe(`Bearer ${TEST_STRIPE_KEYS.secretKey}`);
    expect(request!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request!.form).toMatchObject({
      mode: 'payment',
      client_reference_id: 'HVTEST01',
      customer_email: 'client@example.com',
      line_items: [{ quantity: '1', price_data: { currency: 'nzd', unit_amount: '2500' } }],
      metadata: { kind: 'test-kind', thing: '7', hv_checkout: String(session.checkoutId) },
      payment_intent_data: { metadata: { kind: 'test-kind', hv_checkout: String(session.checkoutId) } },
    });
    // Asked again while it is open: the same session, so the client pays once.
    const again = await checkout(2500, 'HVTEST01', { kind: 'test-kind', thing: '7' });
    expect(again.id).toBe(session.id);

    const before = completed.length;
    const { sessionCompleted, paymentIntentSucceeded } = stripe.pay(session.id);
    // The PaymentIntent's event first, then the session's twice: one completion.
    for (const event of [paymentIntentSucceeded, sessionCompleted, sessionCompleted]) {
      const res = await post(event);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(completed.length).toBe(before + 1);
    expect(completed.at(-1)).toMatchObject({
      kind: 'test-kind',
      amountCents: 2500,
      currency: 'nzd',
      reference: 'HVTEST01',
      metadata: { kind: 'test-kind', thing: '7' },
      paymentIntentId: paymentIntentSucceeded.data.object.id,
    });
  });

  it('refuses a bad signature with 400 and records nothing', async () => {
    const session = await checkout(1000, 'HVTEST02', { kind: 'test-kind', thing: '8' });
    const { sessionCompleted } = stripe.pay(session.id);
    const before = completed.length;
    const wrong = await post(sessionCompleted, 'whsec_someoneelsessecret0000');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    const unsigned = await postRaw(JSON.stringify(sessionCompleted));
    expect(unsigned.statusCode).toBe(400);
    // Signed, then changed: the amount edited after signing.
    const { payload, signature } = stripe.signed(sessionCompleted, TEST_STRIPE_KEYS.webhookSecret);
    const edited = await postRaw(payload.replace('"amount_total": 1000', '"amount_total": 1'), signature);
    expect(edited.statusCode).toBe(400);
    // Signed too long ago (a replay): Stripe's 5 minutes of tolerance.
    const old = stripe.signed(sessionCompleted, TEST_STRIPE_KEYS.webhookSecret, Math.floor(Date.now() / 1000) - 3600);
    const replay = await postRaw(old.payload, old.signature);
    expect(replay.statusCode).toBe(400);
    expect(completed.length).toBe(before);
    expect(await completedAt(session.id)).toBeNull();
  });

  it('records nothing when what Stripe took is not what the server asked', async () => {
    const session = await checkout(3000, 'HVTEST03', { kind: 'test-kind', thing: '9' });
    const { sessionCompleted } = stripe.pay(session.id, { amountCents: 300 });
    const before = completed.length;
    const res = await post(sessionCompleted);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ outcome: 'mismatch' });
    expect(completed.length).toBe(before);
  });

  it('answers 503 for a kind no handler knows, so Stripe delivers it again', async () => {
    const session = await checkout(1200, 'HVTEST04', { kind: 'not-registered' });
    const res = await post(stripe.pay(session.id).sessionCompleted);
    expect(res.statusCode).toBe(503);
    expect(await completedAt(session.id)).toBeNull();
  });

  it('ignores events it has nothing to do with', async () => {
    const res = await post(stripe.event('customer.created', { id: 'cus_1', object: 'customer' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true, outcome: 'ignored' });
  });

  it('falls back to the environment when her keys are removed (none here: card payments stop)', async () => {
    const res = await t.admin.patch('/api/admin/settings/payments', {
      stripeSecretKey: null,
      stripeWebhookSecret: null,
    });
    expect(res.json()).toMatchObject({ enabled: false, stripeSecretKey: { set: false, source: 'none' } });
    expect(t.app.stripe.enabled()).toBe(false);
    await saveKeys();
  });
});
