/**
 * Payments (docs/product.md §18.1, docs/decisions/027-payments.md): what she records against a visit,
 * its void, and the balance the server answers. One source for the form's rules on both sides; the money rules
 * themselves are in src/shared/payments.ts.
 */
import { z } from 'zod';
import { multiLine } from './text';
import { PAYMENT_METHODS } from '../constants';
import { AMOUNT_REQUIRED } from '../payments';
import { isValidDateString, nzToday } from '../time';

export const PAYMENT_NOTE_MAX = 500;
export const VOID_REASON_MAX = 300;
/** The largest single payment or refund: $100,000, well beyond any visit, so a typo is caught. */
export const PAYMENT_MAX_CENTS = 100_000_00;

export const AMOUNT_WHOLE_CENTS = 'The amount must be in whole cents';
export const AMOUNT_TOO_LARGE = 'The amount is too large';
export const METHOD_REQUIRED = 'Choose how it was paid: cash, bank transfer, card or voucher';
export const PAID_AT_INVALID = 'The payment date must be a date (yyyy-MM-dd)';
export const PAID_AT_FUTURE = 'The payment date cannot be in the future';
export const NOTE_TOO_LONG = `Please keep the note under ${PAYMENT_NOTE_MAX} characters`;
export const REFUND_NEEDS_REASON = 'A refund needs a reason';
export const OVERPAYMENT_INVALID = 'The overpayment must be a whole number of cents, zero or more';
export const OVERPAYMENT_ON_REFUND = 'A refund has no overpayment';
export const VOID_REASON_REQUIRED = 'Please say why the payment is voided';
export const VOID_REASON_TOO_LONG = `Please keep the reason under ${VOID_REASON_MAX} characters`;

/** POST /api/admin/bookings/{id}/payments. A negative amount is a refund, and its reason goes in `note`. */
export const recordPaymentSchema = z
  .object({
    amountCents: z
      .number({ error: AMOUNT_REQUIRED })
      .int(AMOUNT_WHOLE_CENTS)
      .refine((v) => v !== 0, AMOUNT_REQUIRED)
      .refine((v) => Math.abs(v) <= PAYMENT_MAX_CENTS, AMOUNT_TOO_LARGE),
    method: z.enum(PAYMENT_METHODS, { error: METHOD_REQUIRED }),
    /** The NZ date the money changed hands; today (NZ) when left out. */
    paidAt: z
      .string({ error: PAID_AT_INVALID })
      .refine(isValidDateString, PAID_AT_INVALID)
      .refine((d) => d <= nzToday(), PAID_AT_FUTURE)
      .optional(),
    note: z
      .string({ error: 'The note must be text' })
      .trim()
      .max(PAYMENT_NOTE_MAX, NOTE_TOO_LONG)
      .refine(...multiLine)
      .nullish()
      .transform((v) => (v ? v : undefined)),
    /** Left out: the server decides (the booking's deposit while it has not all arrived and the visit is ahead). */
    isDeposit: z.boolean({ error: 'isDeposit must be true or false' }).optional(),
    /**
     * She ticked 'The client paid more (a tip or rounding)': the amount is more than owed by exactly this. Without
     * it a payment above what is owed is refused.
     */
    overpaymentCents: z
      .number({ error: OVERPAYMENT_INVALID })
      .int(OVERPAYMENT_INVALID)
      .min(0, OVERPAYMENT_INVALID)
      .optional(),
  })
  .superRefine((p, ctx) => {
    if (p.amountCents < 0 && !p.note) ctx.addIssue({ code: 'custom', path: ['note'], message: REFUND_NEEDS_REASON });
    if (p.amountCents < 0 && (p.overpaymentCents ?? 0) > 0) {
      ctx.addIssue({ code: 'custom', path: ['overpaymentCents'], message: OVERPAYMENT_ON_REFUND });
    }
  });
export type RecordPaymentInput = z.input<typeof recordPaymentSchema>;
export type RecordPayment = z.output<typeof recordPaymentSchema>;

/** POST /api/admin/payments/{id}/void */
export const voidPaymentSchema = z.object({
  reason: z
    .string({ error: VOID_REASON_REQUIRED })
    .trim()
    .min(1, VOID_REASON_REQUIRED)
    .max(VOID_REASON_MAX, VOID_REASON_TOO_LONG)
    .refine(...multiLine),
});
export type VoidPaymentInput = z.infer<typeof voidPaymentSchema>;

/** A visit's balance as the server computes it (src/shared/payments.ts); screens show it, never work it out. */
export const balanceSchema = z
  .object({
    /** Price and travel fee. */
    totalCents: z.number().int(),
    /** Payments less refunds; voided ones count for nothing. */
    receivedCents: z.number().int(),
    /** Never negative. */
    owedCents: z.number().int(),
    status: z.enum(['paid', 'part-paid', 'unpaid']),
  })
  .meta({ id: 'Balance' });
export type BalanceAnswer = z.infer<typeof balanceSchema>;

/** One payment as recorded, its void included. A refund is negative. */
export const paymentEntrySchema = z
  .object({
    id: z.number().int(),
    bookingId: z.number().int(),
    amountCents: z.number().int(),
    method: z.enum(PAYMENT_METHODS),
    /** NZ date, yyyy-MM-dd. */
    paidAt: z.string(),
    /** Hers: never printed on a receipt. */
    note: z.string().nullable(),
    isDeposit: z.boolean(),
    /** 'manual' for what she records; a card provider's name later (decision 027). */
    source: z.string(),
    voidedAt: z.string().nullable(),
    voidReason: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Payment' });
export type PaymentEntryAnswer = z.infer<typeof paymentEntrySchema>;

/** The answer of POST …/payments and POST /api/admin/payments/{id}/void: the entry and the visit's new balance. */
export const paymentAnswerSchema = paymentEntrySchema.extend({ balance: balanceSchema }).meta({ id: 'PaymentAnswer' });
export type PaymentAnswer = z.infer<typeof paymentAnswerSchema>;

/** GET /api/admin/bookings/{id}/payments: every payment, oldest first, voided ones included. */
export const bookingPaymentsSchema = z
  .object({ payments: z.array(paymentEntrySchema), balance: balanceSchema })
  .meta({ id: 'BookingPayments' });
export type BookingPayments = z.infer<typeof bookingPaymentsSchema>;
