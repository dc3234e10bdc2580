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
  const from = new Date(Math.min(...visits.map((v) => v.start.getTime())));
  const to = new Date(Math.max(...visits.map((v) => v.end.getTime())));
  const blocks = await listBusyBlocks(db, from, to);
  for (const visit of visits) {
    const found = blocks
      .filter((b) => Date.parse(b.start) < visit.end.getTime() && visit.start.getTime() < Date.parse(b.end))
      .map(({ calendarName, title, start, end, allDay }) => ({ calendarName, title, start, end, allDay }));
    if (found.length > 0) clashes.set(visit.id, found);
  }
  return clashes;
}
