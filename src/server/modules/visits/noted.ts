/**
 * Which visits have treatment notes (issue 24): here, below both modules/bookings (her booking lists
 * show it) and modules/visit-notes (which writes them), so neither imports the other.
 */
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { visitNotes } from '../../db/schema';

/** Which of these bookings have a note: one query however many. */
export async function notedBookings(db: DbOrTx, bookingIds: readonly number[]): Promise<Set<number>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await db
    .select({ bookingId: visitNotes.bookingId })
    .from(visitNotes)
    .where(inArray(visitNotes.bookingId, [...new Set(bookingIds)]));
  return new Set(rows.map((r) => r.bookingId));
}
