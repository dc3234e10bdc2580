/**
 * Where the route rule's drive times come from. The rule itself is synchronous (route-rule.ts), so a
 * caller first asks the source to `prefetch` every directed pair among the day's places (a network
 * provider fetches what its cache lacks, in as few calls as it can), then judges the route with
 * `lookup`, which only reads what is known.
 *
 * - Offline (default): straight line x road factor at the average speed; nothing to fetch.
 * - Google (GOOGLE_MAPS_API_KEY): the Distance Matrix between coordinates, cached per pair.
 * - OpenStreetMap (ROUTER_URL, or her Settings; decision 035): an OSRM table or a Valhalla matrix, in
 *   the same one-a-second turns per host as the quotes.
 * A pair the road server cannot answer falls back to the offline estimate (both places are known,
 * and an estimate is better for her than the unknown gap). The source follows her Settings: it is
 * built again when what it is built from changes.
 */
import type { AppConfig } from '../../config';
import type { LatLon } from '../travel/place-names';
import { createHostQueue, defaultUserAgent, type HostQueue } from '../travel/osm-http';
import type { TravelLogger } from '../travel/travel-provider';
import { createDriveCache, offlineDriveLookup } from './drive-estimate';
import { createGoogleDriveSource } from './google-drives';
import { createOsmDriveSource } from './osm-drives';
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

export type DriveConfig = Pick<AppConfig, 'travel' | 'publicUrl'>;

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

/** The road server for `config`, falling back to the offline estimate; the offline source alone without one. */
function buildDriveSource(config: DriveConfig, queue: HostQueue, log?: TravelLogger): DriveSource {
  const offline = createOfflineDriveSource(config);
  const { travel } = config;
  const road = travel.googleMapsApiKey
    ? createGoogleDriveSource({
        apiKey: travel.googleMapsApiKey,
        url: travel.distanceMatrixUrl,
        log,
        fallback: offline.lookup,
      })
    : travel.routerUrl
      ? createOsmDriveSource({
          router: { url: travel.routerUrl, kind: travel.routerKind },
          userAgent: travel.mapsUserAgent ?? defaultUserAgent(config.publicUrl),
          queue,
          log,
          fallback: offline.lookup,
        })
      : null;
  if (!road) return offline;
  return {
    ...road,
    forget() {
      road.forget();
      offline.forget();
    },
  };
}

/** What the source is built from: when any of it changes (her Settings), it is built again. */
function driveConfigKey(config: DriveConfig): string {
  const { travel } = config;
  return JSON.stringify([
    travel.googleMapsApiKey,
    travel.distanceMatrixUrl,
    travel.routerUrl,
    travel.routerKind,
    travel.mapsUserAgent,
    travel.roadFactor,
    travel.averageSpeedKmh,
    config.publicUrl,
  ]);
}

/**
 * One source per app: its cache is shared by availability, bookings and her day view. `queue` is the
 * app's one-a-second turns per host, shared with the quotes (travel/service.ts).
 */
export function createDriveSource(
  config: DriveConfig,
  log?: TravelLogger,
  queue: HostQueue = createHostQueue(),
): DriveSource {
  let built = { key: driveConfigKey(config), source: buildDriveSource(config, queue, log) };
  const current = () => {
    const key = driveConfigKey(config);
    if (key !== built.key) {
      built.source.forget();
      built = { key, source: buildDriveSource(config, queue, log) };
    }
    return built.source;
  };
  // Her Settings are looked at where a route starts (prefetch), not on each lookup: the route rule asks many.
  return {
    get name() {
      return current().name;
    },
    prefetch: (points, around) => current().prefetch(points, around),
    lookup: (from, to) => built.source.lookup(from, to),
    forget: () => current().forget(),
  };
}
