/**
 * Where the route rule's drive times come from. The rule itself is synchronous (route-rule.ts), so a
 * caller first asks the source to `prefetch` every directed pair among the day's places (a network
 * provider fetches what its cache lacks, in as few calls as it can), then judges the route with
 * `lookup`, which only reads what is known.
 *
 * - Offline (default): straight line x road factor at the average speed; nothing to fetch.
 * - Google (GOOGLE_MAPS_API_KEY): the Distance Matrix between coordinates, cached per pair; a pair
 *   Google cannot answer falls back to the offline estimate (both places are known, and an estimate
 *   is better for her than the unknown gap).
 */
import type { AppConfig } from '../../config';
import type { LatLon } from '../travel/place-names';
import type { TravelLogger } from '../travel/travel-provider';
import { createDriveCache, offlineDriveLookup } from './drive-estimate';
import { createGoogleDriveSource } from './google-drives';
import type { DriveLookup } from './route-rule';

export interface DriveSource {
  name: string;
  /**
   * Make every directed pair among `points` answerable by `lookup` (her day view: all pairs of the
   * day). With `around`, only the pairs between `around` and each point, both ways (a visitor's
   * address against the visits of many days: 2 x points pairs, not points squared). Never throws.
   */
  prefetch(points: readonly LatLon[], around?: LatLon): Promise<void>;
  lookup: DriveLookup;
  /** Forget every place pair remembered (clients/erasure.ts: an erased client's places among them). */
  forget(): void;
}

export type DriveConfig = Pick<AppConfig, 'travel'>;

export function createOfflineDriveSource(config: DriveConfig): DriveSource {
  const cache = createDriveCache(
    offlineDriveLookup({ roadFactor: config.travel.roadFactor, averageSpeedKmh: config.travel.averageSpeedKmh }),
  );
  // Every drive it gives is the straight-line estimate (also as Google's fallback): her day view marks it.
  const lookup: DriveLookup = (from, to) => {
    const drive = cache.lookup(from, to);
    return drive && { ...drive, estimate: true };
  };
  return { name: 'offline', prefetch: async () => {}, lookup, forget: () => cache.clear() };
}

/** One source per app: its cache is shared by availability, bookings and her day view. */
export function createDriveSource(config: DriveConfig, log?: TravelLogger): DriveSource {
  const offline = createOfflineDriveSource(config);
  const apiKey = config.travel.googleMapsApiKey;
  if (!apiKey) return offline;
  const url = config.travel.distanceMatrixUrl;
  const google = createGoogleDriveSource({ apiKey, url, log, fallback: offline.lookup });
  return {
    ...google,
    forget() {
      google.forget();
      offline.forget();
    },
  };
}
