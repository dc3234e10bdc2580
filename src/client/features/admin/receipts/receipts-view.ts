/** What the receipts of a visit show (docs/product.md §18.3), as pure functions the component and its test share. */
import { formatCents } from '@shared/money';
import { RECEIPT_KIND_LABELS } from '@shared/receipts';
import type { ReceiptSummary } from '@shared/schemas/receipts';
import { formatShortDate } from '@shared/time';

/** The receipt a 'Corrected receipt' replaces: the newest receipt that no other receipt replaces yet. */
export function lastReplaceable(list: readonly ReceiptSummary[]): ReceiptSummary | null {
  const replaced = new Set(list.map((r) => r.replaces).filter((n): n is number => n !== null));
  return [...list].reverse().find((r) => r.kind === 'receipt' && !replaced.has(r.number)) ?? null;
}

/** 'Receipt 12 · $80.00 · 05 Mar 2025', with what it replaces or relates to. */
export function receiptLine(r: ReceiptSummary): string {
  const parts = [`${RECEIPT_KIND_LABELS[r.kind]} ${r.number}`, formatCents(r.totalCents), formatShortDate(r.issuedOn)];
  if (r.replaces !== null) parts.push(`replaces ${r.replaces}`);
  if (r.relatesTo !== null) parts.push(`for receipt ${r.relatesTo}`);
  return parts.join(' · ');
}
