/** What the server tells every page before it runs: inlined into index.html, also at GET /api/site. */
import type { PracticeInfo } from './practice';
import type { BusinessHours } from './schemas/hours';
import type { Review } from './schemas/review';
import type { Service } from './schemas/service';

export type AnalyticsConfig =
  { provider: 'plausible'; domain: string; scriptUrl: string } | { provider: 'ga4'; measurementId: string };

export interface SiteConfig {
  /** null: no analytics at all (nothing is loaded or sent). */
  analytics: AnalyticsConfig | null;
  /** A maps key is configured: the booking form may offer address suggestions. */
  mapsEnabled: boolean;
}

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

export const INITIAL_DATA_ELEMENT_ID = 'hv-initial-data';
