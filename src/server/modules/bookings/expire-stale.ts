import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { notify } from './notifications';
import { createBookingsRepository, toBooking } from './repository';

/**
 * Closes the pending requests nobody answered by `at` and queues each client's e-mail,
 * inside the caller's transaction (the scheduled job, and every new booking before it
 * claims a slot). Answers how many were closed.
 */
export async function expireStaleRequests(tx: DbOrTx, config: AppConfig, at: Date): Promise<number> {
  const expired = await createBookingsRepository(tx).expirePending(at);
  for (const row of expired) await notify(tx, config, 'expired', toBooking(row, null)); // e-mails never show injury details
  return expired.length;
}
