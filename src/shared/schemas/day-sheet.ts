/**
 * GET /api/admin/day-sheet?date=yyyy-MM-dd (decision 026, "Today offline"): her confirmed visits of one NZ day in
 * route order, with what she needs at the door (address, phone, alerts, health red flags) and the drive between
 * them. Kept on her phone for when there is no coverage.
 */
import { z } from 'zod';
import { isValidDateString } from '../time';
import { balanceSchema } from './payment';

export const daySheetQuerySchema = z.object({
  /** By default today in New Zealand. */
  date: z.string().refine(isValidDateString, 'date must be a date (yyyy-MM-dd)').optional(),
});

export const daySheetVisitSchema = z.object({
  bookingId: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string(),
  clientName: z.string(),
  address: z.string(),
  /** The suburb or town of the address ('Whale Bay'); null when the address is one part only. */
  suburb: z.string().nullable(),
  phone: z.string(),
  service: z.string(),
  durationMinutes: z.number().int(),
  /** Her alerts on the client ('Dog at the gate'). */
  alerts: z.array(z.string()),
  /** The health form's red flags, a summary ('blood thinners'), never the form itself. */
  healthFlags: z.array(z.string()),
  /** From base for the first visit, else from the visit before; null when a location is unknown. */
  driveFromPreviousMinutes: z.number().nullable(),
  driveKm: z.number().nullable(),
  /** What the visit costs, was paid and still owes (docs/product.md §18.1): 'Owes $60.00' or 'Paid' on the sheet. */
  balance: balanceSchema,
});
export type DaySheetVisit = z.infer<typeof daySheetVisitSchema>;

export const daySheetSchema = z
  .object({
    date: z.string(),
    /** When the server read it (ISO): 'Last updated 7:42 AM' on her phone. */
    generatedAt: z.string(),
    visits: z.array(daySheetVisitSchema),
    /** The known legs' km, the drives from and back to base included. */
    totalKm: z.number(),
  })
  .meta({ id: 'DaySheet' });
export type DaySheet = z.infer<typeof daySheetSchema>;
