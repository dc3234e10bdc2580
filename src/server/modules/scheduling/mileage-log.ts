/**
 * The mileage log (docs/product.md §10): every leg she drove for her confirmed visits, day by day, as a CSV
 * logbook (date, from, to, km, purpose), the kind of record NZ's IRD accepts for a vehicle expense
 * claim. The km are the configured drive source's (offline estimate or Google) for each leg; a leg whose location
 * is unknown keeps an empty km cell for her to fill in.
 */
import { and, asc, eq, gte, inArray, lte } from 'drizzle-orm';
import type { DayRoute } from '@shared/schemas/day-route';
import { dayOfWeek } from '@shared/time';
import type { Db } from '../../db/client';
import { bookings, businessHours } from '../../db/schema';
import { toCsv } from '../../http/csv';
import { routeOfDay, routePoints, visitOf, type RouteConfig } from './day-route';
import type { DriveSource } from './drive-source';

type BookingRow = typeof bookings.$inferSelect;
type HoursRow = typeof businessHours.$inferSelect;

export const MILEAGE_HEADER = ['Date', 'From', 'To', 'Km', 'Purpose'] as const;
export const BASE_LABEL = 'Base';

/** The log's rows for one day's route; pure. */
export function mileageRows(route: DayRoute, rows: readonly BookingRow[]): string[][] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const place = (id: number | null) => (id === null ? BASE_LABEL : (byId.get(id)?.address ?? ''));
  const purpose = (id: number | null) => {
    const visit = id === null ? undefined : byId.get(id);
    return visit ? `Home visit: ${visit.serviceName}` : 'Return to base';
  };
  return route.legs.map((leg) => [
    route.date,
    place(leg.fromBookingId),
    place(leg.toBookingId),
    leg.km === null ? '' : leg.km.toFixed(1),
    purpose(leg.toBookingId),
  ]);
}

/** The confirmed visits by NZ day, each day's in the order she drives them. */
function byDay(rows: readonly BookingRow[]): Map<string, BookingRow[]> {
  const days = new Map<string, BookingRow[]>();
  for (const row of rows) {
    const day = days.get(row.date);
    if (day) day.push(row);
    else days.set(row.date, [row]);
  }
  return days;
}

/** One day's route as the log counts it (the drive source asked first). */
async function loggedRoute(
  date: string,
  dayRows: BookingRow[],
  hours: HoursRow[],
  config: RouteConfig,
  drives: DriveSource,
) {
  await drives.prefetch(routePoints(config.practice.base, dayRows.map(visitOf)));
  return routeOfDay(
    date,
    dayRows,
    hours.find((h) => h.dayOfWeek === dayOfWeek(date)),
    config,
    drives.lookup,
  );
}

const visitOrder = [asc(bookings.date), asc(bookings.startsAt), asc(bookings.id)];

export function createMileageLog(db: Db, config: RouteConfig, drives: DriveSource) {
  return async function mileageCsv(from: string, to: string): Promise<{ csv: string; legs: number; km: number }> {
    const rows = await db
      .select()
      .from(bookings)
      .where(and(gte(bookings.date, from), lte(bookings.date, to), eq(bookings.status, 'confirmed')))
      .orderBy(...visitOrder);
    const hours = await db.select().from(businessHours);

    const records: string[][] = [[...MILEAGE_HEADER]];
    let km = 0;
    for (const [date, dayRows] of byDay(rows)) {
      const route = await loggedRoute(date, dayRows, hours, config, drives);
      records.push(...mileageRows(route, dayRows));
      km += route.totalKm;
    }
    return { csv: toCsv(records), legs: records.length - 1, km: Math.round(km * 10) / 10 };
  };
}

/**
 * The km the log counts for each of these days (the Money tab's total, docs/product.md §18.4): the same routes, without
 * the CSV; a day without a confirmed visit is 0.
 */
export function createMileageKmOfDays(db: Db, config: RouteConfig, drives: DriveSource) {
  return async function kmOfDays(dates: readonly string[]): Promise<Map<string, number>> {
    const km = new Map(dates.map((d) => [d, 0]));
    if (dates.length === 0) return km;
    const rows = await db
      .select()
      .from(bookings)
      .where(and(inArray(bookings.date, [...dates]), eq(bookings.status, 'confirmed')))
      .orderBy(...visitOrder);
    const hours = await db.select().from(businessHours);
    for (const [date, dayRows] of byDay(rows))
      km.set(date, (await loggedRoute(date, dayRows, hours, config, drives)).totalKm);
    return km;
  };
}
