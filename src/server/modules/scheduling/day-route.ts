/**
 * The therapist's drive for one NZ day (docs/product.md §10, "her view of the day"): the day's active visits
 * through the route rule, with the drive between them and any gap that is too short (visits she
 * confirmed by hand, or booked before the rule). Drive times come from the app's DriveSource;
 * visits without a location count as unknown.
 */
import type { DayRoute, DayRouteLeg } from '@shared/schemas/day-route';
import { timeToMinutes } from '@shared/clock-time';
import { nzMinuteInstant } from '@shared/time';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import type { bookings, businessHours } from '../../db/schema';
import type { LatLon } from '../travel/place-names';
import { alertsFor, noAlerts, type AlertTexts } from '../clients/alert-texts';
import { createHoursRepository } from '../hours/repository';
import { createVisitsRepository } from '../visits/repository';
import type { DriveSource } from './drive-source';
import { dayLegs, type DriveLookup, type RouteDay, type RouteLeg, type RouteVisit } from './route-rule';

type BookingRow = typeof bookings.$inferSelect;
type HoursRow = typeof businessHours.$inferSelect;
export type RouteConfig = Pick<AppConfig, 'booking' | 'travel' | 'practice'>;

const round1 = (km: number) => Math.round(km * 10) / 10;

/** Where a stored visit is: null when its address was never located. */
export function locationOf(row: { locationLat: number | null; locationLon: number | null }): LatLon | null {
  return row.locationLat === null || row.locationLon === null ? null : { lat: row.locationLat, lon: row.locationLon };
}

export function visitOf(row: Pick<BookingRow, 'startsAt' | 'endsAt' | 'locationLat' | 'locationLon'>): RouteVisit {
  return { start: row.startsAt, end: row.endsAt, location: locationOf(row) };
}

/**
 * The day as the rule sees it. A closed day may still hold visits she booked by hand: they are
 * judged against the whole day.
 */
export function routeDayOf(
  date: string,
  hours: Pick<HoursRow, 'isOpen' | 'openTime' | 'closeTime'> | undefined,
  base: LatLon,
): RouteDay {
  const open = hours?.isOpen ? hours.openTime : '00:00';
  const close = hours?.isOpen ? hours.closeTime : '23:59';
  return {
    openAt: new Date(nzMinuteInstant(date, timeToMinutes(open))),
    closeAt: new Date(nzMinuteInstant(date, timeToMinutes(close))),
    base,
  };
}

/** The places of a day's route, base first, for DriveSource.prefetch. */
export function routePoints(base: LatLon, visits: readonly RouteVisit[]): LatLon[] {
  return [base, ...visits.flatMap((v) => (v.location ? [v.location] : []))];
}

/** One day's route from its bookings (in any order) and that weekday's hours; pure. */
export function routeOfDay(
  date: string,
  rows: readonly BookingRow[],
  hours: HoursRow | undefined,
  config: RouteConfig,
  drive: DriveLookup,
): DayRoute {
  const visits = rows.map(visitOf);
  const route = dayLegs(visits, routeDayOf(date, hours, config.practice.base), config.booking.route, drive);
  const idOf = (end: number | 'base') => (end === 'base' ? null : rows[end]!.id);
  const toLeg = (leg: RouteLeg): DayRouteLeg => ({
    kind: leg.kind,
    fromBookingId: idOf(leg.from),
    toBookingId: idOf(leg.to),
    driveMinutes: leg.drive?.minutes ?? null,
    km: leg.drive ? round1(leg.drive.km) : null,
    gapMinutes: Math.round(leg.gapMinutes),
    requiredMinutes: leg.requiredMinutes,
    feasible: leg.feasible,
    unknown: leg.unknown,
    ...(leg.drive?.estimate ? { estimate: true } : {}),
  });
  return {
    date,
    bookingIds: route.order.map((i) => rows[i]!.id),
    visits: route.order.map((i) => ({ bookingId: rows[i]!.id, clientId: rows[i]!.clientId, clientAlerts: [] })),
    legs: route.legs.map(toLeg),
    totalKm: round1(route.totalKm),
  };
}

export function createDayRouteReader(
  db: DbOrTx,
  config: RouteConfig,
  drives: DriveSource,
  alertTexts: AlertTexts = noAlerts,
) {
  return async function dayRoute(date: string, now = new Date()): Promise<DayRoute> {
    const rows = await createVisitsRepository(db).activeOnDate(date, now);
    const hours = await createHoursRepository(db).ofDate(date);
    await drives.prefetch(routePoints(config.practice.base, rows.map(visitOf)));
    const route = routeOfDay(date, rows, hours, config, drives.lookup);
    const alerts = await alertTexts(route.visits.map((v) => v.clientId));
    for (const visit of route.visits) visit.clientAlerts = alertsFor(alerts, visit.clientId);
    return route;
  };
}
