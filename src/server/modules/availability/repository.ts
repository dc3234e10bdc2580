import { sql } from 'drizzle-orm';
import { addDaysToDate, HOUR_MS, nzInstant } from '@shared/time';
import type { DbOrTx } from '../../db/client';
import { visitOf } from '../scheduling/day-route';
import type { RouteVisit } from '../scheduling/route-rule';
import { externalBusyJson } from '../calendars/busy-repository';
import { activeAt } from '../visits/repository';
import type { AvailabilityInput, DayBlock, DayHours, ExternalBusy } from './slots';

/** What availability needs for the dates from..to (inclusive): the slot rules' input and each date's visits. */
export interface OfferInput extends AvailabilityInput {
  visitsByDate: Map<string, RouteVisit[]>;
  /**
   * When the first pending request in it expires and stops holding its time (epoch ms, after the
   * `now` it was read at); absent when none will. Until then the input holds (cached-day-answer.ts).
   */
  firstExpiry?: number;
}

interface BusyJson {
  date: string;
  /** Instants as epoch milliseconds (JSON has no timestamp type). */
  startsAt: number;
  endsAt: number;
  bufferEndsAt: number;
  locationLat: number | null;
  locationLon: number | null;
  /** A pending request's expiry; null for a confirmed visit. */
  expiresAt: number | null;
}

interface ExternalJson {
  calendarId: number;
  calendarName: string;
  startsAt: number;
  endsAt: number;
}

type InputRow = {
  hours?: DayHours[] | string;
  blocks?: DayBlock[] | string;
  busy?: BusyJson[] | string;
  holds?: BusyJson[] | string;
  external?: ExternalJson[] | string;
};

/** node-postgres and PGlite both parse json columns; a driver that hands back text still works. */
const parsed = <T>(value: T[] | string | null | undefined): T[] =>
  typeof value === 'string' ? (JSON.parse(value) as T[]) : (value ?? []);
/** The one row of a db.execute answer (both drivers answer with `rows`). */
function firstRow(result: unknown): InputRow {
  const [row] = (result as { rows: InputRow[] }).rows;
  if (!row) throw new Error('The availability query returned no row');
  return row;
}

const epochMs = (column: string) => sql.raw(`(extract(epoch from ${column}) * 1000)::float8`);

const hoursJson = sql`(SELECT coalesce(json_agg(json_build_object(
    'dayOfWeek', h.day_of_week, 'isOpen', h.is_open, 'openTime', h.open_time, 'closeTime', h.close_time)), '[]')
  FROM business_hours h)`;

const blocksJson = (range?: { from: string; to: string }) => sql`(SELECT coalesce(json_agg(json_build_object(
    'date', to_char(d.date, 'YYYY-MM-DD'), 'isFullDay', d.is_full_day, 'startTime', d.start_time, 'endTime', d.end_time,
    'reason', d.reason)), '[]')
  FROM blocked_dates d ${range ? sql`WHERE d.date BETWEEN ${range.from}::date AND ${range.to}::date` : sql``})`;

/**
 * The active bookings whose occupied range (session + buffer) meets from..to, found through
 * `occupied &&`, the exclusion constraint's own GiST index (partial on the active statuses), so a
 * year of history costs nothing; `occupied` is [starts_at, buffer_ends_at), the same overlap test
 * as bookings' busyBetween. `excludeId` leaves one booking out: the one being moved (a reschedule), whose
 * old time is released by the same move.
 */
function busyJson(from: string, to: string, now: Date, excludeId?: number) {
  const rangeStart = nzInstant(from).toISOString();
  const rangeEnd = nzInstant(addDaysToDate(to, 1)).toISOString();
  return sql`(SELECT coalesce(json_agg(json_build_object(
      'date', to_char(bookings.date, 'YYYY-MM-DD'),
      'startsAt', ${epochMs('bookings.starts_at')}, 'endsAt', ${epochMs('bookings.ends_at')},
      'bufferEndsAt', ${epochMs('bookings.buffer_ends_at')},
      'locationLat', bookings.location_lat, 'locationLon', bookings.location_lon,
      'expiresAt', CASE WHEN bookings.status = 'pending' THEN ${epochMs('bookings.expires_at')} END)), '[]')
    FROM bookings
    -- The first test is the exclusion constraint's partial-index predicate, so the planner uses it.
    WHERE bookings.status IN ('pending', 'confirmed')
      AND bookings.occupied && tstzrange(${rangeStart}::timestamptz, ${rangeEnd}::timestamptz, '[)')
      AND ${activeAt(now)}
      ${excludeId === undefined ? sql`` : sql`AND bookings.id <> ${excludeId}`})`;
}

/**
 * The live waitlist holds meeting from..to (docs/product.md §4 "Waitlist"): a time offered to a
 * waitlisted visitor is taken for everyone else until the hold runs out (`expiresAt`, so a kept answer ends
 * with it) or the offer is accepted (then its booking holds the time). `excludeOfferId`: the holder's own.
 */
