import { z } from 'zod';
import { singleLine } from './text';
import { LIMITS } from '../constants';
import { isValidDateString } from '../time';
import { TIME_RE } from '../clock-time';

const optionalTime = z
  .string()
  .regex(TIME_RE, 'Time must be HH:mm')
  .nullish()
  .or(z.literal('').transform(() => null));

/** POST /api/blocked-dates (docs/product.md §5 Block date). */
export const blockedDateInputSchema = z
  .object({
    date: z.string({ error: 'Please select a date' }).refine(isValidDateString, 'Please select a date'),
    reason: z
      .string()
      .trim()
      .max(LIMITS.reasonMax)
      .refine(...singleLine)
      .nullish()
      .transform((r) => (r ? r : null)),
    isFullDay: z.boolean().default(true),
    startTime: optionalTime,
    endTime: optionalTime,
  })
  .superRefine((b, ctx) => {
    if (b.isFullDay) return;
    if (!b.startTime) ctx.addIssue({ code: 'custom', path: ['startTime'], message: 'Please select a start time' });
    if (!b.endTime) ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'Please select an end time' });
    if (b.startTime && b.endTime && TIME_RE.test(b.startTime) && TIME_RE.test(b.endTime) && b.endTime <= b.startTime) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: 'End time must be after start time' });
    }
  })
  // A full-day block carries no times, whatever was sent.
  .transform((b) =>
    b.isFullDay
      ? { ...b, startTime: null, endTime: null }
      : { ...b, startTime: b.startTime ?? null, endTime: b.endTime ?? null },
  );
export type BlockedDateInput = z.input<typeof blockedDateInputSchema>;

/** A blocked date as the API answers it: a whole day, or hours of it (NZ wall-clock HH:mm). */
export const blockedDateSchema = z
  .object({
    id: z.number().int(),
    date: z.string(),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
    isFullDay: z.boolean(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'BlockedDate' });
export type BlockedDate = z.infer<typeof blockedDateSchema>;
