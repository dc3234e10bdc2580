/**
 * The safety contact's e-mails (docs/product.md §16), as pure functions: the overdue alert and the all-clear. They
 * carry the visit's address, her arrival time and her phone, never the client's name, health or notes.
 */
import { formatNzInstant } from '@shared/time';
import type { EmailContent, EmailContext } from '../mail/email-kinds';
import { EMAIL_KINDS } from '../mail/email-kinds';
import { details, note, p, renderEmail, signoff } from '../mail/render';

export const SAFETY_SUBJECTS = {
  overdue: (therapist: string) => `Safety check: ${therapist} has not checked out of a visit`,
  allClear: (therapist: string) => `All clear: ${therapist} has left the visit`,
} as const;

/** What an alert is written from: no client details beyond where the visit is. */
export interface SafetyVisit {
  bookingId: number;
  address: string;
  arrivedAt: Date;
  endsAt: Date;
  graceMinutes: number;
}

export interface SafetyContact {
  name: string;
  email: string;
}

/** 'March 2, 2026 at 2:05 PM (NZ time)': the one way every message gives a time (shared/time.ts). */
export const nzAt = (at: Date) => formatNzInstant(at);

/** To her safety contact: she arrived at a visit and has not pressed 'Leaving' by its end plus the grace. */
export function overdueEmail(v: SafetyVisit, contact: SafetyContact, ctx: EmailContext): EmailContent {
  const who = ctx.practice.therapistName;
  return renderEmail(
    ctx,
    {
      kind: EMAIL_KINDS.safetyOverdue,
      to: contact.email,
      subject: SAFETY_SUBJECTS.overdue(who),
      bookingId: v.bookingId,
    },
    [
      p(`Hi ${contact.name},`),
      p(
        `${who} (${ctx.practice.name}) named you as her safety contact. She checked in at a home visit and has not ` +
          `checked out, ${v.graceMinutes} minutes after the visit was planned to end.`,
        true,
      ),
      details([
        ['Visit address', v.address],
        ['She arrived', nzAt(v.arrivedAt)],
        ['Planned end', nzAt(v.endsAt)],
        ['Her phone', ctx.practice.phone],
      ]),
      note(
        'What to do',
        `1. Call her on ${ctx.practice.phone}. She may simply have forgotten to press 'Leaving'.\n` +
          `2. If she does not answer, try again in a few minutes, and text her.\n` +
          `3. If you still cannot reach her and are worried, call 111 and give the police the address above.\n` +
          `You will get an 'all clear' e-mail as soon as she checks out.`,
        'warning',
      ),
      signoff('Sent automatically by the check-in of', ctx.practice.name),
    ],
  );
}

/** To her safety contact, after an alert: she pressed 'Leaving'. */
export function allClearEmail(
  v: SafetyVisit & { leftAt: Date },
  contact: SafetyContact,
  ctx: EmailContext,
): EmailContent {
  const who = ctx.practice.therapistName;
  return renderEmail(
    ctx,
    {
      kind: EMAIL_KINDS.safetyAllClear,
      to: contact.email,
      subject: SAFETY_SUBJECTS.allClear(who),
      bookingId: v.bookingId,
    },
    [
      p(`Hi ${contact.name},`),
      p(`All clear: ${who} has checked out of the visit you were alerted about. Nothing more to do.`, true),
      details([
        ['Visit address', v.address],
        ['She arrived', nzAt(v.arrivedAt)],
        ['She left', nzAt(v.leftAt)],
      ]),
      signoff('Sent automatically by the check-in of', ctx.practice.name),
    ],
  );
}
