/**
 * The route rule (docs/product.md §10): a day's home visits must be drivable one after the other.
 * Pure: the caller passes the visits as instants and a synchronous drive lookup (answers it
 * has prefetched or cached from the travel provider). Availability, booking creation, the
 * therapist's day view and the bench simulation all ask this one module.
 *
 * - Between consecutive visits A then B: B.start - A.end >= max(minGap, drive(A, B) + setup).
 *   A location or drive that is unknown falls back to max(minGap, unknownGap), flagged.
 * - With dayStartsAtBase, two base legs as well (no setup on either: she leaves home packed,
 *   and packing up after the last visit is part of the grace):
 *   - from base: she leaves home no earlier than opening time, so a first visit starting at or
 *     after opening needs first.start >= openAt + drive(base, first). A first visit starting
 *     before opening can only have been booked by hand outside hours: she has planned her own
 *     early departure, so that leg is not checked. This is how we read the "when it
 *     is on or after opening time": "it" is the first visit's start.
 *   - to base: last.end + drive(last, base) <= closeAt + dayEndGrace, always checked.
 *   A base leg whose location or drive is unknown is not checked, only flagged.
 * Every comparison is on instants (getTime), so a gap across a daylight-saving change is the
 * real elapsed time, not the wall-clock difference.
 */
import type { RouteMisfit } from '@shared/schemas/booking';
import { MINUTE_MS } from '@shared/time';
import type { RoutePolicy } from '../../config';
import type { LatLon } from '../travel/place-names';

/** One appointment as the rule sees it: the session itself, no buffer. */
export interface RouteVisit {
  start: Date;
  end: Date;
  /** Where it is; null when the address could not be located. */
  location: LatLon | null;
  /**
   * A busy time from her other calendars, not a visit (docs/product.md §11): a place we do not know, so the
   * legs touching it need the minimum gap only, never a drive or the unknown gap.
   */
  busy?: boolean;
}

export interface Drive {
  minutes: number;
  km: number;
  /** The offline straight line, not a road's answer: her day view says so (docs/product.md §19). */
  estimate?: boolean;
}

/** The drive from one place to another; null when the provider could not tell. */
export type DriveLookup = (from: LatLon, to: LatLon) => Drive | null;

export const DEFAULT_ROUTE_POLICY: Readonly<RoutePolicy> = {
  setupMinutes: 15,
  minGapMinutes: 15,
  unknownGapMinutes: 30,
  dayStartsAtBase: true,
  dayEndGraceMinutes: 60,
};

/** The day the route is checked in: business hours as instants, and where she starts from. */
export interface RouteDay {
  openAt: Date;
  closeAt: Date;
  base: LatLon;
}

export interface RequiredGap {
  minutes: number;
  drive: Drive | null;
  /** A location or the drive was unknown: the unknown gap applied. */
  unknown: boolean;
}

export type LegKind = 'from-base' | 'between' | 'to-base';

export interface RouteLeg {
  kind: LegKind;
  /** Index into the visits as passed in, or 'base'. */
  from: number | 'base';
  to: number | 'base';
  drive: Drive | null;
  /**
   * The time the leg has: between visits, from one's end to the next's start; from base, from
   * opening to the first start; to base, from the last end to closing time plus the grace.
   */
  gapMinutes: number;
  /** What the leg needs; null when the leg is not checked (see the module comment). */
  requiredMinutes: number | null;
  feasible: boolean;
  /** A location or the drive was unknown. */
  unknown: boolean;
}

export interface DayRoute {
  /** Indexes of the visits as passed in, in the order she drives them (by start). */
  order: number[];
  legs: RouteLeg[];
  /** Kilometres of the legs whose drive is known. */
  totalKm: number;
}

/** Overlapping a visit, or one of the drives a visitor is told (the shared RouteMisfit, docs/product.md §19). */
export type RouteRefusal = 'overlap' | RouteMisfit;

/** unknown: a leg touching the candidate had an unknown location or drive (flag the booking for her). */
export type RouteFit = { fits: true; unknown: boolean } | { fits: false; reason: RouteRefusal };

const minutesBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / MINUTE_MS;

/** The drive between two places, or null when either place or the answer is unknown. */
function driveBetween(from: LatLon | null, to: LatLon | null, drive: DriveLookup): Drive | null {
  return from && to ? drive(from, to) : null;
}

