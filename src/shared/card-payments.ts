/**
 * Card payments through Stripe (issue 41, docs/decisions/037-card-payments.md): the words the client reads in the
 * request-received e-mail and on the booking's page, one source for both sides.
 */
import { formatCents } from './money';

export const PAY_DEPOSIT_BY_CARD = 'Pay the deposit by card';

export const cardPayTexts = {
  depositButton: (cents: number) => `Pay ${formatCents(cents)} deposit by card`,
  balanceButton: (cents: number) => `Pay ${formatCents(cents)} now by card`,
  balanceHeading: 'Pay for your visit',
  balanceIntro: (cents: number) => `${formatCents(cents)} is still to pay for this visit. You can pay it by card now.`,
  orByCard: 'Or pay by card now, securely through Stripe:',
  paidThanks:
    'Thank you: your card payment went through. It shows here once it is confirmed (usually within a minute).',
  cancelledNote: 'The card payment was not completed. You can try again, or pay another way.',
} as const;
