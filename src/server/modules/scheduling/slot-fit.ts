/**
 * Which start times of a day fit a visitor's place into the day's route, and which of those sit
 * next to another visit in the same area (docs/product.md §10). Pure: the one answer for the
 * availability calls with an address, POST /api/bookings and approval, so a time that is offered
 * can be booked and one that is refused is never offered.
 */
import { timeToMinutes } from '@shared/clock-time';
import type { RouteMisfit } from '@shared/schemas/booking';
import { MINUTE_MS, nzMinuteInstant } from '@shared/time';
import type { LatLon } from '../travel/place-names';
import type { RoutePolicy } from '../../config';
import { fitsRoute, type DriveLookup, type RouteDay, type RouteFit, type RouteVisit } from './route-rule';

/** A time is "nearby" when another visit within this drive ends or starts within NEARBY_GAP_MINUTES of it. */
export const NEARBY_DRIVE_MINUTES = 15;
export const NEARBY_GAP_MINUTES = 60;

export interface SlotFitInput {
  date: string;
  durationMinutes: number;
  /** The day's active visits (pending or confirmed), any order. */
  visits: readonly RouteVisit[];
  day: RouteDay;
  /** Where the visitor is; null when the address could not be located (the unknown gap applies). */
  location: LatLon | null;
  policy: RoutePolicy;
  drive: DriveLookup;
}

export interface FittingSlots {
  timeSlots: string[];
  nearbyTimes: string[];
  /**
   * The times the drive refuses, with why (docs/product.md §19: the refusal names its real cause). A time that overlaps
   * a stop is not here: it is not free (SLOT_TAKEN), which the slot rules say before the route is asked.
   */
  misfits: Record<string, RouteMisfit>;
}

/** The candidate visit for a start time on the date: the session itself, in real minutes. */
export function candidateVisit(
  date: string,
  time: string,
  durationMinutes: number,
  location: LatLon | null,
): RouteVisit {
  // One zone lookup per date, not per time (availability asks this for every free time of a range).
  const start = nzMinuteInstant(date, timeToMinutes(time));
  return { start: new Date(start), end: new Date(start + durationMinutes * MINUTE_MS), location };
}

const fitOf = (input: SlotFitInput, candidate: RouteVisit): RouteFit =>
  fitsRoute(input.visits, candidate, input.day, input.policy, input.drive);

export function fitAt(input: SlotFitInput, time: string): RouteFit {
  return fitOf(input, candidateVisit(input.date, time, input.durationMinutes, input.location));
}

function isNearby(input: SlotFitInput, candidate: RouteVisit): boolean {
  const here = input.location;
  if (!here) return false;
  const within = NEARBY_GAP_MINUTES * MINUTE_MS;
  return input.visits.some((v) => {
    if (!v.location) return false;
    const before =
      v.end.getTime() <= candidate.start.getTime() && candidate.start.getTime() - v.end.getTime() <= within;
    const after = v.start.getTime() >= candidate.end.getTime() && v.start.getTime() - candidate.end.getTime() <= within;
    if (!before && !after) return false;
    const drive = before ? input.drive(v.location, here) : input.drive(here, v.location);
    return drive !== null && drive.minutes <= NEARBY_DRIVE_MINUTES;
  });
}

/** Of `times` (already free by the slot rules), those the route allows, and the nearby ones among them. */
export function fittingSlots(input: SlotFitInput, times: readonly string[]): FittingSlots {
  const timeSlots: string[] = [];
  const nearbyTimes: string[] = [];
  const misfits: Record<string, RouteMisfit> = {};
  for (const time of times) {
    const candidate = candidateVisit(input.date, time, input.durationMinutes, input.location);
    const fit = fitOf(input, candidate);
    if (!fit.fits) {
      if (fit.reason !== 'overlap') misfits[time] = fit.reason;
      continue;
    }
    timeSlots.push(time);
    if (isNearby(input, candidate)) nearbyTimes.push(time);
  }
  return { timeSlots, nearbyTimes, misfits };
}
