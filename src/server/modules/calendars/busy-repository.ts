/**
 * The busy times of her other calendars as the rest of the server reads them: availability and a
 * booking's check (as SQL inside their one statement), her calendar view, and a pending request's
 * clashes. Found through the GiST index on tstzrange(starts_at, ends_at), like bookings' `occupied`.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { BusyBlock, CalendarClash } from '@shared/schemas/other-calendar';
import type { DbOrTx } from '../../db/client';
import { calendarBusy, otherCalendars } from '../../db/schema';
import { blocksNow } from './repository';

/** The instants [from, to) as a tstzrange literal's parts. */
const span = (from: Date, to: Date) =>
  sql`tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')`;

/** A json array of the busy times meeting [from, to): { calendarId, calendarName, startsAt, endsAt } (epoch ms). */
export function externalBusyJson(from: Date, to: Date) {
  return sql`(SELECT coalesce(json_agg(json_build_object(
      'calendarId', b.calendar_id, 'calendarName', c.name,
      'startsAt', (extract(epoch from b.starts_at) * 1000)::float8,
      'endsAt', (extract(epoch from b.ends_at) * 1000)::float8)), '[]')
    FROM calendar_busy b JOIN other_calendars c ON c.id = b.calendar_id
    WHERE tstzrange(b.starts_at, b.ends_at, '[)') && ${span(from, to)}
      -- An all-day event blocks only while its calendar's switch is on.
      AND (NOT b.all_day OR c.all_day_blocks))`;
}

/** Her busy blocks meeting [from, to), by start: what her calendar and day list show in grey. */
export async function listBusyBlocks(db: DbOrTx, from: Date, to: Date): Promise<BusyBlock[]> {
  const rows = await db
    .select({
      calendarId: calendarBusy.calendarId,
      calendarName: otherCalendars.name,
      title: calendarBusy.title,
      start: calendarBusy.startsAt,
      end: calendarBusy.endsAt,
      allDay: calendarBusy.allDay,
    })
    .from(calendarBusy)
    .innerJoin(otherCalendars, eq(otherCalendars.id, calendarBusy.calendarId))
    .where(and(sql`tstzrange(${calendarBusy.startsAt}, ${calendarBusy.endsAt}, '[)') && ${span(from, to)}`, blocksNow))
    .orderBy(asc(calendarBusy.startsAt), asc(calendarBusy.endsAt), asc(otherCalendars.name));
  return rows.map((r) => ({ ...r, start: r.start.toISOString(), end: r.end.toISOString() }));
}

/** The busy times each visit [start, end) overlaps (the session itself: a clash is a real overlap). */
export async function clashesOf(
  db: DbOrTx,
  visits: readonly { id: number; start: Date; end: Date }[],
): Promise<Map<number, CalendarClash[]>> {
  const clashes = new Map<number, CalendarClash[]>();
  if (visits.length === 0) return clashes;
  // Each visit asks the span index for its own overlaps: the pending list may spread over the
  // whole horizon, and its busy times in between are none of its business.
  const wanted = JSON.stringify(visits.map((v) => ({ id: v.id, s: v.start.toISOString(), e: v.end.toISOString() })));
  const result = await db.execute(sql`
    SELECT v.id, c.name AS calendar_name, b.title, b.starts_at, b.ends_at, b.all_day
    FROM json_to_recordset(${wanted}::json) AS v(id int, s timestamptz, e timestamptz)
    JOIN calendar_busy b ON tstzrange(b.starts_at, b.ends_at, '[)') && tstzrange(v.s, v.e, '[)')
    JOIN other_calendars c ON c.id = b.calendar_id
    WHERE (NOT b.all_day OR c.all_day_blocks)
    ORDER BY v.id, b.starts_at, b.ends_at, c.name`);
  for (const r of (result as { rows: ClashRow[] }).rows) {
    const clash = {
      calendarName: r.calendar_name,
      title: r.title,
      start: new Date(r.starts_at).toISOString(),
      end: new Date(r.ends_at).toISOString(),
      allDay: r.all_day,
    };
    const found = clashes.get(r.id);
    if (found) found.push(clash);
    else clashes.set(r.id, [clash]);
  }
  return clashes;
}

interface ClashRow {
  id: number;
  calendar_name: string;
  title: string;
  /** A Date from node-postgres, text from some drivers: read through new Date either way. */
  starts_at: Date | string;
  ends_at: Date | string;
  all_day: boolean;
}
