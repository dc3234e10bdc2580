/**
 * Card payments through Stripe (docs/decisions/037-card-payments.md): her keys in Settings (written, never
 * read back), the client's 'Pay by card', her 'Pay now' link and refunds. Every amount is the server's.
 */
import { z } from 'zod';
import { multiLine, singleLine } from './text';
import { PAYMENT_MAX_CENTS } from './payment';

export const SECRET_KEY_INVALID = 'Paste the secret key from Stripe: it starts with sk_test_ or sk_live_';
export const WEBHOOK_SECRET_INVALID = "Paste the webhook's signing secret from Stripe: it starts with whsec_";

/** A key pasted in: the characters Stripe's keys are made of, with its prefix. */
const key = (pattern: RegExp, message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(255, message)
    .refine(...singleLine)
    .refine((v) => pattern.test(v), message);

/**
 * PATCH /api/admin/settings/payments: a key given is saved (sealed); `null` removes her saved key (the environment's,
 * if any, applies again); a key left out stays as it is.
 */
export const cardPaymentSettingsPatchSchema = z.strictObject({
  stripeSecretKey: key(/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/, SECRET_KEY_INVALID)
    .nullable()
    .optional(),
  stripeWebhookSecret: key(/^whsec_[A-Za-z0-9+/=]{8,}$/, WEBHOOK_SECRET_INVALID)
    .nullable()
    .optional(),
});
export type CardPaymentSettingsPatch = z.infer<typeof cardPaymentSettingsPatchSchema>;

/** Where a key in force comes from: her Settings, the server's environment, or nowhere. */
export const KEY_SOURCES = ['settings', 'environment', 'none'] as const;

/** A key as her screens see it: whether it is set and its last 4 characters, never the key. */
export const keyStateSchema = z.object({
  set: z.boolean(),
  /** The last 4 characters, to tell two keys apart; null when not set. */
  last4: z.string().nullable(),
  source: z.enum(KEY_SOURCES),
});
export type KeyState = z.infer<typeof keyStateSchema>;

/** GET /api/admin/settings/payments (and PATCH's answer). */
export const cardPaymentSettingsSchema = z
  .object({
    /** Card payments are offered: both keys are set. */
    enabled: z.boolean(),
    /** Test mode (sk_test_): no real money moves. Null without a secret key. */
    testMode: z.boolean().nullable(),
    stripeSecretKey: keyStateSchema,
    stripeWebhookSecret: keyStateSchema,
    /** The address to give Stripe for the webhook (this site's POST /api/webhooks/stripe). */
    webhookUrl: z.string(),
  })
  .meta({ id: 'CardPaymentSettings' });
export type CardPaymentSettings = z.infer<typeof cardPaymentSettingsSchema>;

export const PAY_PURPOSES = ['deposit', 'balance'] as const;
export type PayPurpose = (typeof PAY_PURPOSES)[number];
export const PAY_PURPOSE_INVALID = "Say what to pay: 'deposit' or 'balance'";

/** POST /api/bookings/token/{token}/pay: what to pay. The amount is never the client's: the server works it out. */
export const payByCardSchema = z.strictObject({
  purpose: z.enum(PAY_PURPOSES, { error: PAY_PURPOSE_INVALID }),
});
export type PayByCardInput = z.infer<typeof payByCardSchema>;

/** Its answer: Stripe Checkout's page, where the client pays. */
export const checkoutUrlSchema = z.object({ url: z.string() }).meta({ id: 'CheckoutUrl' });
export type CheckoutUrl = z.infer<typeof checkoutUrlSchema>;

/** GET /api/bookings/token/{token}/pay: what the client may pay by card now (0: nothing). 404 without keys. */
export const cardPayableSchema = z
  .object({
    /** False when card payments are not set up: the page shows nothing of them (and the figures are 0). */
    enabled: z.boolean(),
    depositCents: z.number().int().nonnegative(),
    balanceCents: z.number().int().nonnegative(),
  })
  .meta({ id: 'CardPayable' });
export type CardPayable = z.infer<typeof cardPayableSchema>;

export const REFUND_REASON_MAX = 300;
export const REFUND_AMOUNT_INVALID = 'Enter the amount to refund, more than $0';
export const REFUND_REASON_REQUIRED = 'A refund needs a reason';

/** POST /api/admin/payments/{id}/refund: a refund of a card payment through Stripe. */
export const cardRefundSchema = z.strictObject({
  amountCents: z
    .number({ error: REFUND_AMOUNT_INVALID })
    .int('The amount must be in whole cents')
    .min(1, REFUND_AMOUNT_INVALID)
    .max(PAYMENT_MAX_CENTS, 'The amount is too large'),
  reason: z
    .string({ error: REFUND_REASON_REQUIRED })
    .trim()
    .min(1, REFUND_REASON_REQUIRED)
    .max(REFUND_REASON_MAX, `Please keep the reason under ${REFUND_REASON_MAX} characters`)
    .refine(...multiLine),
});
export type CardRefundInput = z.infer<typeof cardRefundSchema>;

export const REFUND_STATUSES = ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A refund asked of Stripe: it becomes a negative payment when Stripe confirms it. */
export const cardRefundAnswerSchema = z
  .object({
    refundId: z.string(),
    paymentId: z.number().int(),
    amountCents: z.number().int(),
    reason: z.string(),
    status: z.enum(REFUND_STATUSES),
    createdAt: z.string(),
  })
  .meta({ id: 'CardRefund' });
export type CardRefundAnswer = z.infer<typeof cardRefundAnswerSchema>;

/**
 * Stripe's dispute statuses (a card holder asked their bank for the money back). `warning_*` are inquiries (no money
 * moved yet); won, lost and warning_closed are final.
 */
export const DISPUTE_STATUSES = [
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'needs_response',
  'under_review',
  'won',
  'lost',
] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];
export const FINAL_DISPUTE_STATUSES: readonly DisputeStatus[] = ['won', 'lost', 'warning_closed'];

