import { sql } from 'drizzle-orm';
import { addDaysToDate, nzInstant } from '@shared/time';
import type { DbOrTx } from '../../db/client';
import { activeAt } from '../bookings/repository';
import { visitOf } from '../scheduling/day-route';
import type { RouteVisit } from '../scheduling/route-rule';
import type { AvailabilityInput, DayBlock, DayHours } from './slots';

/** What availability needs for the dates from..to (inclusive): the slot rules' input and each date's visits. */
export interface OfferInput extends AvailabilityInput {
  visitsByDate: Map<string, RouteVisit[]>;
}

interface BusyJson {
  date: string;
  /** Instants as epoch milliseconds (JSON has no timestamp type). */
  startsAt: number;
  endsAt: number;
  bufferEndsAt: number;
  locationLat: number | null;
  locationLon: number | null;
}

type InputRow = {
  hours: DayHours[] | string;
  blocks: DayBlock[] | string;
  busy: BusyJson[] | string;
};

/** node-postgres and PGlite both parse json columns; a driver that hands back text still works. */
const parsed = <T>(value: T[] | string | null): T[] => (typeof value === 'string' ? (JSON.parse(value) as T[]) : (value ?? []));
/** The one row of a db.execute answer (both drivers answer with `rows`). */
function firstRow(result: unknown): InputRow {
  const [row] = (result as { rows: InputRow[] }).rows;
  if (!row) throw new Error('The availability query returned no row');
  return row;
}

const epochMs = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

/**
 * Everything daySlots and the route rule need for the dates from..to (inclusive), in one query (one
 * round trip, one statement on a transaction's connection): the week's hours, the range's blocks,
 * and the active bookings whose occupied range (session + buffer) meets the range. The bookings
 * are found through `occupied &&`, the exclusion constraint's own GiST index (partial on the
 * active statuses), so a year of history costs nothing; `occupied` is [starts_at, buffer_ends_at),
 * the same overlap test as bookings' busyBetween.
 */
export async function loadAvailabilityInput(db: DbOrTx, from: string, to: string, now: Date): Promise<OfferInput> {
  const rangeStart = nzInstant(from).toISOString();
  const rangeEnd = nzInstant(addDaysToDate(to, 1)).toISOString();
  const result: unknown = await db.execute(sql`
    SELECT
      (SELECT coalesce(json_agg(json_build_object(
          'dayOfWeek', h.day_of_week, 'isOpen', h.is_open, 'openTime', h.open_time, 'closeTime', h.close_time)), '[]')
        FROM business_hours h) AS hours,
      (SELECT coalesce(json_agg(json_build_object(
          'date', to_char(d.date, 'YYYY-MM-DD'), 'isFullDay', d.is_full_day, 'startTime', d.start_time, 'endTime', d.end_time)), '[]')
        FROM blocked_dates d WHERE d.date BETWEEN ${from}::date AND ${to}::date) AS blocks,
      (SELECT coalesce(json_agg(json_build_object(
          'date', to_char(bookings.date, 'YYYY-MM-DD'),
          'startsAt', ${epochMs('bookings.starts_at')}, 'endsAt', ${epochMs('bookings.ends_at')},
          'bufferEndsAt', ${epochMs('bookings.buffer_ends_at')},
          'locationLat', bookings.location_lat, 'locationLon', bookings.location_lon)), '[]')
        FROM bookings
        -- The first test is the exclusion constraint's partial-index predicate, so the planner uses it.
        WHERE bookings.status IN ('pending', 'confirmed')
          AND bookings.occupied && tstzrange(${rangeStart}::timestamptz, ${rangeEnd}::timestamptz, '[)')
          AND ${activeAt(now)}) AS busy
  `);
  const row = firstRow(result);
  const busy: AvailabilityInput['busy'] = [];
  const visitsByDate = new Map<string, RouteVisit[]>();
  for (const b of parsed<BusyJson>(row.busy)) {
    const startsAt = new Date(b.startsAt);
    busy.push({ start: startsAt, end: new Date(b.bufferEndsAt) });
    const visit = visitOf({ startsAt, endsAt: new Date(b.endsAt), locationLat: b.locationLat, locationLon: b.locationLon });
    const visits = visitsByDate.get(b.date);
    if (visits) visits.push(visit);
    else visitsByDate.set(b.date, [visit]);
  }
  return { hours: parsed<DayHours>(row.hours), blocks: parsed<DayBlock>(row.blocks), busy, visitsByDate };
}
