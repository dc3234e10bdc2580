import type { DayAvailability } from '@shared/schemas/booking';
import { addDaysToDate, DAY_MS, dayOfWeek, nzInstant, nzToday } from '@shared/time';
import type { DbOrTx } from '../../db/client';
import { routeDayOf, routePoints, type RouteConfig } from '../scheduling/day-route';
import type { DriveSource } from '../scheduling/drive-source';
import type { RouteVisit } from '../scheduling/route-rule';
import { fittingSlots, type SlotFitInput } from '../scheduling/slot-fit';
import type { LatLon } from '../travel/place-names';
import { loadAvailabilityInput, type OfferInput, type ScheduleRules } from './repository';
import { daySlots, type ExternalBusy } from './slots';

export interface OfferDeps {
  db: DbOrTx;
  config: RouteConfig;
  drives: DriveSource;
  /**
   * Hours and blocked dates from memory (availability/cached-schedule-rules.ts), so only the bookings
   * are queried. Absent inside a transaction: its check reads everything on its own connection.
   */
  rules?: () => Promise<ScheduleRules>;
}

/** A visitor who gave an address: where it is, or null when it could not be located. */
export interface Visitor {
  location: LatLon | null;
}

export interface OfferedDay extends DayAvailability {
  /** Free by the slot rules alone (minimum gap), before the route: tells 'taken' from 'does not fit'. */
  freeSlots: string[];
}

/** What the visitor sees of a day: no freeSlots, and nearbyTimes and routeMisfits only when an address was given. */
export const publicDay = ({ freeSlots: _free, ...day }: OfferedDay): DayAvailability => day;

/** A day of a range answer: no routeMisfits (the wizard asks why of the chosen date only; the range stays small). */
export const publicRangeDay = ({ routeMisfits: _why, ...day }: OfferedDay): DayAvailability => publicDay(day);

/** Her other calendars' busy times meeting the NZ date, as stops on the route with no known place. */
function busyStopsOn(date: string, external: readonly ExternalBusy[]): RouteVisit[] {
  const dayStart = nzInstant(date).getTime();
  const dayEnd = nzInstant(addDaysToDate(date, 1)).getTime();
  const stops: RouteVisit[] = [];
  for (const e of external) {
    if (e.start.getTime() < dayEnd && dayStart < e.end.getTime())
      stops.push({ start: e.start, end: e.end, location: null, busy: true });
  }
  return stops;
}

/** The route rule's view of one date for a visitor (pure). */
export function slotFitInput(
  deps: Pick<OfferDeps, 'config' | 'drives'>,
  input: OfferInput,
  date: string,
  durationMinutes: number,
  visitor: Visitor,
): SlotFitInput {
  const hours = input.hours.find((h) => h.dayOfWeek === dayOfWeek(date));
  return {
    date,
    durationMinutes,
    visits: [...(input.visitsByDate.get(date) ?? []), ...busyStopsOn(date, input.external)],
    day: routeDayOf(date, hours, deps.config.practice.base),
    location: visitor.location,
    policy: deps.config.booking.route,
    drive: deps.drives.lookup,
  };
}

/**
 * The drives a visitor's place needs against every visit in the input and base, fetched before any
 * answer is judged (a no-op offline). Outside any transaction: a network call must not hold a lock.
 */
export async function prefetchVisitorDrives(
  deps: Pick<OfferDeps, 'config' | 'drives'>,
  input: OfferInput,
  visitor: Visitor,
): Promise<void> {
  if (!visitor.location) return;
  const visits = [...input.visitsByDate.values()].flat();
  await deps.drives.prefetch(routePoints(deps.config.practice.base, visits), visitor.location);
}

/**
 * What each date from..to (inclusive) offers now for a session of `durationMinutes`: the one
 * answer for the wizard's calendar and for POST /api/bookings, so a time that is shown can be
 * booked and one that is not shown cannot. With a visitor, only the times whose route fits
 * (docs/product.md §10), and the nearby ones among them. `excludeBookingId`: the booking a reschedule
 * moves, judged against every visit but itself; `excludeOfferId`: the waitlist hold its holder is accepting.
 */
export async function loadOfferedSlots(
  deps: OfferDeps,
  range: { from: string; to: string },
  durationMinutes: number,
  now: Date,
  visitor?: Visitor,
  options: { prefetch?: boolean; input?: OfferInput; excludeBookingId?: number; excludeOfferId?: number } = {},
): Promise<OfferedDay[]> {
  // Only today to the horizon can offer anything (slots.ts): the database is asked for no more,
  // so a date like 9999-12-31 costs nothing and reaches no timestamp arithmetic.
  const today = nzToday(now);
  const lastBookable = addDaysToDate(today, deps.config.booking.horizonDays);
  const queried = {
    from: range.from < today ? today : range.from,
    to: range.to > lastBookable ? lastBookable : range.to,
  };
  // Read by the caller already: 'Why this time?' reads the date once for both of its answers.
  const input =
    options.input ??
    (queried.from <= queried.to
      ? await loadAvailabilityInput(
          deps.db,
          queried.from,
          queried.to,
          now,
          deps.rules ? await deps.rules() : undefined,
          options.excludeBookingId,
          options.excludeOfferId,
        )
      : { hours: [], blocks: [], busy: [], external: [], visitsByDate: new Map() });
  // Inside a locked transaction the caller has prefetched already; a pair new since then is looked
  // up from the source's fallback rather than fetched while the day is locked.
  if (visitor && options.prefetch !== false) await prefetchVisitorDrives(deps, input, visitor);
  const policy = { ...deps.config.booking, durationMinutes };
  const days: OfferedDay[] = [];
  // Counted, not compared as text: the day after 9999-12-31 is not a four-digit year.
  const dayCount = Math.round((Date.parse(range.to) - Date.parse(range.from)) / DAY_MS) + 1;
  for (let i = 0, date = range.from; i < dayCount; i++, date = addDaysToDate(date, 1)) {
    const freeSlots = daySlots(date, input, policy, now);
    if (!visitor) {
      days.push({ date, available: freeSlots.length > 0, timeSlots: freeSlots, freeSlots });
      continue;
    }
    // A date with no free time asks the route nothing (and skips building its route day).
    const { timeSlots, nearbyTimes, misfits } =
      freeSlots.length > 0
        ? fittingSlots(slotFitInput(deps, input, date, durationMinutes, visitor), freeSlots)
        : { timeSlots: [], nearbyTimes: [], misfits: {} };
    days.push({ date, available: timeSlots.length > 0, timeSlots, nearbyTimes, routeMisfits: misfits, freeSlots });
  }
  return days;
}
