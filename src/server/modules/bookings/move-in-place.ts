/**
 * A visit moved to a new time in place (docs/product.md §4 "Changing a visit"): the same row, id and link, its status
 * kept; the ics_sequence trigger raises its SEQUENCE. Used by every move (the client's link, her 'Change time…' and her
 * 'this and following' of a series), each of which has checked the new time under both days' locks.
 */
import type { AppConfig } from '../../config';
import type { DbTx } from '../../db/client';
import { occupiedRange } from '../visits/occupied-range';
import { createBookingsRepository, type BookingRow } from './repository';

export async function moveInPlace(
  tx: DbTx,
  config: Pick<AppConfig, 'booking'>,
  current: BookingRow,
  to: { date: string; time: string },
  at: Date,
): Promise<BookingRow> {
  const range = occupiedRange(to.date, to.time, current.duration, config.booking.bufferMinutes);
  const moved = await createBookingsRepository(tx).moveTo(current.id, current.status, {
    date: to.date,
    time: to.time,
    ...range,
    expiresAt: pendingExpiryAfterMove(current, range.startsAt),
    reminderQueuedAt: reminderAfterMove(config, range.startsAt, at),
    // Moved to another day, the day-before text is due again for it (modules/sms/reminders.ts lets the 'moved' text
    // stand in when it went after that reminder was due); on the same day the one reminder of that day stands.
    smsReminderQueuedAt: to.date === current.date ? current.smsReminderQueuedAt : null,
    now: at,
  });
  // The caller holds the row's lock and has checked its status: only a bug gets here.
  if (!moved) throw new Error(`booking ${current.id} changed under its row lock`);
  return moved;
}

/**
 * A moved request keeps the expiry it had (moving never buys it more time to be answered), and like any
 * request stops holding its time once its start passes (docs/product.md §4 "Changing a visit").
 */
function pendingExpiryAfterMove(row: BookingRow, startsAt: Date): Date | null {
  if (row.status !== 'pending' || row.expiresAt === null) return null;
  return new Date(Math.min(row.expiresAt.getTime(), startsAt.getTime()));
}

/**
 * The reminder is due again for the new time; moved inside the reminder window, the reschedule e-mail
 * (with every detail) stands in for it, as a confirmation inside the window does.
 */
function reminderAfterMove(config: Pick<AppConfig, 'booking'>, startsAt: Date, at: Date): Date | null {
  const lead = config.booking.reminderLeadMs;
  return lead !== null && startsAt.getTime() - lead <= at.getTime() ? at : null;
}
