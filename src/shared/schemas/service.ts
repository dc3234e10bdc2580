import { z } from 'zod';
import { multiLine, singleLine } from './text';
import { DURATION_STEP_MINUTES, LIMITS, MIN_DURATION_MINUTES } from '../constants';

/** One bookable length of a service: minutes and integer cents. */
export const durationOptionSchema = z.object({
  duration: z
    .number({ error: 'Duration must be a number' })
    .int('Duration must be a whole number of minutes')
    .min(MIN_DURATION_MINUTES, `Duration must be at least ${MIN_DURATION_MINUTES} minutes`)
    .max(LIMITS.maxDurationMinutes, `Duration must be at most ${LIMITS.maxDurationMinutes} minutes`)
    .multipleOf(DURATION_STEP_MINUTES, `Duration must be in steps of ${DURATION_STEP_MINUTES} minutes`),
  price: z
    .number({ error: 'Price must be a number' })
    .int('Price must be a whole number of cents')
    .min(0, 'Price cannot be negative')
    .max(LIMITS.maxPriceCents, 'Price is too large'),
});
export type DurationOption = z.infer<typeof durationOptionSchema>;

/**
 * A service's deposit (docs/product.md §18.2): a fixed amount in cents or a percentage of the price,
 * one or neither (null or absent: none).
 */
const depositFields = {
  depositCents: z
    .number({ error: 'Deposit must be a number' })
    .int('Deposit must be a whole number of cents')
    .min(1, 'Deposit must be more than $0')
    .max(LIMITS.maxPriceCents, 'Deposit is too large')
    .nullish()
    .transform((v) => v ?? null),
  depositPercent: z
    .number({ error: 'Deposit percentage must be a number' })
    .int('Deposit percentage must be a whole number')
    .min(1, 'Deposit percentage must be 1 to 100')
    .max(100, 'Deposit percentage must be 1 to 100')
    .nullish()
    .transform((v) => v ?? null),
};

function parseJsonText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

/** POST /api/services and PUT /api/services/{id} (docs/product.md §5 Service form). */
export const serviceInputSchema = z
  .object({
    id: z.number().int().positive().optional(),
    name: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(LIMITS.serviceNameMax)
      .refine(...singleLine),
    description: z
      .string({ error: 'Description is required' })
      .trim()
      .min(1, 'Description is required')
      .max(LIMITS.serviceDescriptionMax)
      .refine(...multiLine),
    // The top-level duration and price mirror the first option; the server derives them.
    duration: z.number().optional(),
    price: z.number().optional(),
    // docs/product.md §3: the options may arrive as text holding JSON.
    durationOptions: z.preprocess(
      parseJsonText,
      z
        .array(durationOptionSchema, { error: 'At least one duration option is required' })
        .min(1, 'At least one duration option is required')
        .max(LIMITS.maxDurationOptions, `At most ${LIMITS.maxDurationOptions} duration options`)
        .refine(
          (opts) => new Set(opts.map((o) => o.duration)).size === opts.length,
          'Each duration may appear only once',
        ),
    ),
    ...depositFields,
  })
  .refine((s) => s.depositCents === null || s.depositPercent === null, {
    message: 'Choose a deposit amount or a percentage, not both',
    path: ['depositPercent'],
  });
export type ServiceInput = z.infer<typeof serviceInputSchema>;

/** A service as the API answers it: duration and price are its first option's. */
export const serviceSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    duration: z.number().int(),
    price: z.number().int(),
    durationOptions: z.array(z.object({ duration: z.number().int(), price: z.number().int() })),
    /** The deposit asked (docs/product.md §18.2): an amount in cents or a percentage of the price; both null for none.
     * */
    depositCents: z.number().int().nullable(),
    depositPercent: z.number().int().nullable(),
  })
  .meta({ id: 'Service' });
export type Service = z.infer<typeof serviceSchema>;
