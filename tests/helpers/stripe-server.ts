/**
 * A Stripe API on 127.0.0.1 for the card payment tests (decision 037), speaking what the official library
 * sends and reads: form-encoded POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id}, GET
 * /v1/payment_intents/{id}, POST /v1/refunds, with a Bearer key, answering objects shaped as Stripe's API reference
 * (checkout.session, payment_intent, refund, event) and `{ error: { type, message } }` on a refusal. Point the app
 * at it with STRIPE_API_BASE = `origin`.
 *
 * A test then plays the client and Stripe: `pay(sessionId)` completes a session as Checkout would and answers the
 * events Stripe sends for it; `signed(event, secret)` signs one with Stripe's documented scheme
 * (`stripe.webhooks.generateTestHeaderString`); `deliver(url, event, secret)` POSTs it as Stripe does. For the
 * browser, the session's `url` is a loopback page (`/checkout/{id}`) whose 'Pay' button pays, delivers the events to
 * `webhookTarget` (twice, as Stripe may) and redirects to the success URL. `dispute(paymentIntentId)` opens a dispute
 * on a paid payment's charge, as a card holder's bank does, and `disputeEvent` answers its `charge.dispute.*` events.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

export interface StripeRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The form body, nested as Stripe reads it (`line_items[0][price_data][unit_amount]`). */
  form: Record<string, unknown>;
}

type Obj = Record<string, unknown>;

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: Obj };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

export interface StripeServer {
  origin: string;
  requests: StripeRequest[];
  sessions: Map<string, Obj>;
  paymentIntents: Map<string, Obj>;
  refunds: Map<string, Obj>;
  disputes: Map<string, Obj>;
  /** Where the checkout page and refunds deliver their events (the app's webhook), with its secret. */
  webhookTarget: { url: string; secret: string } | null;
  /** How many times each event is delivered to webhookTarget (Stripe may deliver one more than once). */
  deliveries: number;
  /** The status a new refund is answered with (cards: 'succeeded'; some methods 'pending'). */
  refundStatus: 'succeeded' | 'pending';
  /** The next API calls fail with these statuses (Stripe's api_error), in order. */
  failNext(...statuses: number[]): void;
  /** Completes an open session as Checkout does when the card is accepted; answers the events Stripe then sends. */
  pay(
    sessionId: string,
    options?: { amountCents?: number },
  ): { sessionCompleted: StripeEvent; paymentIntentSucceeded: StripeEvent };
  /** An event of a refund as it stands (`refund.created`, `refund.updated`, `refund.failed`). */
  refundEvent(refundId: string, type?: string, status?: string): StripeEvent;
  /**
   * A dispute of a paid PaymentIntent's charge, as Stripe's API reference shapes it (`needs_response`, the whole
   * amount, evidence due in 3 weeks, unless told otherwise); answers it and its `charge.dispute.created` event.
   */
  dispute(
    paymentIntentId: string,
    options?: { reason?: string; status?: string; amountCents?: number },
  ): { dispute: Obj; created: StripeEvent };
  /** An event of a dispute as it stands, its status changed first when given (`charge.dispute.closed`, 'won'). */
  disputeEvent(disputeId: string, type: string, status?: string): StripeEvent;
  /** Any event around an object. */
  event(type: string, object: Obj): StripeEvent;
  /** The body and Stripe-Signature header of an event signed with `secret` (at `timestamp`, seconds). */
  signed(event: StripeEvent, secret: string, timestamp?: number): { payload: string; signature: string };
  /** POSTs an event to a webhook URL as Stripe does; answers the status and body. */
  deliver(url: string, event: StripeEvent, secret: string): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

const API_VERSION = '2026-11-18.endive';
const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** `a[b][0][c]=v&...` as nested objects and arrays, as Stripe reads a form. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const out: Obj = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Obj = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) {
        node[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[i + 1]!);
      node[part] ??= nextIsIndex ? [] : {};
      node = node[part] as Obj;
    });
  }
  return out;
}

const stripeError = (res: http.ServerResponse, status: number, message: string, param?: string) => {
  const type = status >= 500 ? 'api_error' : 'invalid_request_error';
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { type, message, ...(param ? { param } : {}) } }));
};

const json = (res: http.ServerResponse, body: unknown) => {
  res.writeHead(200, { 'content-type': 'application/json', 'request-id': id('req') });
  res.end(JSON.stringify(body));
};

