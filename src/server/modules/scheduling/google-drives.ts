/**
 * The drives between visits from Google's Distance Matrix (docs/product.md §10, GOOGLE_MAPS_API_KEY set): a matrix
 * drive source (matrix-drives.ts) whose requests are Distance Matrix calls by coordinates, planned to pay for as few
 * billed elements and requests as Google's limits allow.
 */
import {
  GOOGLE_CACHE_TTL_MS,
  GOOGLE_TIMEOUT_MS,
  fetchFailure,
  fetchGoogleJson,
  readMatrixElement,
  type MatrixBody,
} from '../travel/google-provider';
import type { LatLon } from '../travel/place-names';
import type { TravelLogger } from '../travel/travel-provider';
import { createMatrixDriveSource, type AskMatrix, type MatrixDriveSource } from './matrix-drives';
import type { DriveLookup } from './route-rule';

/** Google's limits per Distance Matrix request (https://developers.google.com/maps/documentation/distance-matrix/usage-and-billing). */
export const MATRIX_LIMITS = { origins: 25, destinations: 25, elements: 100 } as const;

/** Google bills per element: a request's round trip is worth about ten of them when choosing a plan. */
export const GOOGLE_REQUEST_COST = 10;

/** A failed pair waits this long before Google is asked again (so an outage does not slow every call). */
export const GOOGLE_RETRY_AFTER_MS = 60_000;

export interface GoogleDriveSourceOptions {
  apiKey: string;
  /** The Distance Matrix JSON endpoint (GOOGLE_DISTANCE_MATRIX_URL). */
  url: string;
  timeoutMs?: number;
  log?: TravelLogger;
  /** The drive when Google has no answer for a pair (the offline estimate). */
  fallback: DriveLookup;
  /** Pairs remembered; the oldest goes when full. */
  maxEntries?: number;
  /** How long Google's answer for a pair is reused. */
  ttlMs?: number;
  retryAfterMs?: number;
  now?: () => number;
}

/** Six decimal places (about 10 cm) keep binary noise out of the URL. */
const coordinates = (points: readonly LatLon[]) =>
  points.map((p) => `${+p.lat.toFixed(6)},${+p.lon.toFixed(6)}`).join('|');

function askGoogle(options: GoogleDriveSourceOptions): AskMatrix {
  const timeoutMs = options.timeoutMs ?? GOOGLE_TIMEOUT_MS;
  return async (origins, destinations) => {
    const url = new URL(options.url);
    url.searchParams.set('origins', coordinates(origins));
    url.searchParams.set('destinations', coordinates(destinations));
    url.searchParams.set('units', 'metric');
    url.searchParams.set('key', options.apiKey);
    const result = await fetchGoogleJson(url, timeoutMs);
    if (!result.ok) return { cells: null, reason: fetchFailure(result) };
    const body = (result.body ?? {}) as MatrixBody;
    if (body.status !== 'OK')
      return { cells: null, reason: [body.status ?? 'no status', body.error_message].filter(Boolean).join(': ') };
    const cells = origins.map((_, a) =>
      destinations.map((_, b) => {
        const drive = readMatrixElement(body.rows?.[a]?.elements?.[b]);
        return drive && { km: drive.distanceKm, minutes: drive.travelTimeMinutes };
      }),
    );
    return { cells, reason: null };
  };
}

export function createGoogleDriveSource(options: GoogleDriveSourceOptions): MatrixDriveSource {
  return createMatrixDriveSource({
    name: 'google',
    ask: askGoogle(options),
    limits: MATRIX_LIMITS,
    requestCost: GOOGLE_REQUEST_COST,
    fallback: options.fallback,
    ttlMs: options.ttlMs ?? GOOGLE_CACHE_TTL_MS,
    retryAfterMs: options.retryAfterMs ?? GOOGLE_RETRY_AFTER_MS,
    maxEntries: options.maxEntries,
    now: options.now,
    log: options.log,
    failureMessage:
      'Distance Matrix could not answer some drives between visits: the offline estimate is used for them',
  });
}
