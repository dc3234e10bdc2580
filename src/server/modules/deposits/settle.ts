/**
 * What becomes of a deposit received when a booking is cancelled or declined (docs/product.md §18.2),
 * decided inside the status change's transaction: kept when she cancels a confirmed visit marked late (inside the
 * change cut-off) and her setting keeps deposits then; otherwise it is to be refunded (she records the refund as a
 * negative payment). Answers the line the client's e-mail carries, or null when no deposit was received.
 */
import { eq } from 'drizzle-orm';
import { depositTexts } from '@shared/deposits';
import type { DbOrTx } from '../../db/client';
import { bookings } from '../../db/schema';
import { readMoneySettings } from './settings';
import { depositReceivedCents } from './view';

export async function settleDepositOnClose(
  tx: DbOrTx,
  booking: { id: number; depositCents: number },
  close: { lateCancellation: boolean; cutoffHours: number },
): Promise<string | null> {
  if (booking.depositCents === 0) return null;
  const received = await depositReceivedCents(tx, booking.id);
  if (received <= 0) return null;
  if (close.lateCancellation && (await readMoneySettings(tx)).keepDepositOnLateCancel) {
    await tx.update(bookings).set({ depositKept: true }).where(eq(bookings.id, booking.id));
    return depositTexts.keptOnLateCancel(received, close.cutoffHours);
  }
  return depositTexts.willBeRefunded(received);
}
