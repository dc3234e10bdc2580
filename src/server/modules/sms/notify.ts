/**
 * The texts a booking change causes (decision 038), queued in the change's own transaction like its e-mails: the
 * confirmation when she approves, and a text when she moves or cancels the visit. Only to a client who ticked
 * 'Text me' on the booking form, at a New Zealand mobile, and only when texts are set up. The day-before reminder
 * is queued by the worker (reminders.ts).
 */
import { eq } from 'drizzle-orm';
import { nzMobileE164 } from '@shared/nz-mobile';
import { SMS_KINDS, type SmsKind } from '@shared/sms';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { bookings } from '../../db/schema';
import { enqueueText, supersedeTexts } from './outbox';
import { smsConfigured } from './settings-store';
import { textBody } from './texts';

/** What happened to the visit, as far as texts go. */
export type TextEvent = 'confirmed' | 'moved' | 'cancelled';

const KIND_OF: Record<TextEvent, SmsKind> = {
  confirmed: SMS_KINDS.confirmed,
  moved: SMS_KINDS.moved,
  cancelled: SMS_KINDS.cancelled,
};

/** Queues the event's text when the client opted in; answers its outbox id, or null when none is sent. */
export async function queueBookingText(
  tx: DbOrTx,
  config: Pick<AppConfig, 'sms' | 'practice'>,
  event: TextEvent,
  visit: { id: number; date: string; time: string },
  now: Date = new Date(),
): Promise<number | null> {
  const [row] = await tx
    .select({ smsOptIn: bookings.smsOptIn, phone: bookings.phone })
    .from(bookings)
    .where(eq(bookings.id, visit.id));
  if (!row?.smsOptIn) return null;
  const to = nzMobileE164(row.phone);
  if (!to || !(await smsConfigured(tx, config))) return null;
  // The visit's texts not yet tried say what is no longer true: this one replaces them. A confirmation that never went
  // out is replaced by a confirmation at the new time, not by a 'moved' text about a visit the client never heard of.
  const replaced = await supersedeTexts(tx, visit.id);
  const kind = event === 'moved' && replaced.includes(SMS_KINDS.confirmed) ? SMS_KINDS.confirmed : KIND_OF[event];
  return enqueueText(
    tx,
    { kind, bookingId: visit.id, to, body: textBody(kind, config.practice.shortName, visit) },
    now,
  );
}
