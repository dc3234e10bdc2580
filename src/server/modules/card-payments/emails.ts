/** The 'Pay now' e-mail (issue 41, decision 037): the visit's balance and the link to pay it by card. */
import { formatCents } from '@shared/money';
import { EMAIL_KINDS, type EmailContent, type EmailContext } from '../mail/email-kinds';
import { links, p, renderEmail, signoff } from '../mail/render';

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
