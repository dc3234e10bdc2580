import { describe, expect, it } from 'vitest';
import type { ReceiptSummary } from '@shared/schemas/receipts';
import { lastReplaceable, receiptLine } from './receipts-view';

const r = (number: number, over: Partial<ReceiptSummary> = {}): ReceiptSummary => ({
  number,
  kind: 'receipt',
  replaces: null,
  relatesTo: null,
  totalCents: 8000,
  gstCents: 1043,
  issuedOn: '2025-03-05',
  url: `/api/admin/receipts/${number}.pdf`,
  ...over,
});

describe('lastReplaceable', () => {
  it('is the newest receipt not replaced yet; credit notes are never replaced', () => {
    expect(lastReplaceable([])).toBeNull();
    expect(lastReplaceable([r(3)])?.number).toBe(3);
    expect(lastReplaceable([r(3), r(5, { replaces: 3 })])?.number).toBe(5);
    expect(lastReplaceable([r(3), r(4, { kind: 'credit-note', relatesTo: 3 })])?.number).toBe(3);
  });
});

describe('receiptLine', () => {
  it('says the kind, number, amount, date and what it replaces or relates to', () => {
    expect(receiptLine(r(12))).toBe('Receipt 12 · $80.00 · 05 Mar 2025');
    expect(receiptLine(r(14, { replaces: 12 }))).toBe('Receipt 14 · $80.00 · 05 Mar 2025 · replaces 12');
    expect(receiptLine(r(15, { kind: 'credit-note', relatesTo: 14, totalCents: 2000 }))).toBe(
      'Credit note 15 · $20.00 · 05 Mar 2025 · for receipt 14',
    );
  });
});
