/**
 * The route rule at the moment a visit joins a day (docs/product.md §10): a new request, or her
 * approval of one. Both run inside the caller's transaction after lockDay, so what they read is
 * every visit committed for that date, whichever process wrote it.
 */
import { eq } from 'drizzle-orm';
import { ROUTE_DOES_NOT_FIT, SLOT_TAKEN } from '@shared/messages';
import { dayOfWeek } from '@shared/time';
import type { DbTx } from '../../db/client';
import { businessHours, type bookings } from '../../db/schema';
import { apiError } from '../../http/errors';
import { loadOfferedSlots, type OfferDeps, type Visitor } from '../availability/offered-slots';
import { routeDayOf, visitOf, type RouteConfig } from '../scheduling/day-route';
import type { DriveSource } from '../scheduling/drive-source';
import { fitsRoute } from '../scheduling/route-rule';
import { createVisitsRepository } from '../visits/repository';

export type TimeCheck = 'fits' | 'taken' | 'route';

/** Why a requested time cannot be had: taken by the slot rules, or the drive does not fit. */
export function refuseTime(check: TimeCheck): void {
  if (check === 'taken') throw apiError('SLOT_TAKEN', SLOT_TAKEN);
  if (check === 'route') throw apiError('ROUTE_DOES_NOT_FIT', ROUTE_DOES_NOT_FIT);
}

/**
 * Is the requested time still free by the slot rules ('taken' if not), and does the visitor's route fit ('route' if
 * not)? The one check of a new request and of a moved booking (`excludeBookingId`: its old time is released);
 * `excludeOfferId`: the waitlist hold (issue 25) of the visitor making this request, which keeps the time for them.
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
  return day!.timeSlots.includes(request.time) ? 'fits' : 'route';
}

/**
 * May this stored request be confirmed? Its visit against the day's other active visits. A request
 * already on the day normally fits (it was checked when made); one made before the rule, or a day she
 * changed by hand since, may not.
 */
export async function approvalFitsRoute(
  tx: DbTx,
  config: RouteConfig,
  drives: DriveSource,
  row: typeof bookings.$inferSelect,
  now: Date,
): Promise<boolean> {
  const others = (await createVisitsRepository(tx).activeOnDate(row.date, now)).filter((r) => r.id !== row.id);
  const [hours] = await tx
    .select()
    .from(businessHours)
    .where(eq(businessHours.dayOfWeek, dayOfWeek(row.date)));
  const fit = fitsRoute(
    others.map(visitOf),
    visitOf(row),
    routeDayOf(row.date, hours, config.practice.base),
    config.booking.route,
    drives.lookup,
  );
  return fit.fits;
}
