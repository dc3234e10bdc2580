/**
 * The data public pages need for their first render, inlined into index.html so the
 * first paint never waits for an API round trip.
 */
import type { InitialData, SiteConfig } from '@shared/site';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { publicPracticeInfo } from '../../practice-profile';
import { createHoursRepository } from '../hours/repository';
import { createReviewsRepository } from '../reviews/repository';
import { createServicesRepository } from '../services/repository';

export function siteConfig(config: AppConfig): SiteConfig {
  return { analytics: config.analytics, mapsEnabled: config.travel.googleMapsApiKey !== null };
}

export async function loadInitialData(db: Db, config: AppConfig): Promise<InitialData> {
  const [services, hours, featured] = await Promise.all([
    createServicesRepository(db).list(),
    createHoursRepository(db).list(),
    createReviewsRepository(db).list({ featuredOnly: true }),
  ]);
  return {
    site: siteConfig(config),
    queries: {
      '/api/practice': publicPracticeInfo(config.practice, config.travel.feeCents),
      '/api/services': services,
      '/api/business-hours': hours,
      '/api/reviews?featured=true': featured,
    },
  };
}

/** JSON safe inside <script>: no '</script>' or '<!--' can end the block early. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}
