/**
 * The data public pages need for their first render, inlined into index.html so the
 * first paint never waits for an API round trip.
 */
import type { InitialData, SiteConfig } from '@shared/site';
import type { PublicCache } from '../../cache/public-cache';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { publicPracticeInfo } from '../../practice-profile';
import { createHoursRepository } from '../hours/repository';
import { createReviewsRepository } from '../reviews/repository';
import { createServicesRepository } from '../services/repository';
import { offersSuggestions } from '../travel/osm-provider';

export function siteConfig(config: AppConfig): SiteConfig {
  const mapsEnabled = config.travel.googleMapsApiKey !== null;
  // Google's suggestions when she has a key; otherwise her OpenStreetMap geocoder's, when it allows them.
  const geocoder = config.travel.geocoderUrl
    ? { url: config.travel.geocoderUrl, kind: config.travel.geocoderKind }
    : null;
  return { analytics: config.analytics, mapsEnabled, addressSuggestions: !mapsEnabled && offersSuggestions(geocoder) };
}

/**
 * With the app's public cache (issue 14), read from memory until one of its tables changes.
 * The answer is shared between requests: do not modify it.
 */
export function loadInitialData(db: Db, config: AppConfig, cache?: PublicCache): Promise<InitialData> {
  if (!cache) return readInitialData(db, config);
  return cache.get('initial-data', ['services', 'business_hours', 'reviews'], () => readInitialData(db, config));
}

async function readInitialData(db: Db, config: AppConfig): Promise<InitialData> {
  const [services, hours, featured] = await Promise.all([
    createServicesRepository(db).list(),
    createHoursRepository(db).list(),
    createReviewsRepository(db).list({ featuredOnly: true }),
  ]);
  return {
    site: siteConfig(config),
    queries: {
      '/api/practice': publicPracticeInfo(
        config.practice,
        config.travel,
        { retention: config.retention, changeCutoffHours: config.booking.changeCutoffHours },
        config.logo.current,
      ),
      '/api/services': services,
      '/api/business-hours': hours,
      '/api/reviews?featured=true': featured,
    },
  };
}
