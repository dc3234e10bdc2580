/**
 * 'Book' on a waitlist entry (docs/product.md §19): the booking she enters from an entry ends that entry in the same
 * transaction, so it stops being offered times and leaves her list; an entry that has ended (or that is not there) is
 * refused and nothing is booked. The entry's own live hold does not stand in her way (it was held for this very person)
 * and ends with it: accepted when she booked the held time, superseded otherwise (its day gets its 'time freed' row
 * from the trigger, for the next person).
 *
 * The waitlist module sits above this one (decision 017) and its service makes bookings through this module, so these
 * few statements on its tables live here, as availability reads its holds directly.
 */
import { and, eq } from 'drizzle-orm';
import type { DbOrTx, DbTx } from '../../db/client';
import { waitlistEntries, waitlistOffers } from '../../db/schema';
import { apiError, notFound } from '../../http/errors';

export const WAITLIST_ENTRY_UNKNOWN = 'This waitlist entry is not on the list: open the Waitlist again and choose one.';
export const WAITLIST_ENTRY_ENDED =
  'This waitlist entry has ended (booked, removed, left or past its days), so nothing was booked.';
export const WAITLIST_ENTRY_CHANGED = 'This waitlist entry was just offered a time: try again.';

export interface LiveHold {
  id: number;
  date: string;
  time: string;
}

/** The entry's live hold (at most one per entry), read before the transaction: its day is locked with the booking's. */
export async function liveHoldOf(db: DbOrTx, entryId: number): Promise<LiveHold | null> {
  const [row] = await db
    .select({ id: waitlistOffers.id, date: waitlistOffers.date, time: waitlistOffers.time })
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.entryId, entryId), eq(waitlistOffers.status, 'offered')));
  return row ?? null;
}

/**
 * Locks the entry (after the days: the lock order) and refuses it when it is unknown, ended, or was offered another
 * time since `hold` was read.
 */
export async function claimWaitlistEntry(tx: DbTx, entryId: number, hold: LiveHold | null): Promise<void> {
  const [entry] = await tx
    .select({ status: waitlistEntries.status })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.id, entryId))
    .for('update');
  if (!entry) throw notFound('WAITLIST_ENTRY_NOT_FOUND', WAITLIST_ENTRY_UNKNOWN);
  if (entry.status !== 'active') throw apiError('WAITLIST_ENTRY_CLOSED', WAITLIST_ENTRY_ENDED);
  const now = await liveHoldOf(tx, entryId);
  if ((now?.id ?? null) !== (hold?.id ?? null)) throw apiError('BOOKING_CHANGED', WAITLIST_ENTRY_CHANGED);
}

/** Ends the claimed entry as booked, and its live hold with it. */
export async function closeBookedEntry(
  tx: DbTx,
  entryId: number,
  hold: LiveHold | null,
  booking: { id: number; date: string; time: string },
  at: Date,
): Promise<void> {
  await tx
    .update(waitlistEntries)
    .set({ status: 'booked', statusChangedAt: at })
    .where(and(eq(waitlistEntries.id, entryId), eq(waitlistEntries.status, 'active')));
  if (!hold) return;
  const tookHeldTime = hold.date === booking.date && hold.time === booking.time;
  await tx
    .update(waitlistOffers)
    .set({
      status: tookHeldTime ? 'accepted' : 'superseded',
      closedAt: at,
      ...(tookHeldTime ? { bookingId: booking.id } : {}),
    })
    .where(and(eq(waitlistOffers.id, hold.id), eq(waitlistOffers.status, 'offered')));
}
