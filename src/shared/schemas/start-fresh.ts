/**
 * 'Start fresh' (docs/product.md §2 Settings "Start fresh"): from the demo to her own site in one step. One
 * source for the server's answer and the Settings section.
 */
import { z } from 'zod';

/** What she types to confirm, exactly. */
export const START_FRESH_CONFIRMATION = 'START FRESH';

export const START_FRESH_MESSAGES = {
  confirm: `Type ${START_FRESH_CONFIRMATION} to confirm`,
  moneyKept:
    'Payments or receipts are recorded. They are kept as tax records, so Start fresh cannot remove them: nothing was removed.',
  done: 'Started fresh: the demo content is gone, and an example service is ready for you to edit.',
} as const;

/** POST /api/admin/start-fresh. */
export const startFreshInputSchema = z.object({
  confirm: z.literal(START_FRESH_CONFIRMATION, { error: START_FRESH_MESSAGES.confirm }),
});
export type StartFreshInput = z.infer<typeof startFreshInputSchema>;

/** How many of each went. */
export const startFreshRemovedSchema = z.object({
  services: z.number().int(),
  reviews: z.number().int(),
  bookings: z.number().int(),
  clients: z.number().int(),
  waitlist: z.number().int(),
  series: z.number().int(),
  emails: z.number().int(),
});
export type StartFreshRemoved = z.infer<typeof startFreshRemovedSchema>;

export const startFreshAnswerSchema = z
  .object({ message: z.string(), removed: startFreshRemovedSchema })
  .meta({ id: 'StartFreshAnswer' });
export type StartFreshAnswer = z.infer<typeof startFreshAnswerSchema>;
