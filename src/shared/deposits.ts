/**
 * Deposits (docs/product.md §18.2, docs/decisions/031-deposits.md): what a booking is asked to pay
 * ahead, the bank reference it quotes, and the words visitors read. The server decides every figure with
 * these rules; the client only shows what it answers.
 */
import { formatCents } from './money';

/** Whose bookings pay a service's deposit (money_settings.deposit_applies_to). */
export const DEPOSIT_APPLIES_TO = ['everyone', 'first-time'] as const;
export type DepositAppliesTo = (typeof DEPOSIT_APPLIES_TO)[number];

/** A service's deposit: a fixed amount in cents, a percentage of the price, or neither (never both). */
export interface DepositRule {
  depositCents: number | null;
  depositPercent: number | null;
}

/**
 * The deposit a booking is asked, in cents: the service's amount, or its percentage of the price rounded to
 * the cent; 0 when the service asks none, or asks first-time clients only and this one is returning. Never
 * more than the price.
 */
export function depositFor(
  rule: DepositRule,
  priceCents: number,
  isFirstTime: boolean,
  appliesTo: DepositAppliesTo,
): number {
  if (appliesTo === 'first-time' && !isFirstTime) return 0;
  const asked =
    rule.depositCents !== null
      ? rule.depositCents
      : rule.depositPercent !== null
        ? Math.round((priceCents * rule.depositPercent) / 100)
        : 0;
  return Math.max(0, Math.min(asked, priceCents));
}

/**
 * The bank reference: 'HV' and 6 characters of Crockford's base32 (no I, L, O or U, so nothing is misread),
 * 8 characters in all: New Zealand bank reference fields take 12.
 */
export const DEPOSIT_REFERENCE_PREFIX = 'HV';
export const DEPOSIT_REFERENCE_LENGTH = 8;
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const DEPOSIT_REFERENCE_RE = /^HV[0-9A-HJKMNP-TV-Z]{6}$/;

/** A reference from 6 random bytes (the caller's random source: node:crypto on the server). */
export function depositReferenceFrom(random: ArrayLike<number>): string {
  let out = DEPOSIT_REFERENCE_PREFIX;
  for (let i = 0; i < DEPOSIT_REFERENCE_LENGTH - DEPOSIT_REFERENCE_PREFIX.length; i++)
    out += CROCKFORD[(random[i] ?? 0) % 32];
  return out;
}

/** Where a booking's deposit stands, for the client (the booking's answers) and for her (the pending card). */
export const DEPOSIT_STATUSES = ['waiting', 'received', 'kept', 'refunded'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUSES)[number];
/** Her screens add 'overdue': still waiting after the due time. */
export const ADMIN_DEPOSIT_STATUSES = [...DEPOSIT_STATUSES, 'overdue'] as const;
export type AdminDepositStatus = (typeof ADMIN_DEPOSIT_STATUSES)[number];

/** A payment as the deposit rules read it. */
export interface DepositPayment {
  amountCents: number;
  voided: boolean;
  isDeposit: boolean;
}

/**
 * The one rule for where a deposit stands (docs/decisions/031-deposits.md), read by depositStatus and
 * depositDueCents so the two can never disagree. Only deposit payments count, voided ones for nothing: a payment
 * towards the rest of the price does not pay the deposit.
 */
function depositStanding(
  depositCents: number,
  payments: readonly DepositPayment[],
  kept: boolean,
): { status: DepositStatus; dueCents: number } {
  const counted = payments.filter((p) => p.isDeposit && !p.voided);
  const paid = counted.filter((p) => p.amountCents > 0).reduce((sum, p) => sum + p.amountCents, 0);
  if (paid < depositCents) return { status: 'waiting', dueCents: depositCents - paid };
  const net = counted.reduce((sum, p) => sum + p.amountCents, 0);
  return { status: kept ? 'kept' : net <= 0 ? 'refunded' : 'received', dueCents: 0 };
}

