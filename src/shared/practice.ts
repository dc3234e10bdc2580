import { z } from 'zod';
import { practiceLogoSchema } from './logo';

/** The public part of the practice profile, as GET /api/practice answers it. */
export const practiceInfoSchema = z
  .object({
    name: z.string(),
    shortName: z.string(),
    tagline: z.string(),
    therapistName: z.string(),
    intro: z.array(z.string()),
    blurb: z.string(),
    locality: z.string(),
    region: z.string(),
    email: z.string(),
    phone: z.string(),
    socialUrl: z.string().nullable(),
    socialLabel: z.string().nullable(),
    /** The towns she treats as local (docs/product.md §19: any number, none too). */
    localTowns: z.array(z.string()),
    /** The travel fee outside the local towns (cents), for the manual-address hint. */
    travelFeeCents: z.number().int(),
    /** Her service area (docs/product.md §19; the specification's 50 km and 30 km by default), for the visitor's
     * messages. */
    serviceArea: z.object({
      maxKm: z.number(),
      extendedFromKm: z.number(),
      extendedFeeCents: z.number().int(),
    }),
    /** Years records are kept after the last visit (HEALTH_/CLIENT_RETENTION_YEARS), as the privacy statement says. */
    retention: z.object({ healthYears: z.number().int(), clientYears: z.number().int() }),
    /** CHANGE_CUTOFF_HOURS: inside this many hours before a visit its link no longer changes it. */
    changeCutoffHours: z.number(),
    /** Her logo or photo (docs/product.md §19), in the sizes and formats the pages draw; null: none uploaded. */
    logo: practiceLogoSchema.nullable(),
  })
  .meta({ id: 'PracticeInfo' });
export type PracticeInfo = z.infer<typeof practiceInfoSchema>;
