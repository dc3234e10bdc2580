/**
 * The therapist's drive for one NZ day (issue 13, "her view of the day"): the day's active visits
 * through the route rule, with the drive between them and any gap that is too short (visits she
 * confirmed by hand, or booked before the rule). Drive times are the offline estimate for now;
 * visits without a location count as unknown.
 */
import { eq } from 'drizzle-orm';
import type { DayRoute, DayRouteLeg } from '@shared/schemas/day-route';
import { dayOfWeek, nzInstant } from '@shared/time';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { businessHours, type bookings } from '../../db/schema';
import { createBookingsRepository } from '../bookings/repository';
import type { LatLon } from '../travel/place-names';
import { createDriveCache, offlineDriveLookup } from './drive-estimate';
import { dayLegs, DEFAULT_ROUTE_POLICY, type DriveLookup, type RouteLeg, type RoutePolicy, type RouteVisit } from './route-rule';

type BookingRow = typeof bookings.$inferSelect;
type HoursRow = typeof businessHours.$inferSelect;
export type RouteConfig = Pick<AppConfig, 'booking' | 'travel' | 'practice'>;

/** Until the rule's own settings exist (issue 13), the defaults, with today's buffer as the unknown gap. */
export function routePolicy(config: Pick<AppConfig, 'booking'>): RoutePolicy {
  return { ...DEFAULT_ROUTE_POLICY, unknownGapMinutes: config.booking.bufferMinutes };
}

const round1 = (km: number) => Math.round(km * 10) / 10;

/** The offline drive estimate, cached for the life of the caller. */
export function routeDrive(config: RouteConfig): DriveLookup {
  return createDriveCache(offlineDriveLookup({ roadFactor: config.travel.roadFactor, averageSpeedKmh: config.travel.averageSpeedKmh })).lookup;
}

/** One day's route from its bookings (in any order) and that weekday's hours; pure. */
export function routeOfDay(date: string, rows: readonly BookingRow[], hours: HoursRow | undefined, config: RouteConfig, drive: DriveLookup): DayRoute {
  // A closed day may still hold visits she booked by hand: judge them against the whole day.
  const open = hours?.isOpen ? hours.openTime : '00:00';
  const close = hours?.isOpen ? hours.closeTime : '23:59';
  const base: LatLon = config.practice.base;
  const visits: RouteVisit[] = rows.map((r) => ({
    start: r.startsAt,
    end: r.endsAt,
    location: r.locationLat === null || r.locationLon === null ? null : { lat: r.locationLat, lon: r.locationLon },
  }));
  const route = dayLegs(visits, { openAt: nzInstant(date, open), closeAt: nzInstant(date, close), base }, routePolicy(config), drive);
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
  });
  return { date, bookingIds: route.order.map((i) => rows[i]!.id), legs: route.legs.map(toLeg), totalKm: round1(route.totalKm) };
}

export function createDayRouteReader(db: Db, config: RouteConfig) {
  const drive = routeDrive(config);
  return async function dayRoute(date: string, now = new Date()): Promise<DayRoute> {
    const rows = await createBookingsRepository(db).activeOnDate(date, now);
    const [hours] = await db.select().from(businessHours).where(eq(businessHours.dayOfWeek, dayOfWeek(date)));
    return routeOfDay(date, rows, hours, config, drive);
  };
}