/** A form or stored value as text ('' for none). */
const text = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export async function startStripeServer(): Promise<StripeServer> {
  const requests: StripeRequest[] = [];
  const sessions = new Map<string, Obj>();
  const paymentIntents = new Map<string, Obj>();
  const refunds = new Map<string, Obj>();
  const disputes = new Map<string, Obj>();
  const idempotent = new Map<string, unknown>();
  const failures: number[] = [];
  const webhooks = Stripe.webhooks;
  let origin = '';

  const event = (type: string, object: Obj): StripeEvent => ({
    id: id('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: now(),
    data: { object: structuredClone(object) },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  });

  const signed = (e: StripeEvent, secret: string, timestamp = now()) => {
    const payload = JSON.stringify(e, null, 2);
    return { payload, signature: webhooks.generateTestHeaderString({ payload, secret, timestamp }) };
  };

  const deliver = async (url: string, e: StripeEvent, secret: string) => {
    const { payload, signature } = signed(e, secret);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
      body: payload,
    });
    return { status: res.status, body: await res.text() };
  };

  const pay = (sessionId: string, options: { amountCents?: number } = {}) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`no session ${sessionId}`);
    if (session.status !== 'open') throw new Error(`session ${sessionId} is ${String(session.status)}`);
    const amount = options.amountCents ?? (session.amount_total as number);
    const intent: Obj = {
      id: id('pi'),
      object: 'payment_intent',
      amount,
      amount_received: amount,
      currency: session.currency,
      status: 'succeeded',
      description: (session.payment_intent_data as Obj | undefined)?.description ?? null,
      metadata: { ...((session.payment_intent_data as Obj | undefined)?.metadata as Obj | undefined) },
      latest_charge: id('ch'),
      receipt_email: session.customer_email ?? null,
      created: now(),
      livemode: false,
      amount_refunded: 0,
    };
    paymentIntents.set(intent.id as string, intent);
    Object.assign(session, {
      status: 'complete',
      payment_status: 'paid',
      payment_intent: intent.id,
      amount_total: amount,
      customer_details: { email: session.customer_email ?? 'client@example.com', name: null },
    });
    return {
      sessionCompleted: event('checkout.session.completed', session),
      paymentIntentSucceeded: event('payment_intent.succeeded', intent),
    };
  };

  const refundEvent = (refundId: string, type = 'refund.created', status?: string) => {
    const refund = refunds.get(refundId);
    if (!refund) throw new Error(`no refund ${refundId}`);
    if (status) refund.status = status;
    return event(type, refund);
  };

  const dispute = (
    paymentIntentId: string,
    options: { reason?: string; status?: string; amountCents?: number } = {},
  ) => {
    const intent = paymentIntents.get(paymentIntentId);
    if (!intent) throw new Error(`no payment_intent ${paymentIntentId}`);
    const created = now();
    const object: Obj = {
      id: id('dp'),
      object: 'dispute',
      amount: options.amountCents ?? intent.amount_received,
      balance_transactions: [],
      charge: intent.latest_charge,
      created,
      currency: intent.currency,
      evidence: {},
      evidence_details: { due_by: created + 21 * 24 * 3600, has_evidence: false, past_due: false, submission_count: 0 },
      is_charge_refundable: false,
      livemode: false,
      metadata: {},
      payment_intent: intent.id,
      reason: options.reason ?? 'fraudulent',
      status: options.status ?? 'needs_response',
    };
    disputes.set(object.id as string, object);
    return { dispute: object, created: event('charge.dispute.created', object) };
  };

  const disputeEvent = (disputeId: string, type: string, status?: string) => {
    const object = disputes.get(disputeId);
    if (!object) throw new Error(`no dispute ${disputeId}`);
    if (status) object.status = status;
    return event(type, object);
  };

  const api = {
    createSession(form: Obj): Obj {
      const item = (form.line_items as Obj[] | undefined)?.[0];
      const price = item?.price_data as Obj | undefined;
      const amount = Number(price?.unit_amount) * Number(item?.quantity ?? 1);
      if (!Number.isInteger(amount) || amount < 1)
        throw Object.assign(new Error('Invalid amount'), { param: 'line_items' });
      if (!form.success_url)
        throw Object.assign(new Error('Missing required param: success_url.'), { param: 'success_url' });
      const sessionId = id('cs');
      const session: Obj = {
        id: sessionId,
        object: 'checkout.session',
        amount_subtotal: amount,
        amount_total: amount,
        cancel_url: form.cancel_url ?? null,
        client_reference_id: form.client_reference_id ?? null,
        created: now(),
        currency: text(price?.currency).toLowerCase(),
        customer_details: null,
        customer_email: form.customer_email ?? null,
        expires_at: now() + 24 * 3600,
        livemode: false,
        metadata: form.metadata ?? {},
        mode: form.mode,
        payment_intent: null,
        payment_intent_data: form.payment_intent_data ?? null,
        payment_method_types: form.payment_method_types ?? ['card'],
        payment_status: 'unpaid',
        status: 'open',
        success_url: form.success_url,
        line_items_description: (price?.product_data as Obj | undefined)?.name ?? null,
        url: `${origin}/checkout/${sessionId}`,
      };
      sessions.set(sessionId, session);
      return session;
    },
    createRefund(form: Obj): Obj {
      const intent = paymentIntents.get(text(form.payment_intent));
      if (!intent)
        throw Object.assign(new Error(`No such payment_intent: '${String(form.payment_intent)}'`), {
          param: 'payment_intent',
          status: 404,
        });
      const left = (intent.amount_received as number) - (intent.amount_refunded as number);
      const amount = form.amount === undefined ? left : Number(form.amount);
      if (amount > left) {
        throw Object.assign(
          new Error(
            `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge ($${(left / 100).toFixed(2)})`,
          ),
          { param: 'amount' },
        );
      }
      intent.amount_refunded = (intent.amount_refunded as number) + amount;
      const refund: Obj = {
        id: id('re'),
        object: 'refund',
        amount,
        balance_transaction: id('txn'),
        charge: intent.latest_charge,
        created: now(),
        currency: intent.currency,
        metadata: form.metadata ?? {},
        payment_intent: intent.id,
        reason: form.reason ?? null,
        status: server.refundStatus,
      };
      refunds.set(refund.id as string, refund);
      return refund;
    },
  };

  /** The loopback Checkout page: what the client sees, with 'Pay' and 'Back'. */
  const checkoutPage = (session: Obj) => {
    const amount = `$${((session.amount_total as number) / 100).toFixed(2)} ${String(session.currency).toUpperCase()}`;
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Checkout (test)</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem">
<h1>Test checkout</h1><p>${escapeHtml(text(session.line_items_description))}</p><p><strong>${amount}</strong></p>
<form method="post" action="/checkout/${String(session.id)}/pay"><button type="submit">Pay ${amount}</button></form>
<p><a href="${escapeHtml(text(session.cancel_url) || '/')}">Back</a></p></body></html>`;
  };

  const deliverToTarget = async (events: StripeEvent[]) => {
    const target = server.webhookTarget;
    if (!target) return;
    for (let i = 0; i < server.deliveries; i += 1) {
      for (const e of events) await deliver(target.url, e, target.secret);
    }
  };

  const handle = async (req: http.IncomingMessage, res: http.ServerResponse, body: string) => {
    const url = new URL(req.url ?? '/', origin);
    const path = url.pathname;
    // The browser asks the Checkout page's host for an icon: none, without an error.
    if (path === '/favicon.ico') return void res.writeHead(204).end();
    // The browser's side: the Checkout page and its 'Pay'.
    const page = /^\/checkout\/([^/]+)(\/pay)?$/.exec(path);
    if (page) {
      const session = sessions.get(page[1]!);
      if (!session) return stripeError(res, 404, 'No such checkout session');
      if (!page[2]) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(checkoutPage(session));
      }
      if (session.status === 'open') {
        const { sessionCompleted, paymentIntentSucceeded } = pay(String(session.id));
        await deliverToTarget([sessionCompleted, paymentIntentSucceeded]);
      }
      res.writeHead(303, { location: String(session.success_url) });
      return res.end();
    }
    // The API's side.
    const form = parseStripeForm(body);
    requests.push({ method: req.method ?? '', path, headers: req.headers, form });
    if (!/^Bearer (sk|rk)_(test|live)_/.test(req.headers.authorization ?? '')) {
      return stripeError(res, 401, 'Invalid API Key provided');
    }
    const failure = failures.shift();
    if (failure) return stripeError(res, failure, 'An error occurred with our connection to Stripe.');
    const key = req.headers['idempotency-key'];
    if (req.method === 'POST' && typeof key === 'string' && idempotent.has(key)) return json(res, idempotent.get(key));
    try {
      let answer: unknown;
      const one = /^\/v1\/(checkout\/sessions|payment_intents|refunds)\/([^/]+)$/.exec(path);
      if (req.method === 'POST' && path === '/v1/checkout/sessions') answer = api.createSession(form);
      else if (req.method === 'POST' && path === '/v1/refunds') {
        answer = api.createRefund(form);
        void deliverToTarget([event('refund.created', answer as Obj)]);
      } else if (req.method === 'GET' && one) {
        const store = one[1] === 'refunds' ? refunds : one[1] === 'payment_intents' ? paymentIntents : sessions;
        answer = store.get(one[2]!);
        if (!answer) return stripeError(res, 404, `No such ${one[1]}: '${one[2]}'`, 'id');
      } else return stripeError(res, 404, `Unrecognized request URL (${req.method} ${path}).`);
      if (req.method === 'POST' && typeof key === 'string') idempotent.set(key, answer);
      return json(res, answer);
    } catch (err) {
      const e = err as Error & { param?: string; status?: number };
      return stripeError(res, e.status ?? 400, e.message, e.param);
    }
  };

  const httpServer = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      handle(req, res, body).catch((err: unknown) => stripeError(res, 500, String(err)));
    });
  });
  await new Promise<void>((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(httpServer.address() as AddressInfo).port}`;

  const server: StripeServer = {
    origin,
    requests,
    sessions,
    paymentIntents,
    refunds,
    disputes,
    webhookTarget: null,
    deliveries: 1,
    refundStatus: 'succeeded',
    failNext: (...statuses) => failures.push(...statuses),
    pay,
    refundEvent,
    dispute,
    disputeEvent,
    event,
    signed,
    deliver,
    close: () =>
      new Promise((resolve) => {
        httpServer.closeAllConnections();
        httpServer.close(() => resolve());
      }),
  };
  return server;
}

/** Test keys in Stripe's shapes (not real keys). */
export const TEST_STRIPE_KEYS = {
  secretKey: 'sk_test_homevisitloopback0000000001',
  webhookSecret: 'whsec_homevisitloopbacksecret0001',
} as const;
