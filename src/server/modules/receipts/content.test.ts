import { describe, expect, it } from 'vitest';
import type { PracticeProfile } from '../../practice-profile';
import type { PaymentEntry } from '../payments/ledger';
import { creditNoteContent, receiptContent, uncreditedRefundCents, type ReceiptVisit } from './content';

const profile = {
  name: 'Whāingaroa Mobile Massage',
  locality: 'Raglan',
  email: 'hello@example.nz',
  phone: '021 555 0123',
  businessAddress: 'PO Box 123, Raglan 3225',
  gstNumber: '49-091-850',
  membershipBody: 'Massage New Zealand',
  membershipNumber: 'MNZ 4521',
} as PracticeProfile;

const visit: ReceiptVisit = {
  id: 7,
  date: '2025-03-05',
  time: '14:30',
  serviceName: 'Swedish Massage',
  duration: 60,
  price: 7000,
  travelCost: 1000,
  firstName: 'Ana',
  lastName: 'Smith',
  address: '12 Bow Street, Raglan',
};

let ids = 0;
const payment = (amountCents: number, over: Partial<PaymentEntry> = {}): PaymentEntry => ({
  id: ++ids,
  bookingId: 7,
  amountCents,
  method: 'cash',
  paidAt: '2025-03-05',
  note: 'hers only',
  isDeposit: false,
  source: 'manual',
  voidedAt: null,
  voidReason: null,
  createdAt: '2025-03-05T01:00:00.000Z',
  ...over,
});
const numbering = { number: 12, issuedOn: '2025-03-06', replaces: null, relatesTo: null };

describe('receiptContent', () => {
  it('is a tax invoice with GST 3/23 of the total when a GST number is set', () => {
    const c = receiptContent(
      numbering,
      visit,
      [
        payment(2000, { method: 'bank-transfer', isDeposit: true, paidAt: '2025-03-01' }),
        payment(6000),
        payment(900, { method: 'card', voidedAt: '2025-03-05T02:00:00.000Z', voidReason: 'typed twice' }),
      ],
      profile,
    );
    expect(c.title).toBe('Tax invoice');
    expect(c.seller).toEqual({
      name: 'Whāingaroa Mobile Massage',
      address: 'PO Box 123, Raglan 3225',
      email: 'hello@example.nz',
      phone: '021 555 0123',
      gstNumber: '49-091-850',
      membership: 'Massage New Zealand, member no. MNZ 4521',
    });
    expect(c.lines).toEqual([
      { description: 'Swedish Massage (60 min)', amountCents: 7000 },
      { description: 'Travel fee', amountCents: 1000 },
    ]);
    expect(c.totalCents).toBe(8000);
    expect(c.gstCents).toBe(1043);
    // The voided card payment is left out; the deposit says so.
    expect(c.payments.map((p) => [p.label, p.methodLabel, p.amountCents])).toEqual([
      ['Deposit', 'Bank transfer', 2000],
      ['Payment', 'Cash', 6000],
    ]);
    expect([c.receivedCents, c.balanceCents]).toEqual([8000, 0]);
    expect(c.buyer).toEqual({ name: 'Ana Smith', address: null });
    expect(c.description).toBe('Swedish Massage, 60 min, home visit on 05 Mar 2025 at 2:30 PM (NZ time)');
    expect(JSON.stringify(c)).not.toContain('hers only');
  });

  it("names the buyer's address only on a tax invoice over $1,000", () => {
    const big = { ...visit, price: 100_000, travelCost: 1 };
    expect(receiptContent(numbering, big, [payment(1000)], profile).buyer.address).toBe('12 Bow Street, Raglan');
    expect(receiptContent(numbering, { ...big, travelCost: 0 }, [payment(1000)], profile).buyer.address).toBeNull();
    expect(receiptContent(numbering, big, [payment(1000)], { ...profile, gstNumber: null }).buyer.address).toBeNull();
  });

  it('without a GST number is a Receipt with no GST, and her locality when she gave no address', () => {
    const c = receiptContent(numbering, visit, [payment(3000)], {
      ...profile,
      gstNumber: null,
      businessAddress: null,
      membershipBody: null,
      membershipNumber: null,
    });
    expect(c.title).toBe('Receipt');
    expect(c.gstCents).toBeNull();
    expect(c.seller.address).toBe('Raglan');
    expect(c.seller.membership).toBeNull();
    expect(c.balanceCents).toBe(5000);
  });

  it('a corrected receipt names the one it replaces', () => {
    expect(receiptContent({ ...numbering, replaces: 11 }, visit, [payment(8000)], profile).replaces).toBe(11);
  });
});

describe('creditNoteContent', () => {
  const entries = [payment(8000), payment(-2000, { note: 'shortened' }), payment(-500, { method: 'bank-transfer' })];

  it('credits the refunds, relates to a receipt, and keeps the GST of the credit', () => {
    const c = creditNoteContent({ ...numbering, relatesTo: 11 }, visit, entries, profile, 0);
    expect(c.title).toBe('Credit note');
    expect(c.kind).toBe('credit-note');
    expect(c.relatesTo).toBe(11);
    expect(c.totalCents).toBe(2500);
    expect(c.gstCents).toBe(326);
    expect(c.lines).toEqual([
      { description: 'Refund (Cash) on 05 Mar 2025', amountCents: 2000 },
      { description: 'Refund (Bank transfer) on 05 Mar 2025', amountCents: 500 },
    ]);
    // A refund credits the visit; it does not make it owed again (src/shared/payments.ts).
    expect(c.balanceCents).toBe(0);
  });

  it('credits only what earlier credit notes did not', () => {
    expect(uncreditedRefundCents(entries, 2000)).toBe(500);
    expect(uncreditedRefundCents(entries, 3000)).toBe(0);
    const c = creditNoteContent({ ...numbering, relatesTo: 11 }, visit, entries, profile, 2000);
    expect(c.totalCents).toBe(500);
    expect(c.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(500);
  });
});