/** A card payment's dispute, as Stripe last told it (recorded from its signed webhook). */
export const cardDisputeSchema = z
  .object({
    disputeId: z.string(),
    /** The card payment disputed (payments.id). */
    paymentId: z.number().int(),
    amountCents: z.number().int(),
    /** Stripe's reason ('fraudulent', 'product_not_received', ...). */
    reason: z.string(),
    status: z.enum(DISPUTE_STATUSES),
    /** When her answer (evidence) is due at Stripe, ISO; null when none is asked. */
    evidenceDueBy: z.string().nullable(),
    openedAt: z.string(),
  })
  .meta({ id: 'CardDispute' });
export type CardDisputeAnswer = z.infer<typeof cardDisputeSchema>;

/** GET /api/admin/bookings/{id}/card: what her Payments panel offers for a visit. */
export const bookingCardStateSchema = z
  .object({
    /** False without keys: the panel shows nothing of card payments (and the rest is empty). */
    enabled: z.boolean(),
    /** Refunds asked of Stripe and not confirmed yet (a confirmed one is a payment row). */
    pendingRefunds: z.array(cardRefundAnswerSchema),
    /** Disputes of its card payments (decision 037), oldest first. */
    disputes: z.array(cardDisputeSchema),
    /**
     * What is left to refund of each card payment (not voided): its amount less the refunds asked and not failed; 0
     * while it is disputed (open or lost), as Stripe refunds none of a disputed charge.
     */
    refundable: z.array(z.object({ paymentId: z.number().int(), refundableCents: z.number().int().nonnegative() })),
    /** What a 'Pay now' link would ask now (the balance owed), 0 when nothing. */
    balanceCents: z.number().int().nonnegative(),
  })
  .meta({ id: 'BookingCardState' });
export type BookingCardState = z.infer<typeof bookingCardStateSchema>;

/** POST /api/admin/bookings/{id}/pay-link: the client's page where the balance is paid, e-mailed when `send`. */
export const payLinkSchema = z.strictObject({
  send: z.boolean({ error: 'send must be true or false' }).default(false),
});
export const payLinkAnswerSchema = z
  .object({ url: z.string(), amountCents: z.number().int(), sent: z.boolean() })
  .meta({ id: 'PayLink' });
export type PayLinkAnswer = z.infer<typeof payLinkAnswerSchema>;
