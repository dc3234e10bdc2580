/** What the server tells every page before it runs: inlined into index.html, also at GET /api/site. */
import { z } from 'zod';
import type { PracticeInfo } from './practice';
import type { BusinessHours } from './schemas/hours';
import type { Review } from './schemas/review';
import type { Service } from './schemas/service';

export const analyticsConfigSchema = z.discriminatedUnion('provider', [
  z.object({ provider: z.literal('plausible'), domain: z.string(), scriptUrl: z.string() }),
  z.object({ provider: z.literal('ga4'), measurementId: z.string() }),
]);
export type AnalyticsConfig = z.infer<typeof analyticsConfigSchema>;

export const siteConfigSchema = z
  .object({
    /** null: no analytics at all (nothing is loaded or sent). */
    analytics: analyticsConfigSchema.nullable(),
    /** A maps key is configured: the booking form may offer address suggestions. */
    mapsEnabled: z.boolean(),
    /**
     * Without a maps key, the server's OpenStreetMap geocoder offers address suggestions (decision 035, GET
     * /api/address-suggestions): set when GEOCODER_URL is Photon or a Nominatim that allows it.
     */
    addressSuggestions: z.boolean(),
    /**
     * Texts are set up (decision 038: an Account SID, an auth token and a sender, from her Settings or the
     * environment): the booking form offers 'Text me a reminder and updates'. Read at each request, so her saving
     * Settings shows at once.
     */
    textsEnabled: z.boolean(),
  })
  .meta({ id: 'SiteConfig' });
export type SiteConfig = z.infer<typeof siteConfigSchema>;

/** GET /api/google-maps/key: the browser key for address suggestions. */
export const mapsKeySchema = z.object({ apiKey: z.string() });

/** GET /api/address-suggestions?q=: what the visitor has typed so far. */
export const addressSuggestionsQuerySchema = z.object({
  q: z.string({ error: 'q is required' }).trim().max(200, 'q is too long'),
});

/** A few New Zealand addresses, as written there ('12 Rimu Road, Raumati Beach, Paraparaumu 5032'). */
export const addressSuggestionsSchema = z
  .object({ suggestions: z.array(z.string()) })
  .meta({ id: 'AddressSuggestions' });
export type AddressSuggestions = z.infer<typeof addressSuggestionsSchema>;

/** The data public pages need for their first render, keyed by the API URL that serves it. */
export interface InitialData {
  site: SiteConfig;
  queries: {
    '/api/practice': PracticeInfo;
    '/api/services': Service[];
    '/api/business-hours': BusinessHours[];
    '/api/reviews?featured=true': Review[];
  };
}
