import { and, asc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bookings, calendarFeeds } from '../../db/schema';

export type FeedRow = typeof calendarFeeds.$inferSelect;
export type FeedBookingRow = typeof bookings.$inferSelect;

/** The one feed row (id 1): at most one link works at a time. */
const FEED_ID = 1;

export function createCalendarFeedRepository(db: Db) {
  return {
    async get(): Promise<FeedRow | null> {
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.id, FEED_ID));
      return row ?? null;
    },

    async findByHash(tokenHash: string): Promise<FeedRow | null> {
      const [row] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.tokenHash, tokenHash));
      return row ?? null;
    },

    /**
     * Creates the feed or replaces its token in one statement: from its commit on, the old
     * token matches nothing.
     */
    async replace(tokenHash: string, now: Date): Promise<FeedRow> {
      const [row] = await db
        .insert(calendarFeeds)
        .values({ id: FEED_ID, tokenHash, createdAt: now })
        .onConflictDoUpdate({
          target: calendarFeeds.id,
          set: { tokenHash: sql`excluded.token_hash`, createdAt: sql`excluded.created_at` },
        })
        .returning();
      return row!;
    },

    async remove(): Promise<void> {
      await db.delete(calendarFeeds).where(eq(calendarFeeds.id, FEED_ID));
    },

    /**
     * Every booking starting at or after `from`, whatever its status, in time order. An erased
     * client's bookings leave the feed (docs/privacy.md): subscribed calendars drop them.
     */
    async bookingsFrom(from: Date): Promise<FeedBookingRow[]> {
      return db
        .select()
        .from(bookings)
        .where(and(gte(bookings.startsAt, from), isNull(bookings.erasedAt)))
        .orderBy(asc(bookings.startsAt), asc(bookings.id));
    },
  };
}
