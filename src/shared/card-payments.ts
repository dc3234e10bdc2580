/**
 * Card payments through Stripe (docs/decisions/037-card-payments.md): the words the client reads in the
 * request-received e-mail and on the booking's page, one source for both sides.
 */
import { formatCents } from './money';
import type { DisputeStatus } from './schemas/card-payments';

export const PAY_DEPOSIT_BY_CARD = 'Pay the deposit by card';

/**
 * The deposit box with cards on: one choice, card first (the button, Stripe's checkout named), then bank transfer as
 * the alternative with the booking's reference. Without cards the box keeps §18.2's words (src/shared/deposits.ts).
 */
export const cardDepositTexts = {
  intro: (cents: number) =>
    `To hold this time, please pay a deposit of ${formatCents(cents)}. It counts towards the price of your visit.`,
  button: (cents: number) => `Pay the ${formatCents(cents)} deposit by card`,
  secure: 'You pay on Stripe’s secure checkout page: your card details go to Stripe, never to us.',
  orBankTransfer: 'Or pay by bank transfer',
} as const;

export const cardPayTexts = {
  balanceButton: (cents: number) => `Pay ${formatCents(cents)} now by card`,
  balanceHeading: 'Pay for your visit',
  balanceIntro: (cents: number) => `${formatCents(cents)} is still to pay for this visit. You can pay it by card now.`,
  balanceSecure: 'You pay on Stripe’s secure checkout page.',
  paidThanks:
    'Thank you: your card payment went through. It shows here once it is confirmed (usually within a minute).',
  cancelledNote: 'The card payment was not completed. You can try again, or pay another way.',
} as const;

/** A dispute's status in her words (her Payments panel and the e-mail). `due`: when her answer is due, NZ time. */
export function disputeStatusText(status: DisputeStatus, due: string | null): string {
  const by = due ? ` by ${due}` : '';
  switch (status) {
    case 'warning_needs_response':
      return `An inquiry from the card holder's bank: answer it in Stripe${by}`;
    case 'warning_under_review':
      return "An inquiry, under review by the card holder's bank";
    case 'warning_closed':
      return 'The inquiry is closed: nothing was taken back';
    case 'needs_response':
      return `Answer it in your Stripe Dashboard${by}, or it is lost`;
    case 'under_review':
      return "Your answer is with the card holder's bank";
    case 'won':
      return 'Won: the money stays with you';
    case 'lost':
      return 'Lost: the money went back to the card holder (void the payment here)';
  }
}

/** Stripe's reason code in words: 'product_not_received' → 'product not received'. */
export const disputeReasonText = (reason: string): string => reason.replaceAll('_', ' ');

export const DISPUTE_SUBJECT = 'A card payment is disputed';
