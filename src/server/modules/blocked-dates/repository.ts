import { and, asc, eq, gte } from 'drizzle-orm';
import type { BlockedDate } from '@shared/schemas/blocked-date';
import type { Db } from '../../db/client';
import { blockedDates } from '../../db/schema';

const toBlockedDate = (r: typeof blockedDates.$inferSelect): BlockedDate => ({
  id: r.id,
  date: r.date,
  startTime: r.startTime,
  endTime: r.endTime,
  isFullDay: r.isFullDay,
  reason: r.reason,
});

export interface NewBlockedDate {
  date: string;
  reason: string | null;
  isFullDay: boolean;
  startTime: string | null;
  endTime: string | null;
}

export function createBlockedDatesRepository(db: Db) {
  return {
    /** Sorted by date, then start time (full days first). */
    async list(fromDate?: string): Promise<BlockedDate[]> {
      const rows = await db
        .select()
        .from(blockedDates)
        .where(fromDate ? gte(blockedDates.date, fromDate) : undefined)
        .orderBy(asc(blockedDates.date), asc(blockedDates.startTime), asc(blockedDates.id));
      return rows.map(toBlockedDate);
    },
    async hasFullDay(date: string): Promise<boolean> {
      const rows = await db
        .select({ id: blockedDates.id })
        .from(blockedDates)
        .where(and(eq(blockedDates.date, date), eq(blockedDates.isFullDay, true)));
      return rows.length > 0;
    },
    async create(input: NewBlockedDate): Promise<BlockedDate> {
      const [row] = await db.insert(blockedDates).values(input).returning();
      return toBlockedDate(row!);
    },
    async remove(id: number): Promise<boolean> {
      const rows = await db.delete(blockedDates).where(eq(blockedDates.id, id)).returning({ id: blockedDates.id });
      return rows.length > 0;
    },
  };
}
