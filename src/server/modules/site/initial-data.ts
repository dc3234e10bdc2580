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
import { smsConfigured } from '../sms/settings-store';
import { offersSuggestions } from '../travel/osm-provider';

/** What the configuration alone decides: fixed for the life of the process. */
export type StaticSiteConfig = Omit<SiteConfig, 'textsEnabled'>;

export function staticSiteConfig(config: AppConfig): StaticSiteConfig {
  const mapsEnabled = config.travel.googleMapsApiKey !== null;
  // Google's suggestions when she has a key; otherwise her OpenStreetMap geocoder's, when it allows them.
  const geocoder = config.travel.geocoderUrl
    ? { url: config.travel.geocoderUrl, kind: config.travel.geocoderKind }
    : null;
  return { analytics: config.analytics, mapsEnabled, addressSuggestions: !mapsEnabled && offersSuggestions(geocoder) };
}

/**
 * The site settings of this request: the configuration's, and whether texts are set up (decision 038), which her
 * Settings change while the server runs. One read of the one-row sms_settings by its key, the token left sealed.
 */
export async function siteConfig(db: Db, config: AppConfig, fixed = staticSiteConfig(config)): Promise<SiteConfig> {
  return { ...fixed, textsEnabled: await smsConfigured(db, config) };
}

type CachedInitialData = Omit<InitialData, 'site'> & { site: StaticSiteConfig };

/**
 * With the app's public cache (docs/performance.md), read from memory until one of its tables changes; whether texts
 * are on is read for each page (the change feed does not name sms_settings), so the cached part stays shared and
 * untouched.
 */
export async function loadInitialData(db: Db, config: AppConfig, cache?: PublicCache): Promise<InitialData> {
  const [data, textsEnabled] = await Promise.all([
    cache
      ? cache.get('initial-data', ['services', 'business_hours', 'reviews'], () => readInitialData(db, config))
      : readInitialData(db, config),
    smsConfigured(db, config),
  ]);
  return { ...data, site: { ...data.site, textsEnabled } };
}

async function readInitialData(db: Db, config: AppConfig): Promise<CachedInitialData> {
  const [services, hours, featured] = await Promise.all([
    createServicesRepository(db).list(),
    createHoursRepository(db).list(),
    createReviewsRepository(db).list({ featuredOnly: true }),
  ]);
  return {
    site: staticSiteConfig(config),
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
