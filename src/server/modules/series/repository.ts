/** Every query of the series tables (migration 0015). */
import { and, asc, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { bookings, series, seriesOccurrences } from '../../db/schema';

export type SeriesRow = typeof series.$inferSelect;
export type OccurrenceRow = typeof seriesOccurrences.$inferSelect;
export type NewOccurrenceRow = typeof seriesOccurrences.$inferInsert;

/** An occurrence with its booking's date, time, status and link (when it has one). */
export interface OccurrenceWithVisit extends OccurrenceRow {
  visit: { date: string; time: string; status: string; cancelToken: string } | null;
}

export function createSeriesRepository(db: DbOrTx) {
  return {
    async insert(values: typeof series.$inferInsert): Promise<SeriesRow> {
      const [row] = await db.insert(series).values(values).returning();
      return row!;
    },

    async findById(id: number): Promise<SeriesRow | null> {
      const [row] = await db.select().from(series).where(eq(series.id, id));
      return row ?? null;
    },

    /** The series, locked until the transaction ends: every change of a series takes this lock first. */
    async lockById(id: number): Promise<SeriesRow | null> {
      const [row] = await db.select().from(series).where(eq(series.id, id)).for('update');
      return row ?? null;
    },

    async listByClient(clientId: number): Promise<SeriesRow[]> {
      return db.select().from(series).where(eq(series.clientId, clientId)).orderBy(asc(series.id));
    },

    /** The series a booking belongs to (its origin or one of its visits). */
    async findByBooking(bookingId: number): Promise<SeriesRow | null> {
      const [row] = await db
        .select({ s: series })
        .from(bookings)
        .innerJoin(series, eq(series.id, bookings.seriesId))
        .where(eq(bookings.id, bookingId));
      return row?.s ?? null;
    },

    /** The series still running (not cancelled), for the extension job. */
    async listRunningIds(): Promise<number[]> {
      const rows = await db.select({ id: series.id }).from(series).where(isNull(series.cancelledAt));
      return rows.map((r) => r.id);
    },

    async raiseSequence(id: number): Promise<number> {
      const [row] = await db
        .update(series)
        .set({ icsSequence: sql`${series.icsSequence} + 1` })
        .where(eq(series.id, id))
        .returning({ icsSequence: series.icsSequence });
      return row!.icsSequence;
    },

    /** The pattern's NZ time from now on ('this and following'): the extension books later dates at it. */
    async setTime(id: number, time: string): Promise<void> {
      await db.update(series).set({ time }).where(eq(series.id, id));
    },

    async end(id: number, from: string, at: Date): Promise<void> {
      await db
        .update(series)
        .set({ cancelledAt: at, endedFrom: sql`least(coalesce(${series.endedFrom}, ${from}::date), ${from}::date)` })
        .where(eq(series.id, id));
    },

    async occurrences(seriesId: number): Promise<OccurrenceWithVisit[]> {
      const rows = await db
        .select({
          o: seriesOccurrences,
          date: bookings.date,
          time: bookings.time,
          status: bookings.status,
          cancelToken: bookings.cancelToken,
        })
        .from(seriesOccurrences)
        .leftJoin(bookings, eq(bookings.id, seriesOccurrences.bookingId))
        .where(eq(seriesOccurrences.seriesId, seriesId))
        .orderBy(asc(seriesOccurrences.forDate));
      return rows.map((r) => ({
        ...r.o,
        visit:
          r.date && r.time && r.status && r.cancelToken
            ? { date: r.date, time: r.time, status: r.status, cancelToken: r.cancelToken }
            : null,
      }));
    },

    async insertOccurrences(values: NewOccurrenceRow[]): Promise<void> {
      if (values.length > 0) await db.insert(seriesOccurrences).values(values);
    },

    /** The occurrence, locked (the caller holds the series lock already; this guards a stray writer). */
    async findOccurrence(seriesId: number, forDate: string): Promise<OccurrenceRow | null> {
      const [row] = await db
        .select()
        .from(seriesOccurrences)
        .where(and(eq(seriesOccurrences.seriesId, seriesId), eq(seriesOccurrences.forDate, forDate)));
      return row ?? null;
    },

    async setOccurrence(
      seriesId: number,
      forDate: string,
      values: Partial<Pick<OccurrenceRow, 'status' | 'bookingId' | 'reasons' | 'alternatives' | 'decidedAt'>>,
    ): Promise<void> {
      await db
        .update(seriesOccurrences)
        .set(values)
        .where(and(eq(seriesOccurrences.seriesId, seriesId), eq(seriesOccurrences.forDate, forDate)));
    },

    /** From `from` on, the conflicts no longer wait for her: they are cancelled with the series. */
    async cancelOpenFrom(seriesId: number, from: string, at: Date): Promise<void> {
      await db
        .update(seriesOccurrences)
        .set({ status: 'cancelled', decidedAt: at })
        .where(
          and(
            eq(seriesOccurrences.seriesId, seriesId),
            gte(seriesOccurrences.forDate, from),
            inArray(seriesOccurrences.status, ['conflict', 'booked']),
          ),
        );
    },

    /** Attach a booking to a series (the origin, as its first visit). */
    async joinSeries(bookingId: number, seriesId: number): Promise<void> {
      await db.update(bookings).set({ seriesId }).where(eq(bookings.id, bookingId));
    },
  };
}
