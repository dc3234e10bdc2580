/**
 * The route rule at the moment a visit joins a day (docs/product.md §10): a new request, or her
 * approval of one. Both run inside the caller's transaction after lockDay, so what they read is
 * every visit committed for that date, whichever process wrote it.
 */
import { ROUTE_DOES_NOT_FIT, SLOT_TAKEN } from '@shared/messages';
import type { RouteMisfit } from '@shared/schemas/booking';
import type { DbTx } from '../../db/client';
import type { bookings } from '../../db/schema';
import { apiError } from '../../http/errors';
import { loadOfferedSlots, type OfferDeps, type Visitor } from '../availability/offered-slots';
import { routeDayOf, visitOf, type RouteConfig } from '../scheduling/day-route';
import type { DriveSource } from '../scheduling/drive-source';
import { fitsRoute, type RouteRefusal } from '../scheduling/route-rule';
import { createHoursRepository } from '../hours/repository';
import { createVisitsRepository } from '../visits/repository';

/** 'taken' by the slot rules, or the drive does not fit, by its cause (docs/product.md §19: a refusal names its real
 * cause). */
export type TimeCheck = 'fits' | 'taken' | RouteMisfit;

/** Whether a check refused the time for the drive (ROUTE_DOES_NOT_FIT), not because it is taken. */
export const isRouteMisfit = (check: TimeCheck): check is RouteMisfit => check !== 'fits' && check !== 'taken';

/** Why a requested time cannot be had: taken by the slot rules, or the drive does not fit (in the cause's words). */
export function refuseTime(check: TimeCheck): void {
  if (check === 'taken') throw apiError('SLOT_TAKEN', SLOT_TAKEN);
  if (isRouteMisfit(check)) throw apiError('ROUTE_DOES_NOT_FIT', ROUTE_DOES_NOT_FIT[check]);
}

/**
 * Is the requested time still free by the slot rules ('taken' if not), and does the visitor's route fit (if not, the
 * drive that does not: from base, home, or from or to the appointment before or after)? The one check of a new request
 * and of a moved booking (`excludeBookingId`: its old time is released); `excludeOfferId`: the waitlist hold
 * (docs/product.md §4 "Waitlist") of the visitor making this request, which keeps the time for them.
 */
export async function checkRequestedTime(
  deps: OfferDeps,
  request: { date: string; time: string; durationMinutes: number },
  visitor: Visitor,
  now: Date,
  options: { prefetch?: boolean; excludeBookingId?: number; excludeOfferId?: number } = {},
): Promise<TimeCheck> {
  const [day] = await loadOfferedSlots(
    deps,
    { from: request.date, to: request.date },
    request.durationMinutes,
    now,
    visitor,
    options,
  );
  if (!day!.freeSlots.includes(request.time)) return 'taken';
  if (day!.timeSlots.includes(request.time)) return 'fits';
  // Not in the misfits: it overlaps a stop the slot rules let through, so it is not free after all.
  return day!.routeMisfits?.[request.time] ?? 'taken';
}

/**
 * May this stored request be confirmed? Its visit against the day's other active visits: null when it fits, else why
 * not (approvalBreaksRoute words it). A request already on the day normally fits (it was checked when made); one made
 * before the rule, or a day she changed by hand since, may not.
 */
export async function approvalRouteRefusal(
  tx: DbTx,
  config: RouteConfig,
  drives: DriveSource,
  row: typeof bookings.$inferSelect,
  now: Date,
): Promise<RouteRefusal | null> {
  const others = (await createVisitsRepository(tx).activeOnDate(row.date, now)).filter((r) => r.id !== row.id);
  const hours = await createHoursRepository(tx).ofDate(row.date);
  const fit = fitsRoute(
    others.map(visitOf),
    visitOf(row),
    routeDayOf(row.date, hours, config.practice.base),
    config.booking.route,
    drives.lookup,
  );
  return fit.fits ? null : fit.reason;
}
