import { z } from 'zod';
import { TIME_RE } from '../clock-time';

const hhmm = (label: string) => z.string({ error: `${label} is required` }).regex(TIME_RE, `${label} must be HH:mm`);

/** POST /api/business-hours: one day, upserted by dayOfWeek (0 = Sunday). */
export const businessHoursInputSchema = z
  .object({
    dayOfWeek: z
      .number({ error: 'Day of week is required' })
      .int()
      .min(0, 'Day of week must be 0-6')
      .max(6, 'Day of week must be 0-6'),
    isOpen: z.boolean().default(true),
    openTime: hhmm('Open time'),
    closeTime: hhmm('Close time'),
  })
  // HH:mm strings compare correctly as text; a malformed time already has its own message.
  .refine((h) => !TIME_RE.test(h.openTime) || !TIME_RE.test(h.closeTime) || h.closeTime > h.openTime, {
    message: 'End time must be after start time',
    path: ['closeTime'],
  });
export type BusinessHoursInput = z.infer<typeof businessHoursInputSchema>;

/** One weekday's hours as the API answers them (0 = Sunday; NZ wall-clock HH:mm). */
export const businessHoursSchema = z
  .object({
    id: z.number().int(),
    dayOfWeek: z.number().int(),
    isOpen: z.boolean(),
    openTime: z.string(),
    closeTime: z.string(),
  })
  .meta({ id: 'BusinessHours' });
export type BusinessHours = z.infer<typeof businessHoursSchema>;