/**
 * From the booking's deposit payments (voided ones count for nothing): received once what was paid as deposit
 * covers it; refunded when it was received and refunds took it back to nothing; kept when a late cancellation
 * kept it.
 */
export function depositStatus(depositCents: number, payments: readonly DepositPayment[], kept: boolean): DepositStatus {
  return depositStanding(depositCents, payments, kept).status;
}

/**
 * What of the deposit is still to pay, in cents: the deposit less the deposit payments made (not voided; other
 * payments do not count); 0 once it is received, kept or refunded, and 0 without a deposit. 'Mark deposit
 * received' records exactly this much; it is above 0 exactly while depositStatus says 'waiting'.
 */
export function depositDueCents(depositCents: number, payments: readonly DepositPayment[], kept: boolean): number {
  return depositStanding(depositCents, payments, kept).dueCents;
}

/** Her status: a waiting deposit past its due time is overdue. */
export function adminDepositStatus(status: DepositStatus, dueBy: Date, now: Date): AdminDepositStatus {
  return status === 'waiting' && now.getTime() >= dueBy.getTime() ? 'overdue' : status;
}

export const ADMIN_DEPOSIT_LABELS: Record<AdminDepositStatus, string> = {
  waiting: 'Deposit: waiting',
  overdue: 'Deposit: overdue',
  received: 'Deposit: received',
  kept: 'Deposit: kept',
  refunded: 'Deposit: refunded',
};

/** The service card's and the booking step's line: 'Deposit $20.00 for new clients' ('20%' for a percentage). */
export function serviceDepositText(rule: DepositRule, appliesTo: DepositAppliesTo): string | null {
  const amount =
    rule.depositCents !== null
      ? formatCents(rule.depositCents)
      : rule.depositPercent !== null
        ? `${rule.depositPercent}% of the price`
        : null;
  if (amount === null) return null;
  return appliesTo === 'first-time' ? `Deposit ${amount} for new clients` : `Deposit ${amount}`;
}

/** The visitor's instructions, on the confirmation page and in the request-received e-mail. */
export const depositTexts = {
  heading: 'Deposit',
  intro: (amountCents: number) =>
    `To hold this time, please pay a deposit of ${formatCents(amountCents)} by bank transfer. It counts towards the price of your visit.`,
  account: (bankAccount: string) => `Bank transfer to ${bankAccount}`,
  reference: (reference: string) => `Reference ${reference}`,
  /**
   * `dueText` is an NZ date and time ('March 3, 2025 at 2:00 PM (NZ time)'). A visit sooner than the due hours
   * is paid for before it starts: `beforeVisit`.
   */
  due: (hours: number, dueText: string, beforeVisit = false) =>
    beforeVisit ? `Please pay before your visit, by ${dueText}.` : `Please pay within ${hours} hours, by ${dueText}.`,
  received: (amountCents: number) => `Your deposit of ${formatCents(amountCents)} has been received. Thank you.`,
  kept: (amountCents: number) => `Your deposit of ${formatCents(amountCents)} was kept.`,
  refunded: (amountCents: number) => `Your deposit of ${formatCents(amountCents)} has been refunded.`,
  /** The cancellation e-mail (§18.2): inside the cut-off with the setting on. */
  keptOnLateCancel: (amountCents: number, hours: number) =>
    `Your deposit of ${formatCents(amountCents)} is kept, as the visit was cancelled within ${hours} hours of its start.`,
  willBeRefunded: (amountCents: number) =>
    `Your deposit of ${formatCents(amountCents)} will be refunded to the account it came from.`,
  /** The cancel page, before the client cancels (their link cancels only outside the cut-off: never kept). */
  cancelWaiting: (amountCents: number) =>
    `No deposit has arrived for this booking yet. If you have just paid the ${formatCents(amountCents)}, it will be refunded.`,
} as const;
