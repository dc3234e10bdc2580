/**
 * The e-mails a booking change causes, written to the outbox inside the caller's
 * transaction: the change and its notification commit together or not at all.
 * The same holds for the pushes to her phone (docs/product.md §15, modules/push/outbox.ts).
 */
import type { Booking } from '@shared/schemas/booking';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { emailContext, type EmailContent, type EmailContext } from '../mail/email-kinds';
import { hostOf } from '../mail/ics';
import { enqueueEmail } from '../mail/outbox';
import * as templates from '../mail/templates';
import { enqueuePush } from '../push/outbox';
import { clientCancellationPush, newRequestPush, waitlistAcceptancePush, type PushMessage } from '../push/payload';
import { queueBookingText, type TextEvent } from '../sms/notify';

export type BookingEvent =
  | 'requested'
  | 'confirmed'
  | 'rejected'
  | 'expired'
  | 'cancelled-by-admin'
  | 'cancelled-by-client'
  | 'reminder'
  | 'rescheduled';

/** What an event's e-mails need beyond the booking: a reschedule's old time and the calendar file's SEQUENCE. */
export interface EventDetails {
  previous?: templates.PreviousTime;
  icsSequence?: number;
  /** A reschedule's mover: her own move is not reported back to her, and the client is told it was hers. */
  by?: 'client' | 'practice';
  /** The client was told another way (a series visit: the series' updated file, bookings/series-move.ts). */
  clientTold?: boolean;
  /** A request made by accepting a waitlist offer (waitlist/service.ts): her push says so. */
  viaWaitlist?: boolean;
  /** A cancellation's or a decline's words on a deposit received: kept or refunded (deposits/settle.ts). */
  depositNote?: string;
  /** She entered the booking herself (docs/product.md §4 "Bookings she takes herself", bookings/admin-create.ts): no
   * e-mail or push tells her of it. */
  byPractice?: boolean;
}

/** The push to her phone an event causes, if any (never health details or a client's name). */
function pushFor(event: BookingEvent, b: Booking, details: EventDetails): PushMessage | null {
  if (event === 'requested' && details.byPractice) return null;
  if (event === 'requested') return details.viaWaitlist ? waitlistAcceptancePush(b) : newRequestPush(b);
  if (event === 'cancelled-by-client') return clientCancellationPush(b);
  return null;
}

function messagesFor(event: BookingEvent, b: Booking, ctx: EmailContext, details: EventDetails): EmailContent[] {
  switch (event) {
    case 'requested':
      if (details.byPractice) return [templates.requestReceived(b, ctx)];
      return [templates.requestReceived(b, ctx), templates.practiceNewRequest(b, ctx)];
    case 'confirmed':
      return [templates.confirmed(b, ctx, new Date(), details.icsSequence ?? 0)];
    case 'rejected':
      return [templates.rejected(b, ctx, details.depositNote)];
    case 'expired':
      return [templates.expired(b, ctx)];
    case 'cancelled-by-admin':
      return [templates.cancelledByAdmin(b, ctx, details.depositNote)];
    case 'cancelled-by-client':
      return [templates.cancelledByClient(b, ctx, details.depositNote), templates.practiceClientCancelled(b, ctx)];
    case 'reminder':
      return [templates.reminder(b, ctx)];
    case 'rescheduled': {
      const previous = details.previous ?? b;
      const by = details.by ?? 'client';
      return [
        ...(details.clientTold
          ? []
          : [templates.rescheduled(b, ctx, previous, details.icsSequence ?? 0, undefined, by)]),
        ...(by === 'client' ? [templates.practiceRescheduled(b, ctx, previous)] : []),
      ];
    }
  }
}

/**
 * The text an event causes (decision 038), to a client who ticked 'Text me': her approval, and her own move or
 * cancellation of the visit (the client's own changes and the day-before reminder are not texted from here).
 */
function textFor(event: BookingEvent, details: EventDetails): TextEvent | null {
  if (event === 'confirmed') return 'confirmed';
  if (event === 'cancelled-by-admin') return 'cancelled';
  if (event === 'rescheduled' && details.by === 'practice' && !details.clientTold) return 'moved';
  return null;
}

/** Queues the event's e-mails; answers their outbox ids (the admin's reminder reports its id). */
export async function notify(
  tx: DbOrTx,
  config: AppConfig,
  event: BookingEvent,
  booking: Booking,
  details: EventDetails = {},
): Promise<number[]> {
  const messageIdHost = hostOf(config.publicUrl);
  const ids: number[] = [];
  for (const message of messagesFor(event, booking, emailContext(config), details)) {
    // An erased client's booking has no address left (clients/erasure.ts): nothing goes to them.
    if (message.to.trim() === '') continue;
    ids.push(await enqueueEmail(tx, message, { messageIdHost }));
  }
  const push = pushFor(event, booking, details);
  if (push) await enqueuePush(tx, push);
  const text = textFor(event, details);
  if (text) await queueBookingText(tx, config, text, booking);
  return ids;
}