/** The least gap between a visit at `from` ending and the next at `to` starting. */
export function requiredGapMinutes(
  from: LatLon | null,
  to: LatLon | null,
  policy: RoutePolicy,
  drive: DriveLookup,
): RequiredGap {
  const known = driveBetween(from, to, drive);
  if (!known) return { minutes: Math.max(policy.minGapMinutes, policy.unknownGapMinutes), drive: null, unknown: true };
  return { minutes: Math.max(policy.minGapMinutes, known.minutes + policy.setupMinutes), drive: known, unknown: false };
}

function betweenLeg(
  visits: readonly RouteVisit[],
  from: number,
  to: number,
  policy: RoutePolicy,
  drive: DriveLookup,
): RouteLeg {
  const a = visits[from]!;
  const b = visits[to]!;
  const gapMinutes = minutesBetween(a.end, b.start);
  const required =
    a.busy || b.busy
      ? { minutes: policy.minGapMinutes, drive: null, unknown: false }
      : requiredGapMinutes(a.location, b.location, policy, drive);
  return {
    kind: 'between',
    from,
    to,
    drive: required.drive,
    gapMinutes,
    requiredMinutes: required.minutes,
    feasible: gapMinutes >= required.minutes,
    unknown: required.unknown,
  };
}

function fromBaseLeg(visits: readonly RouteVisit[], first: number, day: RouteDay, drive: DriveLookup): RouteLeg {
  const visit = visits[first]!;
  const known = driveBetween(day.base, visit.location, drive);
  const gapMinutes = minutesBetween(day.openAt, visit.start);
  // Before opening: booked by hand outside hours, her own departure (module comment).
  const checked = known !== null && visit.start.getTime() >= day.openAt.getTime();
  const requiredMinutes = checked ? known.minutes : null;
  return {
    kind: 'from-base',
    from: 'base',
    to: first,
    drive: known,
    gapMinutes,
    requiredMinutes,
    feasible: requiredMinutes === null || gapMinutes >= requiredMinutes,
    unknown: known === null,
  };
}

function toBaseLeg(
  visits: readonly RouteVisit[],
  last: number,
  day: RouteDay,
  policy: RoutePolicy,
  drive: DriveLookup,
): RouteLeg {
  const visit = visits[last]!;
  const known = driveBetween(visit.location, day.base, drive);
  const homeBy = new Date(day.closeAt.getTime() + policy.dayEndGraceMinutes * MINUTE_MS);
  const gapMinutes = minutesBetween(visit.end, homeBy);
  return {
    kind: 'to-base',
    from: last,
    to: 'base',
    drive: known,
    gapMinutes,
    requiredMinutes: known ? known.minutes : null,
    feasible: known === null || gapMinutes >= known.minutes,
    unknown: known === null,
  };
}

/** Indexes of the visits by start (then end), ties kept in the order given. */
function routeOrder(visits: readonly RouteVisit[]): number[] {
  return visits
    .map((_, i) => i)
    .sort(
      (i, j) =>
        visits[i]!.start.getTime() - visits[j]!.start.getTime() || visits[i]!.end.getTime() - visits[j]!.end.getTime(),
    );
}

/**
 * Every leg of the day in driving order, each judged on its own: an infeasible leg (a visit
 * she confirmed by hand, or booked before this rule) is reported, never hidden or repaired.
 */
export function dayLegs(
  visits: readonly RouteVisit[],
  day: RouteDay,
  policy: RoutePolicy,
  drive: DriveLookup,
): DayRoute {
  const order = routeOrder(visits);
  const legs: RouteLeg[] = [];
  const first = order[0];
  const last = order[order.length - 1];
  if (policy.dayStartsAtBase && first !== undefined) legs.push(fromBaseLeg(visits, first, day, drive));
  for (let k = 1; k < order.length; k++) legs.push(betweenLeg(visits, order[k - 1]!, order[k]!, policy, drive));
  if (policy.dayStartsAtBase && last !== undefined) legs.push(toBaseLeg(visits, last, day, policy, drive));
  const totalKm = legs.reduce((sum, leg) => sum + (leg.drive?.km ?? 0), 0);
  return { order, legs, totalKm };
}

