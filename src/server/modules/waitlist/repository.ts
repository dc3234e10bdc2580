/**
 * Every query of the waitlist's tables (migration 0016): entries, offers and the 'time freed' rows the
 * triggers write. Functions take the caller's transaction where a change must commit with others.
 */
import { and, asc, eq, inArray, lte, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { waitlistEntries, waitlistFreedDates, waitlistOffers } from '../../db/schema';

export type WaitlistEntryRow = typeof waitlistEntries.$inferSelect;
export type WaitlistOfferRow = typeof waitlistOffers.$inferSelect;
export type NewWaitlistEntry = typeof waitlistEntries.$inferInsert;
export type NewWaitlistOffer = typeof waitlistOffers.$inferInsert;

/** How many of a date's 'time freed' rows one pass deletes (the rest make another pass, which finds nothing new). */
export const FREED_BATCH = 200;

export function createWaitlistRepository(db: DbOrTx) {
  return {
    async insertEntry(values: NewWaitlistEntry): Promise<WaitlistEntryRow> {
      const [row] = await db.insert(waitlistEntries).values(values).returning();
      return row!;
    },

    async entryByToken(token: string): Promise<WaitlistEntryRow | null> {
      const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.token, token));
      return row ?? null;
    },

    async entryById(id: number): Promise<WaitlistEntryRow | null> {
      const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
      return row ?? null;
    },

    /** The entry, its row locked: leaving, removal and an accept of its offer take turns. */
    async lockEntry(id: number): Promise<WaitlistEntryRow | null> {
      const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id)).for('update');
      return row ?? null;
    },

    /** Ends an active entry; null when it was not active any more. */
    async closeEntry(id: number, status: 'booked' | 'left' | 'removed', now: Date): Promise<WaitlistEntryRow | null> {
      const [row] = await db
        .update(waitlistEntries)
        .set({ status, statusChangedAt: now })
        .where(and(eq(waitlistEntries.id, id), eq(waitlistEntries.status, 'active')))
        .returning();
      return row ?? null;
    },

    /** Active entries whose last day is before `today` (NZ) become expired. Answers how many. */
    async expireEntries(today: string, now: Date): Promise<number> {
      const rows = await db
        .update(waitlistEntries)
        .set({ status: 'expired', statusChangedAt: now })
        .where(and(eq(waitlistEntries.status, 'active'), sql`${waitlistEntries.lastDate} < ${today}::date`))
        .returning({ id: waitlistEntries.id });
      return rows.length;
    },

    /** The active entries that want `date`, in the order they joined. */
    async activeFor(date: string): Promise<WaitlistEntryRow[]> {
      return db
        .select()
        .from(waitlistEntries)
        .where(and(eq(waitlistEntries.status, 'active'), sql`${date}::date = ANY (${waitlistEntries.dates})`))
        .orderBy(asc(waitlistEntries.joinedAt), asc(waitlistEntries.id));
    },

    /** Every active entry, in the order they joined (her list). */
    async active(): Promise<WaitlistEntryRow[]> {
      return db
        .select()
        .from(waitlistEntries)
        .where(eq(waitlistEntries.status, 'active'))
        .orderBy(asc(waitlistEntries.joinedAt), asc(waitlistEntries.id));
    },

    async offersOf(entryIds: readonly number[]): Promise<WaitlistOfferRow[]> {
      if (entryIds.length === 0) return [];
      return db
        .select()
        .from(waitlistOffers)
        .where(inArray(waitlistOffers.entryId, [...entryIds]))
        .orderBy(asc(waitlistOffers.id));
    },

    async offerByToken(token: string): Promise<WaitlistOfferRow | null> {
      const [row] = await db.select().from(waitlistOffers).where(eq(waitlistOffers.token, token));
      return row ?? null;
    },

    async insertOffer(values: NewWaitlistOffer): Promise<WaitlistOfferRow> {
      const [row] = await db.insert(waitlistOffers).values(values).returning();
      return row!;
    },

    /**
     * Closes a live offer (accepted with its booking, declined, superseded); null when it was not live any more
     * (closed already, or an accept whose hold ran out). Ending a hold writes its date's 'time freed' row (trigger).
     */
    async closeOffer(
      id: number,
      status: 'accepted' | 'declined' | 'superseded',
      now: Date,
      options: { holdAfter?: Date } = {},
    ): Promise<WaitlistOfferRow | null> {
      const [row] = await db
        .update(waitlistOffers)
        .set({ status, closedAt: now })
        .where(
          and(
            eq(waitlistOffers.id, id),
            eq(waitlistOffers.status, 'offered'),
            options.holdAfter ? sql`${waitlistOffers.holdUntil} > ${options.holdAfter}` : undefined,
          ),
        )
        .returning();
      return row ?? null;
    },

    async linkBooking(offerId: number, bookingId: number): Promise<void> {
      await db.update(waitlistOffers).set({ bookingId }).where(eq(waitlistOffers.id, offerId));
    },

    /** The entry's live offer, if any (at most one: waitlist_offers_one_per_entry). */
    async liveOfferOf(entryId: number): Promise<WaitlistOfferRow | null> {
      const [row] = await db
        .select()
        .from(waitlistOffers)
        .where(and(eq(waitlistOffers.entryId, entryId), eq(waitlistOffers.status, 'offered')));
      return row ?? null;
    },

    /**
     * Holds whose time ran out by `now` become expired (their dates get 'time freed' rows by trigger), on one date
     * or all. Answers how many.
     */
    async expireHolds(now: Date, date?: string): Promise<number> {
      const rows = await db
        .update(waitlistOffers)
        .set({ status: 'expired', closedAt: now })
        .where(
          and(
            eq(waitlistOffers.status, 'offered'),
            lte(waitlistOffers.holdUntil, now),
            date ? eq(waitlistOffers.date, date) : undefined,
          ),
        )
        .returning({ id: waitlistOffers.id });
      return rows.length;
    },

    /** The times of `date` this entry was offered before (never offered the same time twice). */
    async offeredTimes(entryId: number, date: string): Promise<Set<string>> {
      const rows = await db
        .select({ time: waitlistOffers.time })
        .from(waitlistOffers)
        .where(and(eq(waitlistOffers.entryId, entryId), eq(waitlistOffers.date, date)));
      return new Set(rows.map((r) => r.time));
    },

    /** A 'time freed' row for each date, in the caller's transaction (an entry that joins asks for its dates). */
    async noteFreed(dates: readonly string[]): Promise<void> {
      if (dates.length === 0) return;
      await db.insert(waitlistFreedDates).values(dates.map((date) => ({ date })));
    },

    /** The date of the oldest 'time freed' row, leaving out `skip` (read without a lock: claimFreedOn claims). */
    async nextFreedDate(skip: readonly string[]): Promise<string | null> {
      const [row] = await db
        .select({ date: waitlistFreedDates.date })
        .from(waitlistFreedDates)
        .where(skip.length > 0 ? notInArray(waitlistFreedDates.date, [...skip]) : undefined)
        .orderBy(asc(waitlistFreedDates.id))
        .limit(1);
      return row?.date ?? null;
    },

    /**
     * The date's 'time freed' rows not being read by another run, locked until the caller's transaction ends
     * (FOR UPDATE SKIP LOCKED: two processes take different rows). Answers their ids.
     */
    async claimFreedOn(date: string, limit = FREED_BATCH): Promise<number[]> {
      const rows = await db
        .select({ id: waitlistFreedDates.id })
        .from(waitlistFreedDates)
        .where(eq(waitlistFreedDates.date, date))
        .orderBy(asc(waitlistFreedDates.id))
        .limit(limit)
        .for('update', { skipLocked: true });
      return rows.map((r) => r.id);
    },

    async deleteFreed(ids: readonly number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.delete(waitlistFreedDates).where(inArray(waitlistFreedDates.id, [...ids]));
    },
  };
}
export type WaitlistRepository = ReturnType<typeof createWaitlistRepository>;
