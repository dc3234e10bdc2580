/**
 * Receipts (docs/product.md §18.3, docs/decisions/028-receipts.md): the shapes of
 * POST /api/admin/bookings/{id}/receipt, …/receipts, /api/admin/receipts/{number}.pdf and …/send.
 */
import { z } from 'zod';
import { RECEIPT_KINDS } from '../receipts';

/** A receipt number in a path: a positive whole number of at most nine digits. */
export const receiptNumberParams = z.object({
  number: z
    .string()
    .regex(/^\d{1,9}$/, 'A receipt number is a whole number')
    .transform(Number)
    .pipe(z.number().int().min(1, 'A receipt number is a whole number')),
});

/**
 * POST /api/admin/bookings/{id}/receipt. No body (or `{}`): a receipt of what was paid.
 * `{ replaces: 12 }`: a corrected receipt, a new number that says which one it replaces.
 * `{ kind: 'credit-note' }`: a credit note for money refunded since the last receipt or credit note.
 */
export const receiptRequestSchema = z
  .strictObject({
    kind: z.enum(RECEIPT_KINDS, { error: "Kind is 'receipt' or 'credit-note'" }).default('receipt'),
    replaces: z
      .number({ error: 'Replaces is the number of an earlier receipt' })
      .int('Replaces is the number of an earlier receipt')
      .min(1, 'Replaces is the number of an earlier receipt')
      .max(999_999_999, 'Replaces is the number of an earlier receipt')
      .optional(),
  })
  .refine((b) => !(b.kind === 'credit-note' && b.replaces !== undefined), {
    message: 'A credit note relates to the last receipt by itself: leave out replaces',
    path: ['replaces'],
  })
  .optional()
  .transform((b) => b ?? { kind: 'receipt' as const, replaces: undefined });
export type ReceiptRequest = z.input<typeof receiptRequestSchema>;

/** The answer of a new receipt (201) and of a re-send (202). */
export const receiptIssuedSchema = z.object({
  number: z.number().int(),
  url: z.string(),
});
export type ReceiptIssued = z.infer<typeof receiptIssuedSchema>;

/** One line of GET /api/admin/bookings/{id}/receipts, oldest first. */
export const receiptSummarySchema = z.object({
  number: z.number().int(),
  kind: z.enum(RECEIPT_KINDS),
  /** The receipt a corrected one replaces. */
  replaces: z.number().int().nullable(),
  /** The receipt a credit note relates to. */
  relatesTo: z.number().int().nullable(),
  totalCents: z.number().int(),
  gstCents: z.number().int(),
  /** NZ date, YYYY-MM-DD. */
  issuedOn: z.string(),
  url: z.string(),
});
export type ReceiptSummary = z.infer<typeof receiptSummarySchema>;

/** Where a receipt's PDF is read (the session's cookie is the access). */
export const receiptPdfPath = (number: number) => `/api/admin/receipts/${number}.pdf`;
