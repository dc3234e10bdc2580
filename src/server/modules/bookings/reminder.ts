/**
 * The administrator's 'Send reminder' (docs/product.md §4, Administrator actions): the same
 * 'Appointment Reminder' the scheduled job sends, queued through the outbox. Only for a
 * confirmed appointment that has not started: a reminder of a cancelled, declined or past
 * one would mislead the client.
 */
import { hasStarted } from '@shared/booking-rules';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { apiError, notFound } from '../../http/errors';
import { BOOKING_NOT_FOUND } from './booking-service';
import { notify } from './notifications';
import { createBookingsRepository, toBooking } from './repository';

export const REMINDER_QUEUED = 'Reminder queued';
export const REMINDER_NOT_CONFIRMED = 'Reminders can only be sent for confirmed appointments';
export const REMINDER_TOO_LATE = 'This appointment has already started, so no reminder was sent';

/**
 * Queues the reminder and answers its outbox id. The row is locked while it is checked, so a
 * cancellation at the same moment either comes first (409 here) or waits for the reminder.
 * The automatic reminder is left as it is: docs/product.md §4 E-mails has it go out besides this one.
 */
export async function queueReminder(db: Db, config: AppConfig, id: number, now: Date = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const row = await createBookingsRepository(tx).lockById(id);
    if (!row) throw notFound('BOOKING_NOT_FOUND', BOOKING_NOT_FOUND);
    if (row.status !== 'confirmed') throw apiError('REMINDER_NOT_CONFIRMED', REMINDER_NOT_CONFIRMED);
    if (hasStarted(row, now)) throw apiError('REMINDER_TOO_LATE', REMINDER_TOO_LATE);
    const [outboxId] = await notify(tx, config, 'reminder', toBooking(row, null)); // e-mails never show injury details
    return outboxId!;
  });
}
