/**
 * GET /api/admin/bookings/day-route?date=yyyy-MM-dd (issue 13): the therapist's drive for one NZ
 * day. The active visits (pending and confirmed) in time order, the legs between them (from base
 * to the first, between each pair, from the last back to base) with the drive and whether the gap
 * is long enough, and the day's total km.
 */
import { z } from 'zod';
import { isValidDateString } from '../time';

export const dayRouteQuerySchema = z.object({
  date: z.string({ error: 'date is required' }).refine(isValidDateString, 'date must be a date (yyyy-MM-dd)'),
});

export type DayRouteLegKind = 'from-base' | 'between' | 'to-base';

export interface DayRouteLeg {
  kind: DayRouteLegKind;
  /** The booking the leg leaves from; null for the leg from base. */
  fromBookingId: number | null;
  /** The booking the leg goes to; null for the leg home. */
  toBookingId: number | null;
  /** The estimated drive; null when a location is unknown. */
  driveMinutes: number | null;
  km: number | null;
  /** The time between the two (for the base legs: from opening, or to closing plus the grace). */
  gapMinutes: number;
  /** What the rule needs; null when the leg is not checked (an unknown location on a base leg). */
  requiredMinutes: number | null;
  feasible: boolean;
  /** A location or the drive was unknown: the fixed gap applied, or the leg was not checked. */
  unknown: boolean;
}

export interface DayRoute {
  date: string;
  /** Booking ids in driving order. */
  bookingIds: number[];
  legs: DayRouteLeg[];
  /** The known legs' km, base legs included. */
  totalKm: number;
}
