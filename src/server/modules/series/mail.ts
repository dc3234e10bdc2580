/**
 * The series' e-mails, queued in the caller's transaction (the change and its message commit together): one
 * message per change of the series, with its calendar file, never one per visit (docs/product.md §4 "Regulars").
 */
import type { Slot } from '@shared/schemas/series';
import { formatNzTime, nzToday } from '@shared/time';
import type { AppConfig } from '../../config';
import type { DbTx } from '../../db/client';
import type { BookingRow } from '../bookings/repository';
import { emailContext, type EmailContent } from '../mail/email-kinds';
import { hostOf } from '../mail/ics';
import { enqueueEmail } from '../mail/outbox';
import { seriesIcs } from '../mail/series-ics';
import {
  longDay,
  practiceSeriesConflicts,
  seriesBooked,
  seriesCancelled,
  seriesUpdated,
  type SeriesMailFacts,
} from '../mail/series-templates';
import { createSeriesRepository, type SeriesRow } from './repository';

export type SeriesMailEvent =
  | { kind: 'booked' }
  | { kind: 'updated'; what: string; moved?: Slot & { forDate: string } }
  | { kind: 'cancelled'; from: string; cancelled: { date: string; time: string }[] }
  | { kind: 'conflicts'; dates: string[] };

const LIVE = new Set(['pending', 'confirmed']);

export async function sendSeriesMail(
  tx: DbTx,
  config: AppConfig,
  ctx: { s: SeriesRow; origin: BookingRow; at: Date },
  event: SeriesMailEvent,
): Promise<void> {
  const { s, origin, at } = ctx;
  const occurrences = await createSeriesRepository(tx).occurrences(s.id);
  const today = nzToday(at);
  const live = occurrences.filter((o) => o.visit && LIVE.has(o.visit.status));
  const facts: SeriesMailFacts = {
    seriesId: s.id,
    originBookingId: origin.id,
    firstName: origin.firstName,
    lastName: origin.lastName,
    email: origin.email,
    serviceName: s.serviceName,
    duration: s.duration,
    address: s.address,
    everyWeeks: s.everyWeeks,
    time: s.time,
    visits: live.filter((o) => o.visit!.date >= today).map((o) => o.visit!),
    notBooked: occurrences
      .filter((o) => o.status === 'conflict' && (event.kind !== 'conflicts' || event.dates.includes(o.forDate)))
      .map((o) => ({ date: o.forDate, reasons: o.reasons ?? [] })),
    cancelled: event.kind === 'cancelled' ? event.cancelled : [],
    ics: seriesIcs(
      {
        id: s.id,
        sequence: s.icsSequence,
        serviceName: s.serviceName,
        duration: s.duration,
        address: s.address,
        everyWeeks: s.everyWeeks,
        time: s.time,
        // The first visit keeps its own event (its confirmation's file): the series' file holds the rest.
        occurrences: occurrences
          .filter((o) => o.forDate > s.firstDate)
          .map((o) => ({
            forDate: o.forDate,
            visit: o.visit && LIVE.has(o.visit.status) ? { date: o.visit.date, time: o.visit.time } : null,
          })),
      },
      emailContext(config),
      at,
    ),
  };
  const mailCtx = emailContext(config);
  let message: EmailContent;
  switch (event.kind) {
    case 'booked':
      message = seriesBooked(facts, mailCtx);
      break;
    case 'updated': {
      const what = event.moved
        ? `Your regular visit of ${longDay(event.moved.forDate)} is now on ${longDay(event.moved.date)} at ` +
          `${formatNzTime(event.moved.time)}.`
        : event.what;
      message = seriesUpdated(facts, mailCtx, what);
      break;
    }
    case 'cancelled':
      message = seriesCancelled(facts, mailCtx, event.from);
      break;
    case 'conflicts':
      message = practiceSeriesConflicts(facts, mailCtx);
      break;
  }
  // An erased client has no address left: nothing goes to them.
  if (message.to.trim() === '') return;
  await enqueueEmail(tx, message, { messageIdHost: hostOf(config.publicUrl) });
}
