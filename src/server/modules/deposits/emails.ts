/**
 * The deposit reminder (docs/product.md §18.2): one e-mail to a client whose deposit has not arrived
 * DEPOSIT_DUE_HOURS after the request. It repeats how to pay and says the request still waits for her answer: it
 * is never rejected automatically. A pure function of the booking's facts.
 */
import { bookingCancelPath, bookingConfirmPath } from '@shared/booking-paths';
import { formatNzDateTime } from '@shared/time';
import type { BookingDeposit } from '@shared/schemas/deposit';
import { EMAIL_KINDS, type EmailContent, type EmailContext } from '../mail/email-kinds';
import { links, p, renderEmail, signoff } from '../mail/render';
import { depositBlocks } from '../mail/templates';

export const DEPOSIT_REMINDER_SUBJECT = 'Reminder: the deposit for your booking request';

/** What the reminder is written from: the request and its deposit (no health details, no notes). */
export interface DepositReminderFacts {
  bookingId: number;
  firstName: string;
  email: string;
  serviceName: string;
  date: string;
  time: string;
  cancelToken: string;
  deposit: BookingDeposit;
}

export function depositReminderEmail(f: DepositReminderFacts, ctx: EmailContext): EmailContent {
  const who = ctx.practice.therapistName;
  const when = formatNzDateTime(f.date, f.time);
  return renderEmail(
    ctx,
    { kind: EMAIL_KINDS.depositReminder, to: f.email, subject: DEPOSIT_REMINDER_SUBJECT, bookingId: f.bookingId },
    [
      p(`Hi ${f.firstName},`),
      p(
        `Thank you for your request for ${f.serviceName} on ${when}. We have not received its deposit yet. ` +
          `If you have just paid, thank you: a bank transfer can take a day to arrive.`,
      ),
      ...depositBlocks(f.deposit),
      p(`Your request still waits for ${who}'s answer; she will confirm or decline it by e-mail.`),
      links(
        { label: 'View your booking', url: `${ctx.publicUrl}${bookingConfirmPath(f.cancelToken)}`, primary: true },
        { label: 'Cancel your booking', url: `${ctx.publicUrl}${bookingCancelPath(f.cancelToken)}` },
      ),
      p(`Questions? Contact us at ${ctx.practice.email} or ${ctx.practice.phone}.`),
      signoff('Warm regards,', who, ctx.practice.name),
    ],
  );
}
