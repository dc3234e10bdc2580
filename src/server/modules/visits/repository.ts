/**
 * The visits that hold their time, as every module that plans a day reads them: availability, a
 * booking's route check and her day's route. One lower module they all import, so none of them
 * imports another for it (docs/decisions/017-server-layers.md).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, visitNotes } from '../../db/schema';

/** A stored visit: a booking's row. */
export type VisitRow = typeof bookings.$inferSelect;

/** Active = holds its time: confirmed, or pending and not yet expired. The one statement of the rule in SQL. */
export const activeAt = (now: Date) =>
  sql`(${bookings.status} = 'confirmed' OR (${bookings.status} = 'pending' AND ${bookings.expiresAt} > ${now}))`;

export function createVisitsRepository(db: DbOrTx) {
  return {
    /** The visits that hold their time on an NZ date, by start (the day's route). */
    async activeOnDate(date: string, now: Date): Promise<VisitRow[]> {
      return db
        .select()
        .from(bookings)
        .where(and(eq(bookings.date, date), activeAt(now)))
        .orderBy(asc(bookings.startsAt), asc(bookings.id));
    },
  };
}

/**
 * Which of these bookings have treatment notes (docs/product.md §14): one query however many. Here, below both
 * modules/bookings (her booking lists show it) and modules/visit-notes (which writes them), so neither imports the
 * other.
 */
export async function notedBookings(db: DbOrTx, bookingIds: readonly number[]): Promise<Set<number>> {
  if (bookingIds.length === 0) return new Set();
  const rows = await db
    .select({ bookingId: visitNotes.bookingId })
    .from(visitNotes)
    .where(inArray(visitNotes.bookingId, [...new Set(bookingIds)]));
  return new Set(rows.map((r) => r.bookingId));
}
