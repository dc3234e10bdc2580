/**
 * The mileage log (issue 13): every leg she drove for her confirmed visits, day by day, as a CSV
 * logbook (date, from, to, km, purpose), the kind of record NZ's IRD accepts for a vehicle expense
 * claim. The km are the configured drive source's (offline estimate or Google) for each leg; a leg whose location
 * is unknown keeps an empty km cell for her to fill in.
 */
import { and, asc, eq, gte, lte } from 'drizzle-orm';
import type { DayRoute } from '@shared/schemas/day-route';
import { dayOfWeek } from '@shared/time';
import type { Db } from '../../db/client';
import { bookings, businessHours } from '../../db/schema';
import { toCsv } from '../../http/csv';
import { routeOfDay, routePoints, visitOf, type RouteConfig } from './day-route';
import type { DriveSource } from './drive-source';

type BookingRow = typeof bookings.$inferSelect;

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

export function createMileageLog(db: Db, config: RouteConfig, drives: DriveSource) {
  return async function mileageCsv(from: string, to: string): Promise<{ csv: string; legs: number; km: number }> {
    const rows = await db
      .select()
      .from(bookings)
      .where(and(gte(bookings.date, from), lte(bookings.date, to), eq(bookings.status, 'confirmed')))
      .orderBy(asc(bookings.date), asc(bookings.startsAt), asc(bookings.id));
    const hours = await db.select().from(businessHours);
    const days = new Map<string, BookingRow[]>();
    for (const row of rows) {
      const day = days.get(row.date);
      if (day) day.push(row);
      else days.set(row.date, [row]);
    }

    const records: string[][] = [[...MILEAGE_HEADER]];
    let km = 0;
    for (const [date, dayRows] of days) {
      await drives.prefetch(routePoints(config.practice.base, dayRows.map(visitOf)));
      const route = routeOfDay(
        date,
        dayRows,
        hours.find((h) => h.dayOfWeek === dayOfWeek(date)),
        config,
        drives.lookup,
      );
      records.push(...mileageRows(route, dayRows));
      km += route.totalKm;
    }
    return { csv: toCsv(records), legs: records.length - 1, km: Math.round(km * 10) / 10 };
  };
}
