/**
 * What a receipt says (docs/product.md §18.3, docs/decisions/028-receipts.md), as a pure function of the
 * visit, its payments (modules/payments/ledger.ts), the practice profile and the kind. The result is stored with the
 * receipt (receipts.content) and is all the PDF is drawn from, so a receipt re-sent next year prints the same.
 *
 * Inland Revenue's taxable supply information (GST Act s 19F, from 1 April 2023), when she is GST-registered: her
 * name and GST number, the date, a description of what was supplied, the total and the GST in it; over $1,000 also
 * the buyer's name and an identifier (here the visit's address). 'Tax invoice' is printed because clients' insurers
 * still ask for those words. Health details, her notes on the visit and a payment's note are hers and never printed.
 */
import { formatShortDate, formatNzTime } from '@shared/time';
import { PAYMENT_METHOD_LABELS, gstOfInclusiveCents } from '@shared/payments';
import type { PaymentMethod } from '@shared/constants';
import type { ReceiptKind } from '@shared/receipts';
import type { PracticeProfile } from '../../practice-profile';
import { balanceOf, type PaymentEntry } from '../payments/ledger';

/** Over this total (GST-inclusive) a tax invoice names the buyer and their address. */
export const BUYER_DETAILS_OVER_CENTS = 100_000;

/** The visit as a receipt sees it: no health fields, no notes. */
export interface ReceiptVisit {
  id: number;
  date: string;
  time: string;
  serviceName: string;
  duration: number;
  price: number;
  travelCost: number;
  firstName: string;
  lastName: string;
  address: string;
}

export interface ReceiptLine {
  description: string;
  amountCents: number;
}

export interface ReceiptPaymentLine {
  /** NZ date, YYYY-MM-DD. */
  paidAt: string;
  method: PaymentMethod;
  methodLabel: string;
  amountCents: number;
  /** 'Deposit', 'Refund' or 'Payment'. */
  label: string;
}

/** Stored as receipts.content: what was printed. Bump `version` if the shape ever changes (old ones stay readable). */
export interface ReceiptContent {
  version: 1;
  kind: ReceiptKind;
  /** 'Tax invoice', 'Receipt' or 'Credit note'. */
  title: string;
  number: number;
  /** NZ date, YYYY-MM-DD. */
  issuedOn: string;
  /** A corrected receipt: the number it replaces. */
  replaces: number | null;
  /** A credit note: the receipt it relates to. */
  relatesTo: number | null;
  seller: {
    name: string;
    address: string;
    email: string;
    phone: string;
    gstNumber: string | null;
    /** 'Massage New Zealand, member no. MNZ 4521', for insurance claims. */
    membership: string | null;
  };
  buyer: {
    name: string;
    /** Only on a tax invoice over $1,000 (IRD asks for an identifier of the buyer then). */
    address: string | null;
  };
  visit: { date: string; time: string; service: string; durationMinutes: number };
  /** What is charged (a receipt) or credited (a credit note). */
  description: string;
  lines: ReceiptLine[];
  totalCents: number;
  /** The GST inside the total; null when she is not registered (no GST line at all). */
  gstCents: number | null;
  payments: ReceiptPaymentLine[];
  receivedCents: number;
  /** Still owed after these payments. */
  balanceCents: number;
}

export interface ReceiptNumbering {
  number: number;
  issuedOn: string;
  replaces: number | null;
  relatesTo: number | null;
}

/** 'GST_NUMBER' overrides the profile when loaded (practice-profile.ts); an empty one means not registered. */
export const gstNumberOf = (profile: Pick<PracticeProfile, 'gstNumber'>): string | null =>
  profile.gstNumber?.trim() ? profile.gstNumber.trim() : null;

function sellerOf(p: PracticeProfile): ReceiptContent['seller'] {
  const membership = p.membershipNumber
    ? p.membershipBody
      ? `${p.membershipBody}, member no. ${p.membershipNumber}`
      : `Member no. ${p.membershipNumber}`
    : null;
  return {
    name: p.name,
    address: p.businessAddress ?? p.locality,
    email: p.email,
    phone: p.phone,
    gstNumber: gstNumberOf(p),
    membership,
  };
}