function holdsJson(from: string, to: string, now: Date, excludeOfferId?: number) {
  const rangeStart = nzInstant(from).toISOString();
  const rangeEnd = nzInstant(addDaysToDate(to, 1)).toISOString();
  return sql`(SELECT coalesce(json_agg(json_build_object(
      'date', to_char(o.date, 'YYYY-MM-DD'),
      'startsAt', ${epochMs('o.starts_at')}, 'endsAt', ${epochMs('o.ends_at')},
      'bufferEndsAt', ${epochMs('o.buffer_ends_at')},
      'locationLat', e.location_lat, 'locationLon', e.location_lon,
      'expiresAt', ${epochMs('o.hold_until')})), '[]')
    FROM waitlist_offers o JOIN waitlist_entries e ON e.id = o.entry_id
    WHERE o.status = 'offered' AND o.hold_until > ${now}
      AND o.occupied && tstzrange(${rangeStart}::timestamptz, ${rangeEnd}::timestamptz, '[)')
      ${excludeOfferId === undefined ? sql`` : sql`AND o.id <> ${excludeOfferId}`})`;
}

/** The rules of every date: the week's hours and all blocked dates (what the public cache keeps). */
export interface ScheduleRules {
  hours: DayHours[];
  blocks: DayBlock[];
}

/** The week's hours and every blocked date, in one statement (the public cache's loader). */
export async function loadScheduleRules(db: DbOrTx): Promise<ScheduleRules> {
  const row = firstRow(await db.execute(sql`SELECT ${hoursJson} AS hours, ${blocksJson()} AS blocks`));
  return { hours: parsed<DayHours>(row.hours), blocks: parsed<DayBlock>(row.blocks) };
}

/**
 * Everything daySlots and the route rule need for the dates from..to (inclusive). Without `rules`,
 * in one query (one round trip, one statement on a transaction's connection): the week's hours,
 * the range's blocks, the active bookings and her other calendars' busy times that meet the range.
 * With `rules` (the public cache's hours and blocked dates, docs/performance.md), only the bookings and busy
 * times are queried. `excludeBookingId`: a booking being moved, whose own time does not stand in its way;
 * `excludeOfferId`: a waitlist hold being accepted, which holds its time for this request only. Live holds
 * count as visits (holdsJson).
 */
export async function loadAvailabilityInput(
  db: DbOrTx,
  from: string,
  to: string,
  now: Date,
  rules?: ScheduleRules,
  excludeBookingId?: number,
  excludeOfferId?: number,
): Promise<OfferInput> {
  // Her other calendars' busy times meeting the dates, with an hour each side for a clock change.
  const external = externalBusyJson(
    new Date(nzInstant(from).getTime() - HOUR_MS),
    new Date(nzInstant(addDaysToDate(to, 1)).getTime() + HOUR_MS),
  );
  const busyAndHolds = sql`${busyJson(from, to, now, excludeBookingId)} AS busy,
    ${holdsJson(from, to, now, excludeOfferId)} AS holds`;
  const result: unknown = rules
    ? await db.execute(sql`SELECT ${busyAndHolds}, ${external} AS external`)
    : await db.execute(
        sql`SELECT ${hoursJson} AS hours, ${blocksJson({ from, to })} AS blocks, ${busyAndHolds},
          ${external} AS external`,
      );
  const row = firstRow(result);
  const busy: AvailabilityInput['busy'] = [];
  const visitsByDate = new Map<string, RouteVisit[]>();
  let firstExpiry: number | undefined;
  for (const b of [...parsed<BusyJson>(row.busy), ...parsed<BusyJson>(row.holds)]) {
    const expires = b.expiresAt;
    if (expires !== null && (firstExpiry === undefined || expires < firstExpiry)) firstExpiry = expires;
    const startsAt = new Date(b.startsAt);
    const endsAt = new Date(b.endsAt);
    busy.push({ start: startsAt, end: new Date(b.bufferEndsAt), sessionEnd: endsAt });
    const visit = visitOf({
      startsAt,
      endsAt,
      locationLat: b.locationLat,
      locationLon: b.locationLon,
    });
    const visits = visitsByDate.get(b.date);
    if (visits) visits.push(visit);
    else visitsByDate.set(b.date, [visit]);
  }
  const externalBusy: ExternalBusy[] = parsed<ExternalJson>(row.external).map((e) => ({
    start: new Date(e.startsAt),
    end: new Date(e.endsAt),
    calendarId: e.calendarId,
    calendarName: e.calendarName,
  }));
  const hours = rules ? rules.hours : parsed<DayHours>(row.hours);
  const blocks = rules ? rules.blocks.filter((b) => b.date >= from && b.date <= to) : parsed<DayBlock>(row.blocks);
  return {
    hours,
    blocks,
    busy,
    external: externalBusy,
    visitsByDate,
    ...(firstExpiry === undefined ? {} : { firstExpiry }),
  };
}
