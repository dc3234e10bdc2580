/**
 * The card payments' e-mails (decision 037): the 'Pay now' e-mail (the visit's balance and the link to pay
 * it by card), and hers when a card payment is disputed.
 */
import { DISPUTE_SUBJECT, disputeReasonText, disputeStatusText } from '@shared/card-payments';
import { formatCents } from '@shared/money';
import type { DisputeStatus } from '@shared/schemas/card-payments';
import { EMAIL_KINDS, type EmailContent, type EmailContext } from '../mail/email-kinds';
import { details, links, note, p, renderEmail, signoff } from '../mail/render';

export const PAY_LINK_SUBJECT = 'Paying for your massage';

export interface PayLinkFacts {
  bookingId: number;
  firstName: string;
  email: string;
  serviceName: string;
  /** The visit's date and time, 'March 5, 2025 at 2:30 PM (NZ time)'. */
  when: string;
  amountCents: number;
  url: string;
}

export function payLinkEmail(f: PayLinkFacts, ctx: EmailContext): EmailContent {
  return renderEmail(
    ctx,
    { kind: EMAIL_KINDS.payLink, to: f.email, subject: PAY_LINK_SUBJECT, bookingId: f.bookingId },
    [
      p(`Hi ${f.firstName},`),
      p(`Your visit: ${f.serviceName} on ${f.when}. ${formatCents(f.amountCents)} is still to pay.`),
      p('You can pay it by card online with this link:'),
      links({ label: `Pay ${formatCents(f.amountCents)} now`, url: f.url, primary: true }),
      p(`Questions? Contact us at ${ctx.practice.email} or ${ctx.practice.phone}.`),
      signoff('Warm regards,', ctx.practice.therapistName, ctx.practice.name),
    ],
  );
}

export interface DisputeFacts {
  bookingId: number;
  /** The booking's reference (its deposit reference, or 'Booking 12'). */
  reference: string;
  amountCents: number;
  /** When the card payment was taken, 'March 3, 2025'. */
  paidOn: string | null;
  /** The visit's date and time, 'March 5, 2025 at 2:30 PM (NZ time)'. */
  visit: string;
  reason: string;
  status: DisputeStatus;
  /** When her answer is due, NZ time; null when none is asked. */
  answerBy: string | null;
}

/**
 * To her, once per dispute: a card holder asked their bank for a payment back. The booking's reference, the amount and
 * what to do; no client detail beyond the visit's time, and no health detail (no e-mail holds one).
 */
export function disputeEmail(f: DisputeFacts, ctx: EmailContext): EmailContent {
  const inquiry = f.status.startsWith('warning_');
  const rows: [string, string][] = [
    ['Booking reference', f.reference],
    ['Amount disputed', formatCents(f.amountCents)],
    ...(f.paidOn ? ([['Paid by card', f.paidOn]] as [string, string][]) : []),
    ['Visit', f.visit],
    ["Card holder's reason (Stripe)", disputeReasonText(f.reason)],
    ['Where it stands', disputeStatusText(f.status, f.answerBy)],
  ];
  return renderEmail(
    ctx,
    { kind: EMAIL_KINDS.cardDisputed, to: ctx.notifyTo, subject: DISPUTE_SUBJECT, bookingId: f.bookingId },
    [
      p(`Hi ${ctx.practice.therapistName},`),
      p(
        inquiry
          ? "A card payment's card holder has asked their bank about it (an inquiry): no money has been taken back yet."
          : `A card payment has been disputed: the card holder asked their bank for the money back. Stripe holds ${formatCents(f.amountCents)} from your balance until the bank decides.`,
      ),
      details(rows),
      note(
        'What to do',
        'Answer it in your Stripe Dashboard (Payments, then Disputes) with what shows the visit took place: the booking, ' +
          'its confirmation and any messages. If the dispute is lost, void the payment in the visit’s Payments panel.',
        'warning',
      ),
      links({ label: 'Open appointments', url: `${ctx.publicUrl}/admin/appointments`, primary: true }),
    ],
  );
}
