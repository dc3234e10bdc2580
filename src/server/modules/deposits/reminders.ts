/**
 * The deposit reminder job (docs/decisions/031-deposits.md), on the pattern of check-ins/alerts.ts:
 * every DEPOSIT_REMINDER_SECONDS it claims the pending requests whose deposit has not arrived DEPOSIT_DUE_HOURS
 * after they were made, and in the same transaction queues one reminder e-mail each through the outbox. The claim
 * is an UPDATE of deposit_reminded_at while it is null: a second process waiting on the same row finds it set and
 * claims nothing, so each request is reminded exactly once. Nothing is rejected: she decides.
 */
import { and, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { bookings } from '../../db/schema';
import { emailContext } from '../mail/email-kinds';
import { hostOf } from '../mail/ics';
import { enqueueEmail } from '../mail/outbox';
import { depositReminderEmail } from './emails';
import { depositView } from './view';

export interface DepositReminderResult {
  reminded: number;
}

type ReminderConfig = Pick<AppConfig, 'practice' | 'publicUrl' | 'mail' | 'deposits'>;

/** One run: claims the requests due a reminder and queues one e-mail each. */
export async function sendDepositReminders(
  db: Db,
  config: ReminderConfig,
  now = new Date(),
): Promise<DepositReminderResult> {
  const dueBefore = new Date(now.getTime() - config.deposits.dueMs);
  const ctx = emailContext(config);
  const messageIdHost = hostOf(config.publicUrl);
  const reminded = await db.transaction(async (tx) => {
    const claimed = await tx
      .update(bookings)
      .set({ depositRemindedAt: now })
      .where(
        and(
          eq(bookings.status, 'pending'),
          gt(bookings.depositCents, 0),
          isNull(bookings.depositRemindedAt),
          lte(bookings.createdAt, dueBefore),
          // Still holding its time: an expired request is not chased.
          gt(bookings.expiresAt, now),
          // An erased client has no address left (clients/erasure.ts).
          sql`btrim(${bookings.email}) <> ''`,
          // Not received: the deposit payments not voided (payments/ledger.ts counts them the same way).
          sql`coalesce((SELECT sum(p.amount_cents) FROM payments p
                        WHERE p.booking_id = ${bookings.id} AND p.is_deposit AND p.voided_at IS NULL), 0)
              < ${bookings.depositCents}`,
        ),
      )
      .returning();
    for (const row of claimed) {
      const deposit = depositView(row, [], config);
      if (!deposit) continue;
      const message = depositReminderEmail(
        {
          bookingId: row.id,
          firstName: row.firstName,
          email: row.email,
          serviceName: row.serviceName,
          date: row.date,
          time: row.time,
          cancelToken: row.cancelToken,
          deposit,
        },
        ctx,
      );
      await enqueueEmail(tx, message, { messageIdHost });
    }
    return claimed.length;
  });
  return { reminded };
}
