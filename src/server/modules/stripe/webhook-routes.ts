/**
 * POST /api/webhooks/stripe (decision 037): Stripe's events, public and checked by their signature (the
 * library's `constructEvent` over the raw body with the webhook secret in force), not by her session. A plugin of its
 * own: only here is the JSON body kept as the bytes Stripe signed. A bad signature is a 400 and changes nothing;
 * without keys the route answers 404 as if card payments did not exist.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { defineRoute } from '../../http/route';
import type { StripeGateway } from './gateway';

export const STRIPE_WEBHOOK_ROUTE = '/api/webhooks/stripe';
/** Stripe's events are a few kB; a Checkout session with its line items stays far below this. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

const webhookAnswerSchema = z
  .object({ received: z.literal(true), outcome: z.enum(['recorded', 'duplicate', 'ignored', 'mismatch']) })
  .meta({ id: 'StripeWebhookAnswer' });

export function stripeWebhookRoutes(gateway: StripeGateway) {
  return async function routes(app: FastifyInstance): Promise<void> {
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
      (_request, body, done) => done(null, body),
    );

    defineRoute(app, {
      method: 'POST',
      url: STRIPE_WEBHOOK_ROUTE,
      access: 'signed',
      summary: "Stripe's events: a Checkout session paid, a refund's or a dispute's news (signed by Stripe)",
      description:
        'Verified with the `Stripe-Signature` header over the raw body and the webhook secret in force; anything else is 400 `WEBHOOK_SIGNATURE_INVALID` and changes nothing. `checkout.session.completed` (paid), `checkout.session.async_payment_succeeded` and `payment_intent.succeeded` record the payment once, whichever arrives first or how often; `refund.created`, `refund.updated` and `refund.failed` record a refund Stripe confirmed as a negative payment. `charge.dispute.created`, `.updated` and `.closed` record a dispute against its card payment (she is e-mailed the first time; a status never goes back from won, lost or a closed inquiry). An event about a payment not recorded yet answers 503 `WEBHOOK_RETRY_LATER`, so Stripe delivers it again. Other events: 200 `ignored`.',
      response: { 200: webhookAnswerSchema },
      errors: ['CARD_PAYMENTS_OFF', 'WEBHOOK_SIGNATURE_INVALID', 'WEBHOOK_RETRY_LATER'],
      async handler(_input, request) {
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const event = gateway.verifyWebhook(body, request.headers['stripe-signature']);
        const outcome = await gateway.handleEvent(event);
        // The event's id and type only: its object names the client.
        request.log.info({ event: 'stripe_webhook', stripeEvent: event.id, type: event.type, outcome }, 'stripe event');
        return { received: true as const, outcome };
      },
    });
  };
}
