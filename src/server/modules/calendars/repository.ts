/**
 * Her other calendars as stored: the rows, their busy times and the sync lease. The password is
 * sealed before it reaches here and never leaves as part of an answer (toOtherCalendar).
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { CalendarKind, OtherCalendar } from '@shared/schemas/other-calendar';
import type { DbOrTx } from '../../db/client';
import { calendarBusy, otherCalendars } from '../../db/schema';
import type { BusyInterval } from './ics-busy';

export type CalendarRow = typeof otherCalendars.$inferSelect;

/** An all-day event blocks only while its calendar's switch is on: one test for every reader. */
export const blocksNow = sql`(NOT ${calendarBusy.allDay} OR ${otherCalendars.allDayBlocks})`;

/** What a good read found, ready to store. */
export interface SyncOutcome {
  eventCount: number;
  skipped: Record<string, number>;
  busy: BusyInterval[];
  syncState: unknown;
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function createCalendarsRepository(db: DbOrTx) {
  /** Each calendar's (or one calendar's) blocking busy count and the next one from now. */
  async function busySummaries(
    now: Date,
    id?: number,
  ): Promise<Map<number, { busyCount: number; nextBusyAt: Date | null }>> {
    const rows = await db
      .select({
        calendarId: calendarBusy.calendarId,
        busyCount: sql<number>`count(*)::int`,
        nextBusyAt: sql<Date | null>`min(${calendarBusy.startsAt}) FILTER (WHERE ${calendarBusy.endsAt} > ${now})`,
      })
      .from(calendarBusy)
      .innerJoin(otherCalendars, eq(otherCalendars.id, calendarBusy.calendarId))
      .where(id === undefined ? blocksNow : and(blocksNow, eq(calendarBusy.calendarId, id)))
      .groupBy(calendarBusy.calendarId);
    return new Map(
      rows.map((r) => [r.calendarId, { busyCount: r.busyCount, nextBusyAt: r.nextBusyAt && new Date(r.nextBusyAt) }]),
    );
  }

  function toOtherCalendar(row: CalendarRow, summary?: { busyCount: number; nextBusyAt: Date | null }): OtherCalendar {
    return {
      id: row.id,
      name: row.name,
      kind: row.kind,
      url: row.url,
      username: row.username,
      allDayBlocks: row.allDayBlocks,
      lastSyncedAt: iso(row.lastSyncedAt),
      lastError: row.lastError,
      lastErrorAt: iso(row.lastErrorAt),
      eventCount: row.eventCount,
      busyCount: summary?.busyCount ?? 0,
      nextBusyAt: iso(summary?.nextBusyAt ?? null),
      skipped: row.skipped,
    };
  }

  return {
    async list(now: Date): Promise<OtherCalendar[]> {
      const rows = await db.select().from(otherCalendars).orderBy(otherCalendars.name, otherCalendars.id);
      const summaries = await busySummaries(now);
      return rows.map((r) => toOtherCalendar(r, summaries.get(r.id)));
    },

    async answer(id: number, now: Date): Promise<OtherCalendar | null> {
      const row = await this.find(id);
      return row ? toOtherCalendar(row, (await busySummaries(now, id)).get(id)) : null;
    },

    async find(id: number): Promise<CalendarRow | null> {
      const [row] = await db.select().from(otherCalendars).where(eq(otherCalendars.id, id));
      return row ?? null;
    },

    async all(): Promise<CalendarRow[]> {
      return db.select().from(otherCalendars).orderBy(otherCalendars.id);
    },

    /** A new calendar with the busy times its first read found, in one transaction (the caller's). */
    async create(
      input: {
        name: string;
        kind: CalendarKind;
        url: string;
        username: string | null;
        passwordEncrypted: string | null;
        allDayBlocks: boolean;
      },
      outcome: SyncOutcome,
      now: Date,
    ): Promise<CalendarRow> {
      const [row] = await db
        .insert(otherCalendars)
        .values({
          ...input,
          lastSyncedAt: now,
          eventCount: outcome.eventCount,
          skipped: outcome.skipped,
          syncState: outcome.syncState,
        })
        .returning();
      await insertBusy(db, row!.id, outcome.busy);
      return row!;
    },

    async update(id: number, patch: { name?: string; allDayBlocks?: boolean }): Promise<boolean> {
      const rows = await db
        .update(otherCalendars)
        .set(patch)
        .where(eq(otherCalendars.id, id))
        .returning({ id: otherCalendars.id });
      return rows.length > 0;
    },

    /** Its busy times go with it (ON DELETE CASCADE). */
    async remove(id: number): Promise<boolean> {
      const rows = await db
        .delete(otherCalendars)
        .where(eq(otherCalendars.id, id))
        .returning({ id: otherCalendars.id });
      return rows.length > 0;
    },

    /**
     * Takes the calendar's sync lease if no other process holds it: the one that gets the row syncs.
     * A lease that outlived a crashed process simply runs out.
     */
    async claimLease(id: number, now: Date, leaseMs: number): Promise<CalendarRow | null> {
      const [row] = await db
        .update(otherCalendars)
        .set({ syncLeaseUntil: new Date(now.getTime() + leaseMs) })
        .where(
          and(
            eq(otherCalendars.id, id),
            or(isNull(otherCalendars.syncLeaseUntil), lt(otherCalendars.syncLeaseUntil, now)),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** The ids due a sync: never tried, or last tried (good or bad) over `everyMs` ago. */
    async due(now: Date, everyMs: number): Promise<number[]> {
      const before = new Date(now.getTime() - everyMs);
      const rows = await db
        .select({ id: otherCalendars.id })
        .from(otherCalendars)
        .where(
          sql`greatest(${otherCalendars.lastSyncedAt}, ${otherCalendars.lastErrorAt}) IS NULL
            OR greatest(${otherCalendars.lastSyncedAt}, ${otherCalendars.lastErrorAt}) < ${before}`,
        );
      return rows.map((r) => r.id);
    },

    /** A good read: its busy times replace the last ones whole (the caller's transaction). */
    async saveSync(id: number, outcome: SyncOutcome, now: Date): Promise<void> {
      await db
        .update(otherCalendars)
        .set({
          lastSyncedAt: now,
          lastError: null,
          lastErrorAt: null,
          eventCount: outcome.eventCount,
          skipped: outcome.skipped,
          syncState: outcome.syncState,
          syncLeaseUntil: null,
        })
        .where(eq(otherCalendars.id, id));
      await db.delete(calendarBusy).where(eq(calendarBusy.calendarId, id));
      await insertBusy(db, id, outcome.busy);
    },

    /** Nothing changed on the server: the busy times stand, the sync counts as good. */
    async saveUnchanged(id: number, now: Date): Promise<void> {
      await db
        .update(otherCalendars)
        .set({ lastSyncedAt: now, lastError: null, lastErrorAt: null, syncLeaseUntil: null })
        .where(eq(otherCalendars.id, id));
    },

    /** A failed read keeps the last good busy times: only the error is recorded. */
    async saveFailure(id: number, message: string, now: Date): Promise<void> {
      await db
        .update(otherCalendars)
        .set({ lastError: message, lastErrorAt: now, syncLeaseUntil: null })
        .where(eq(otherCalendars.id, id));
    },

    /**
     * A sync replaces thousands of rows. The embedded PGlite runs no autovacuum (one connection, no
     * background workers), so without this the dead rows pile up day after day and slow every
     * availability read (docs/performance.md, 'Her other calendars'). On a PostgreSQL server it is the
     * same cheap pass autovacuum would make. Outside any transaction (VACUUM cannot run in one).
     */
    async reclaimReplacedBusy(): Promise<void> {
      await db.execute(sql`VACUUM (ANALYZE) calendar_busy`);
    },
  };
}

/**
 * One statement whatever the count: the intervals travel as one JSON parameter and PostgreSQL
 * unpacks them (building thousands of rows of placeholders cost more than the database's work;
 * docs/performance.md, 'Her other calendars').
 */
async function insertBusy(db: DbOrTx, calendarId: number, busy: readonly BusyInterval[]): Promise<void> {
  if (busy.length === 0) return;
  const rows = JSON.stringify(busy.map((b) => [b.start.toISOString(), b.end.toISOString(), b.title, b.allDay]));
  await db.execute(sql`
    INSERT INTO calendar_busy (calendar_id, starts_at, ends_at, title, all_day)
    SELECT ${calendarId}, (r->>0)::timestamptz, (r->>1)::timestamptz, r->>2, (r->>3)::boolean
    FROM json_array_elements(${rows}::json) AS r`);
}
