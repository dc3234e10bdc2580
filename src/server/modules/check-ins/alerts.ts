/**
 * The overdue alert (docs/decisions/025-check-in.md): every CHECK_IN_ALERT_SECONDS the job claims the
 * visits she arrived at and has not left by their end plus the grace, and in the same transaction queues the
 * e-mail to her safety contact through the outbox. The claim is an UPDATE of overdue_alert_at while it is
 * null, so each visit is alerted exactly once, whatever the number of processes, and a restart only means the
 * next run claims what is due (nothing is kept in memory).
 */
import { HOUR_MS } from '@shared/time';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { emailContext } from '../mail/email-kinds';
import { enqueueEmail } from '../mail/outbox';
import { enqueuePush } from '../push/outbox';
import { overdueEmail, type SafetyVisit } from './emails';
import { claimOverdue, overdueCandidates, readSafety } from './repository';

/** An alert later than this after the visit's end + grace is no use to anyone: such a visit is skipped. */
export const ALERT_MAX_LATE_MS = 24 * HOUR_MS;

/**
 * The push to HER phone, in the alert's transaction (through the push outbox, so an outage loses nothing). No client
 * details: a lock screen shows it.
 */
export async function notifyHerOverdue(tx: DbOrTx, alert: { bookingId: number; contactName: string }): Promise<void> {
  await enqueuePush(tx, {
    kind: 'check-in',
    title: 'Safety contact alerted',
    body: `You have not pressed Leaving. ${alert.contactName} was e-mailed; press Leaving if you are fine.`,
    url: '/admin/today',
  });
}

export interface AlertResult {
  alerted: number;
}

/** One run: claims the overdue visits and queues one alert for each. */
export async function sendOverdueAlerts(
  db: Db,
  config: Pick<AppConfig, 'practice' | 'publicUrl' | 'mail'>,
  now = new Date(),
): Promise<AlertResult> {
  const safety = await readSafety(db);
  if (!safety.enabled || !safety.contactEmail) return { alerted: 0 };
  const candidates = await overdueCandidates(db, safety.graceMinutes, now, new Date(now.getTime() - ALERT_MAX_LATE_MS));
  if (candidates.length === 0) return { alerted: 0 };
  const ctx = emailContext(config);
  const contact = { name: safety.contactName, email: safety.contactEmail };
  const alerted = await db.transaction(async (tx) => {
    const claimed = await claimOverdue(
      tx,
      candidates.map((c) => c.bookingId),
      now,
    );
    for (const { checkIn, visit } of claimed) {
      const v: SafetyVisit = {
        bookingId: visit.id,
        address: visit.address,
        arrivedAt: checkIn.arrivedAt,
        endsAt: visit.endsAt,
        graceMinutes: safety.graceMinutes,
      };
      await enqueueEmail(tx, overdueEmail(v, contact, ctx));
      await notifyHerOverdue(tx, { bookingId: visit.id, contactName: contact.name });
    }
    return claimed.length;
  });
  return { alerted };
}
