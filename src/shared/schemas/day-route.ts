/**
 * GET /api/admin/bookings/day-route?date=yyyy-MM-dd (docs/product.md §10): the therapist's drive for one NZ
 * day. The active visits (pending and confirmed) in time order, the legs between them (from base
 * to the first, between each pair, from the last back to base) with the drive and whether the gap
 * is long enough, and the day's total km.
 */
import { z } from 'zod';
import { isValidDateString } from '../time';

export const dayRouteQuerySchema = z.object({
  date: z.string({ error: 'date is required' }).refine(isValidDateString, 'date must be a date (yyyy-MM-dd)'),
});

export const dayRouteLegKindSchema = z.enum(['from-base', 'between', 'to-base']);
export type DayRouteLegKind = z.infer<typeof dayRouteLegKindSchema>;

export const dayRouteLegSchema = z.object({
  kind: dayRouteLegKindSchema,
  /** The booking the leg leaves from; null for the leg from base. */
  fromBookingId: z.number().int().nullable(),
  /** The booking the leg goes to; null for the leg home. */
  toBookingId: z.number().int().nullable(),
  /** The estimated drive; null when a location is unknown. */
  driveMinutes: z.number().nullable(),
  km: z.number().nullable(),
  /** The time between the two (for the base legs: from opening, or to closing plus the grace). */
  gapMinutes: z.number(),
  /** What the rule needs; null when the leg is not checked (an unknown location on a base leg). */
  requiredMinutes: z.number().nullable(),
  feasible: z.boolean(),
  /** A location or the drive was unknown: the fixed gap applied, or the leg was not checked. */
  unknown: z.boolean(),
  /** Only when true (docs/product.md §19): the drive is the offline straight-line estimate, not a road's. */
  estimate: z.boolean().optional(),
});
export type DayRouteLeg = z.infer<typeof dayRouteLegSchema>;

export const dayRouteSchema = z
  .object({
    date: z.string(),
    /** Booking ids in driving order. */
    bookingIds: z.array(z.number().int()),
    /** The same visits in the same order, with their client's alerts (docs/product.md §12: 'Dog at the gate'). */
    visits: z.array(
      z.object({
        bookingId: z.number().int(),
        clientId: z.number().int().nullable(),
        clientAlerts: z.array(z.string()),
      }),
    ),
    legs: z.array(dayRouteLegSchema),
    /** The known legs' km, base legs included. */
    totalKm: z.number(),
  })
  .meta({ id: 'DayRoute' });
export type DayRoute = z.infer<typeof dayRouteSchema>;
