/**
 * The kinds of receipt (docs/product.md §18.3) and their names, without zod: Today shows them (docs/product.md §17: a
 * screen that only reads does not load the schemas). The request and answer shapes are in schemas/receipts.ts.
 */
export const RECEIPT_KINDS = ['receipt', 'credit-note'] as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[number];

export const RECEIPT_KIND_LABELS: Record<ReceiptKind, string> = {
  receipt: 'Receipt',
  'credit-note': 'Credit note',
};