const overlaps = (a: RouteVisit, b: RouteVisit) =>
  a.start.getTime() < b.end.getTime() && b.start.getTime() < a.end.getTime();

/** The visit she comes from: of those ended by the candidate's start, the last to end. */
function visitBefore(visits: readonly RouteVisit[], candidate: RouteVisit): number | undefined {
  let found: number | undefined;
  visits.forEach((v, i) => {
    if (
      v.end.getTime() <= candidate.start.getTime() &&
      (found === undefined || v.end.getTime() > visits[found]!.end.getTime())
    )
      found = i;
  });
  return found;
}

/** The visit she goes on to: of those starting after the candidate's end, the first to start. */
function visitAfter(visits: readonly RouteVisit[], candidate: RouteVisit): number | undefined {
  let found: number | undefined;
  visits.forEach((v, i) => {
    if (
      v.start.getTime() >= candidate.end.getTime() &&
      (found === undefined || v.start.getTime() < visits[found]!.start.getTime())
    )
      found = i;
  });
  return found;
}

/**
 * Why the route refuses a candidate: it overlaps a visit (by index), or one of the legs it creates
 * fails. In a leg, the candidate's index is visits.length (it is appended to the visits).
 */
export type RefusedLeg =
  { reason: 'overlap'; visit: number } | { reason: Exclude<RouteRefusal, 'overlap'>; leg: RouteLeg };

interface CandidateLegs {
  refused: RefusedLeg | null;
  inbound: RouteLeg | null;
  outbound: RouteLeg | null;
}

/** The legs a candidate creates, judged in the order fitsRoute states; stops at the first refusal. */
function candidateLegs(
  visits: readonly RouteVisit[],
  candidate: RouteVisit,
  day: RouteDay,
  policy: RoutePolicy,
  drive: DriveLookup,
): CandidateLegs {
  const overlapped = visits.findIndex((v) => overlaps(v, candidate));
  if (overlapped >= 0) return { refused: { reason: 'overlap', visit: overlapped }, inbound: null, outbound: null };
  // The candidate goes last in the list so that its legs can name it by index.
  const all = [...visits, candidate];
  const self = visits.length;
  const before = visitBefore(visits, candidate);
  const after = visitAfter(visits, candidate);

  let inbound: RouteLeg | null = null;
  if (before !== undefined) inbound = betweenLeg(all, before, self, policy, drive);
  else if (policy.dayStartsAtBase) inbound = fromBaseLeg(all, self, day, drive);
  if (inbound && !inbound.feasible) {
    const reason = before !== undefined ? 'gap-before' : 'from-base';
    return { refused: { reason, leg: inbound }, inbound, outbound: null };
  }

  let outbound: RouteLeg | null = null;
  if (after !== undefined) outbound = betweenLeg(all, self, after, policy, drive);
  else if (policy.dayStartsAtBase) outbound = toBaseLeg(all, self, day, policy, drive);
  if (outbound && !outbound.feasible) {
    const reason = after !== undefined ? 'gap-after' : 'to-base';
    return { refused: { reason, leg: outbound }, inbound, outbound };
  }
  return { refused: null, inbound, outbound };
}

/**
 * Whether the candidate can join the day: it overlaps no visit, and every leg it creates (from
 * the visit before or from base, to the visit after or home) is feasible. Legs between existing
 * visits are not judged here, so one bad pair already on the day blocks nothing else. Business
 * hours, blocks and notice stay with the slot rules (slots.ts).
 */
export function fitsRoute(
  visits: readonly RouteVisit[],
  candidate: RouteVisit,
  day: RouteDay,
  policy: RoutePolicy,
  drive: DriveLookup,
): RouteFit {
  const { refused, inbound, outbound } = candidateLegs(visits, candidate, day, policy, drive);
  if (refused) return { fits: false, reason: refused.reason };
  return { fits: true, unknown: Boolean(inbound?.unknown) || Boolean(outbound?.unknown) };
}

/** What fitsRoute refuses the candidate for, with the failing leg ('Why this time?'); null when it fits. */
export function refusedLeg(
  visits: readonly RouteVisit[],
  candidate: RouteVisit,
  day: RouteDay,
  policy: RoutePolicy,
  drive: DriveLookup,
): RefusedLeg | null {
  return candidateLegs(visits, candidate, day, policy, drive).refused;
}
