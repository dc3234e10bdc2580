/**
 * The day-before text (decision 038): at her reminder time (Settings, 9:00 AM unless she chose another from 8 AM to
 * 8 PM), New Zealand time, the day before a confirmed visit whose client ticked 'Text me'. Claimed once per visit
 * (sms_reminder_queued_at, under SKIP LOCKED) in the text's own transaction, so several processes queue it once. A
 * visit confirmed after its reminder was due gets none: its confirmation has just gone. A move clears the claim
 * (bookings/move-in-place.ts), so the new day gets its reminder; moved after that one was due, the 'moved' text (with
 * the new time) stands in, as the confirmation does.
 */
import { and, eq, gt, gte, inArray, isNull, lte } from 'drizzle-orm';
import { nzMobileE164 } from '@shared/nz-mobile';
import { reminderDueAt, SMS_KINDS } from '@shared/sms';
import { DAY_MS } from '@shared/time';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { bookings, smsOutbox } from '../../db/schema';
import { enqueueText } from './outbox';
import { textBody } from './texts';

/** A reminder is due at most this long before the visit (8 AM the day before a visit just before midnight). */
const LOOK_AHEAD_MS = 2 * DAY_MS;

export async function queueDueReminders(
  db: Db,
  config: Pick<AppConfig, 'practice'>,
  reminderTime: string,
  now: Date = new Date(),
): Promise<number> {
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select({
        id: bookings.id,
        date: bookings.date,
        time: bookings.time,
        phone: bookings.phone,
        statusChangedAt: bookings.statusChangedAt,
      })
      .from(bookings)
      .where(
        and(
          eq(bookings.status, 'confirmed'),
          eq(bookings.smsOptIn, true),
          isNull(bookings.smsReminderQueuedAt),
          gt(bookings.startsAt, now),
          lte(bookings.startsAt, new Date(now.getTime() + LOOK_AHEAD_MS)),
        ),
      )
      .for('update', { skipLocked: true });
    let queued = 0;
    for (const b of candidates) {
      const due = reminderDueAt(b.date, reminderTime);
      if (due > now || b.statusChangedAt >= due || (await textedSince(tx, b.id, due))) continue;
      await tx.update(bookings).set({ smsReminderQueuedAt: now }).where(eq(bookings.id, b.id));
      const to = nzMobileE164(b.phone);
      if (!to) continue;
      const kind = SMS_KINDS.reminder;
      await enqueueText(tx, { kind, bookingId: b.id, to, body: textBody(kind, config.practice.shortName, b) }, now);
      queued++;
    }
    return queued;
  });
}

/** Whether a confirmation or a 'moved' text of this visit was queued at or after `since`. */
async function textedSince(tx: DbOrTx, bookingId: number, since: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: smsOutbox.id })
    .from(smsOutbox)
    .where(
      and(
        eq(smsOutbox.bookingId, bookingId),
        inArray(smsOutbox.kind, [SMS_KINDS.confirmed, SMS_KINDS.moved]),
        gte(smsOutbox.createdAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}