const paymentLabel = (e: PaymentEntry) => (e.amountCents < 0 ? 'Refund' : e.isDeposit ? 'Deposit' : 'Payment');

const paymentLine = (e: PaymentEntry): ReceiptPaymentLine => ({
  paidAt: e.paidAt,
  method: e.method,
  methodLabel: PAYMENT_METHOD_LABELS[e.method],
  amountCents: e.amountCents,
  label: paymentLabel(e),
});

const visitDescription = (v: ReceiptVisit) =>
  `${v.serviceName}, ${v.duration} min, home visit on ${formatShortDate(v.date)} at ${formatNzTime(v.time)}`;

function common(
  n: ReceiptNumbering,
  visit: ReceiptVisit,
  counted: PaymentEntry[],
  profile: PracticeProfile,
  totalCents: number,
) {
  const seller = sellerOf(profile);
  const registered = seller.gstNumber !== null;
  return {
    version: 1 as const,
    number: n.number,
    issuedOn: n.issuedOn,
    replaces: n.replaces,
    relatesTo: n.relatesTo,
    seller,
    buyer: {
      name: `${visit.firstName} ${visit.lastName}`.trim(),
      address: registered && totalCents > BUYER_DETAILS_OVER_CENTS ? visit.address : null,
    },
    visit: { date: visit.date, time: visit.time, service: visit.serviceName, durationMinutes: visit.duration },
    totalCents,
    gstCents: registered ? gstOfInclusiveCents(totalCents) : null,
    payments: counted.map(paymentLine),
  };
}

/**
 * A receipt (a tax invoice when registered) for the visit: the service and the travel fee as lines, the payments
 * that count (voided ones left out), what is still owed.
 */
export function receiptContent(
  n: ReceiptNumbering,
  visit: ReceiptVisit,
  entries: readonly PaymentEntry[],
  profile: PracticeProfile,
): ReceiptContent {
  const counted = entries.filter((e) => e.voidedAt === null);
  const balance = balanceOf(visit, entries);
  const base = common(n, visit, counted, profile, balance.totalCents);
  return {
    ...base,
    kind: 'receipt',
    title: base.seller.gstNumber ? 'Tax invoice' : 'Receipt',
    description: visitDescription(visit),
    lines: [
      { description: `${visit.serviceName} (${visit.duration} min)`, amountCents: visit.price },
      { description: 'Travel fee', amountCents: visit.travelCost },
    ],
    receivedCents: balance.receivedCents,
    balanceCents: balance.owedCents,
  };
}

/** Refunded on the visit and not yet credited by an earlier credit note (cents, never negative). */
export function uncreditedRefundCents(entries: readonly PaymentEntry[], creditedCents: number): number {
  const refunded = entries
    .filter((e) => e.voidedAt === null && e.amountCents < 0)
    .reduce((s, e) => s - e.amountCents, 0);
  return Math.max(0, refunded - creditedCents);
}

/**
 * A credit note for money refunded: says what it credits (the refunds not credited before), the receipt it relates
 * to, and the visit's balance after the refund. Its total is the amount credited, a positive figure; the caller
 * refuses one with nothing to credit.
 */
export function creditNoteContent(
  n: ReceiptNumbering,
  visit: ReceiptVisit,
  entries: readonly PaymentEntry[],
  profile: PracticeProfile,
  creditedBefore: number,
): ReceiptContent {
  const counted = entries.filter((e) => e.voidedAt === null);
  const balance = balanceOf(visit, entries);
  const base = common(n, visit, counted, profile, uncreditedRefundCents(entries, creditedBefore));
  const refunds = counted.filter((e) => e.amountCents < 0);
  const lines: ReceiptLine[] = refunds.map((e) => ({
    description: `Refund (${PAYMENT_METHOD_LABELS[e.method]}) on ${formatShortDate(e.paidAt)}`,
    amountCents: -e.amountCents,
  }));
  if (creditedBefore > 0)
    lines.push({ description: 'Credited on an earlier credit note', amountCents: -creditedBefore });
  return {
    ...base,
    kind: 'credit-note',
    title: 'Credit note',
    description: `Money refunded for ${visitDescription(visit)}`,
    lines,
    receivedCents: balance.receivedCents,
    balanceCents: balance.owedCents,
  };
}
