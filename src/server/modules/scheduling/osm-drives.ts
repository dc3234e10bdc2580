/**
 * The drives between visits from an OpenStreetMap router (docs/decisions/035; ROUTER_URL or her Settings):
 * a matrix drive source (matrix-drives.ts) whose requests are OSRM table or Valhalla matrix calls. They take turns in
 * the same one-a-second queue per host as the quotes (osm-http.ts), so the public servers' usage policy holds for
 * both; a prefetch that would wait too long for its turn gives those pairs the offline estimate instead of keeping
 * a visitor or her day view waiting.
 */
import {
  QueueFullError,
  fetchOsmJson,
  osmFailure,
  OSM_TIMEOUT_MS,
  type HostQueue,
  type OsmFetch,
} from '../travel/osm-http';
import { osrmTableUrl, readOsrmTable, readValhallaMatrix, valhallaMatrixRequest } from '../travel/osm-matrix';
import { OSM_CACHE_TTL_MS } from '../travel/osm-provider';
import { routerKindOf, type RouterKind } from '../travel/osm-router';
import type { TravelLogger } from '../travel/travel-provider';
import { createMatrixDriveSource, type AskMatrix, type MatrixDriveSource } from './matrix-drives';
import type { DriveLookup } from './route-rule';

/**
 * Within both public servers' limits: OSRM's demo takes up to 100 places a table, Valhalla's default allows 2,500
 * source-target pairs with at most 50 a side.
 */
export const OSM_MATRIX_LIMITS = { origins: 50, destinations: 50, elements: 2500 } as const;

/** A request costs a one-second turn at the server: far more than a few pairs more in one table. */
export const OSM_REQUEST_COST = 1000;

/** The longest a prefetch waits for its turn at the router before the estimate stands in. */
export const OSM_DRIVES_MAX_WAIT_MS = 3000;

/** A pair the router could not answer is asked again after this pause. */
export const OSM_RETRY_AFTER_MS = 60_000;

export interface OsmDriveSourceOptions {
  router: { url: string; kind: RouterKind | null };
  userAgent: string;
  /** Shared with the quotes' provider: one queue per host for the app. */
  queue: HostQueue;
  /** The drive when the router has no answer for a pair (the offline estimate). */
  fallback: DriveLookup;
  timeoutMs?: number;
  maxWaitMs?: number;
  ttlMs?: number;
  retryAfterMs?: number;
  maxEntries?: number;
  now?: () => number;
  log?: TravelLogger;
}

function askOsm(options: OsmDriveSourceOptions): AskMatrix {
  const kind = routerKindOf(options.router.url, options.router.kind);
  const timeoutMs = options.timeoutMs ?? OSM_TIMEOUT_MS;
  const maxWaitMs = options.maxWaitMs ?? OSM_DRIVES_MAX_WAIT_MS;
  return async (origins, destinations) => {
    const request =
      kind === 'valhalla'
        ? valhallaMatrixRequest(options.router.url, origins, destinations)
        : { url: osrmTableUrl(options.router.url, origins, destinations), json: undefined };
    let result: OsmFetch;
    try {
      result = await options.queue.run(
        request.url.host,
        () => fetchOsmJson({ url: request.url, json: request.json, userAgent: options.userAgent, timeoutMs }),
        { maxWaitMs },
      );
    } catch (err) {
      if (err instanceof QueueFullError) return { cells: null, reason: err.message };
      throw err;
    }
    // Both explain a refusal in a JSON body (OSRM: 400 {code: 'InvalidQuery'}; Valhalla: 400 {error_code: 154}).
    if (!result.ok && !('status' in result && result.body !== null)) return { cells: null, reason: osmFailure(result) };
    const reading =
      kind === 'valhalla'
        ? readValhallaMatrix(result.body, origins.length, destinations.length)
        : readOsrmTable(result.body, origins.length, destinations.length);
    if (!reading.cells) return { cells: null, reason: reading.reason };
    return {
      cells: reading.cells.map((row) => row.map((c) => c && { km: c.distanceKm, minutes: c.travelTimeMinutes })),
      reason: null,
    };
  };
}

export function createOsmDriveSource(options: OsmDriveSourceOptions): MatrixDriveSource {
  return createMatrixDriveSource({
    name: 'osm',
    ask: askOsm(options),
    limits: OSM_MATRIX_LIMITS,
    requestCost: OSM_REQUEST_COST,
    fallback: options.fallback,
    ttlMs: options.ttlMs ?? OSM_CACHE_TTL_MS,
    retryAfterMs: options.retryAfterMs ?? OSM_RETRY_AFTER_MS,
    maxEntries: options.maxEntries,
    now: options.now,
    log: options.log,
    failureMessage:
      'The OpenStreetMap router could not answer some drives between visits: the offline estimate is used for them',
  });
}
