/**
 * Google's answers, used when GOOGLE_MAPS_API_KEY is set: the road distance and time from the base
 * (Distance Matrix) and, asked at the same time, where the address is (Geocoding), so a booking
 * keeps its location for the route between visits (docs/product.md §10). Both answers are remembered per
 * address for a while: the availability call with an address and the booking that follows must not
 * ask Google each time. The key is never logged (it travels in the URL).
 */
import { HOUR_MS } from '@shared/time';
import { findPlace, normalisePlaceText, type LatLon } from './place-names';
import type { LocatedPlace, TravelEstimate, TravelLogger, TravelProvider } from './travel-provider';

export interface GoogleProviderOptions {
  apiKey: string;
  /** The Distance Matrix JSON endpoint (GOOGLE_DISTANCE_MATRIX_URL). */
  url: string;
  /** The Geocoding JSON endpoint (GOOGLE_GEOCODING_URL); default Google's. */
  geocodingUrl?: string;
  origin: LatLon;
  localTowns: readonly string[];
  timeoutMs?: number;
  log?: TravelLogger;
  /** Addresses remembered (each for GOOGLE_CACHE_TTL_MS); the oldest goes when full. */
  maxEntries?: number;
}

export const GOOGLE_TIMEOUT_MS = 5000;
export const GOOGLE_GEOCODING_URL = 'https://maps.googleapis.com/maps/api/geocode/json';
/** A day: long enough for a visitor's whole booking, short enough that Google's road changes show. */
export const GOOGLE_CACHE_TTL_MS = 24 * HOUR_MS;
export const GOOGLE_CACHE_MAX_ENTRIES = 2000;

/** Google is told the country unless the address already says it. */
export function withCountry(address: string): string {
  return /\b(new zealand|nz|aotearoa)\b/i.test(normalisePlaceText(address)) ? address : `${address}, New Zealand`;
}

/**
 * The locality of Google's formatted address: a local town when one is named in it
 * ('Wainui Road, Raglan 3297, New Zealand' -> 'Raglan'), otherwise the last part before
 * the country without its postcode ('... Hamilton Central, Hamilton 3204, New Zealand' -> 'Hamilton').
 */
export function localityFromFormattedAddress(
  formatted: string | undefined,
  localTowns: readonly string[],
): string | null {
  if (!formatted) return null;
  const town = findPlace(
    formatted,
    localTowns.map((t) => ({ name: t, names: [t], lat: 0, lon: 0 })),
  );
  if (town) return town.name;
  const parts = formatted
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  if (parts.length > 0 && /^(new zealand|nz|aotearoa)$/.test(normalisePlaceText(parts[parts.length - 1]!))) parts.pop();
  const last = parts[parts.length - 1]?.replace(/\s*\d{4}$/, '').trim();
  return last ? last : null;
}

// ---------------------------------------------------------------------------------------------
// Shared by the provider and the drives between visits (scheduling/google-drives.ts)

/** A bounded in-memory cache whose entries expire: insertion order, the oldest goes when full. */
export interface ExpiringCache<V> {
  /** undefined: not held (or expired). */
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  size(): number;
  /** Forget everything held (an erased client's places among them). */
  clear(): void;
}

export function createExpiringCache<V>(
  maxEntries: number,
  ttlMs: number,
  now: () => number = Date.now,
): ExpiringCache<V> {
  const entries = new Map<string, { value: V; expiresAt: number }>();
  return {
    get(key) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value) {
      entries.delete(key);
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, expiresAt: now() + ttlMs });
    },
    size: () => entries.size,
    clear: () => entries.clear(),
  };
}

export type GoogleFetch = { ok: true; body: unknown } | { ok: false; httpStatus: number } | { ok: false; err: string };

/** One GET for JSON; never throws. The caller logs the failure (without the URL: it carries the key). */
export async function fetchGoogleJson(url: URL, timeoutMs: number): Promise<GoogleFetch> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
    if (!res.ok) {
      await res.body?.cancel();
      return { ok: false, httpStatus: res.status };
    }
    return { ok: true, body: await res.json() };
  } catch (err) {
    const e = err as Error;
    const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError';
    return { ok: false, err: timedOut ? `no answer within ${timeoutMs} ms` : e.message };
  }
}

/** The same failure described for a log line, without the URL. */
export function fetchFailure(result: Exclude<GoogleFetch, { ok: true }>): string {
  return 'httpStatus' in result ? `HTTP ${result.httpStatus}` : result.err;
}

interface MatrixElement {
  status?: string;
  distance?: { value?: unknown };
  duration?: { value?: unknown };
}
export interface MatrixBody {
  status?: string;
  error_message?: string;
  destination_addresses?: string[];
  rows?: Array<{ elements?: MatrixElement[] }>;
}

/** One element of a Distance Matrix answer: its road distance and time, or null without a route. */
export function readMatrixElement(element: unknown): { distanceKm: number; travelTimeMinutes: number } | null {
  const e = (element ?? {}) as MatrixElement;
  if (e.status !== 'OK') return null;
  const metres = Number(e.distance?.value);
  const seconds = Number(e.duration?.value);
  if (!Number.isFinite(metres) || metres < 0 || !Number.isFinite(seconds) || seconds < 0) return null;
  return { distanceKm: metres / 1000, travelTimeMinutes: Math.ceil(seconds / 60) };
}

/**
 * An answer read from Google; `definitive` when Google said so (a route or place it does not know)
 * rather than failed (refused, garbled): only definitive answers are remembered.
 */
export interface GoogleAnswer<T> {
  value: T | null;
  definitive: boolean;
}

/** One origin, one destination: the answer's first element. */
export function readDistanceMatrix(
  body: unknown,
  localTowns: readonly string[],
  log?: TravelLogger,
): GoogleAnswer<TravelEstimate> {
  const b = (body ?? {}) as MatrixBody;
  if (b.status !== 'OK') {
    log?.warn({ status: b.status ?? null, error: b.error_message ?? null }, 'Distance Matrix request refused');
    return { value: null, definitive: false };
  }
  const element = b.rows?.[0]?.elements?.[0];
  if (!element || element.status !== 'OK') {
    log?.info({ status: element?.status ?? null }, 'Distance Matrix found no route to the address');
    return { value: null, definitive: element !== undefined };
  }
  const drive = readMatrixElement(element);
  if (!drive) {
    log?.warn({}, 'Distance Matrix answer without distance or duration');
    return { value: null, definitive: false };
  }
  return {
    value: { ...drive, locality: localityFromFormattedAddress(b.destination_addresses?.[0], localTowns) },
    definitive: true,
  };
}

interface GeocodeBody {
  status?: string;
  error_message?: string;
  results?: Array<{ geometry?: { location?: { lat?: unknown; lng?: unknown } } }>;
}

/** The first result's coordinates (https://developers.google.com/maps/documentation/geocoding/requests-geocoding). */
export function readGeocode(body: unknown, log?: TravelLogger): GoogleAnswer<LatLon> {
  const b = (body ?? {}) as GeocodeBody;
  if (b.status === 'ZERO_RESULTS') {
    log?.info({ status: b.status }, 'Geocoding found no place for the address');
    return { value: null, definitive: true };
  }
  if (b.status !== 'OK') {
    log?.warn({ status: b.status ?? null, error: b.error_message ?? null }, 'Geocoding request refused');
    return { value: null, definitive: false };
  }
  const at = b.results?.[0]?.geometry?.location;
  const lat = Number(at?.lat);
  const lon = Number(at?.lng);
  // typeof: Number(null) is 0, which is a place (in the sea).
  if (typeof at?.lat !== 'number' || typeof at.lng !== 'number' || Math.abs(lat) > 90 || Math.abs(lon) > 180) {
    log?.warn({}, 'Geocoding answer without coordinates');
    return { value: null, definitive: false };
  }
  return { value: { lat, lon }, definitive: true };
}

interface AddressComponent {
  long_name?: unknown;
  types?: unknown;
}

/**
 * The first result as a place (her base in Settings, decision 035): its coordinates, formatted address and locality
 * (the suburb, else the town: Google's sublocality, then locality or postal_town).
 */
export function readGeocodePlace(
  body: unknown,
  localTowns: readonly string[],
  log?: TravelLogger,
): GoogleAnswer<LocatedPlace> {
  const at = readGeocode(body, log);
  if (!at.value) return { value: null, definitive: at.definitive };
  const first = ((body as { results?: unknown[] }).results?.[0] ?? {}) as {
    formatted_address?: unknown;
    address_components?: AddressComponent[];
  };
  const components = Array.isArray(first.address_components) ? first.address_components : [];
  const named = (type: string) =>
    components.find((c) => Array.isArray(c.types) && c.types.includes(type) && typeof c.long_name === 'string')
      ?.long_name as string | undefined;
  const label = typeof first.formatted_address === 'string' ? first.formatted_address : '';
  const locality =
    named('sublocality') ??
    named('locality') ??
    named('postal_town') ??
    localityFromFormattedAddress(label || undefined, localTowns);
  return { value: { ...at.value, label, locality: locality ?? null }, definitive: true };
}

/**
 * Remembered answers per key, and one request for concurrent askers of the same key
 * (two availability calls for one address while Google is still answering).
 */
function rememberedLookup<T>(maxEntries: number): {
  (key: string, ask: () => Promise<GoogleAnswer<T>>): Promise<T | null>;
  clear(): void;
} {
  const cache = createExpiringCache<T | null>(maxEntries, GOOGLE_CACHE_TTL_MS);
  const inFlight = new Map<string, Promise<T | null>>();
  const lookup = (key: string, ask: () => Promise<GoogleAnswer<T>>): Promise<T | null> => {
    const held = cache.get(key);
    if (held !== undefined) return Promise.resolve(held);
    const pending = inFlight.get(key);
    if (pending) return pending;
    const request = ask()
      .then((answer) => {
        if (answer.definitive) cache.set(key, answer.value);
        return answer.value;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, request);
    return request;
  };
  return Object.assign(lookup, { clear: () => cache.clear() });
}

export function createGoogleProvider(options: GoogleProviderOptions): TravelProvider {
  const timeoutMs = options.timeoutMs ?? GOOGLE_TIMEOUT_MS;
  const maxEntries = options.maxEntries ?? GOOGLE_CACHE_MAX_ENTRIES;
  const log = options.log;
  const routes = rememberedLookup<TravelEstimate>(maxEntries);
  const places = rememberedLookup<LatLon>(maxEntries);
  const located = rememberedLookup<LocatedPlace>(maxEntries);

  async function routeFromBase(address: string): Promise<GoogleAnswer<TravelEstimate>> {
    const url = new URL(options.url);
    url.searchParams.set('origins', `${options.origin.lat},${options.origin.lon}`);
    url.searchParams.set('destinations', withCountry(address));
    url.searchParams.set('units', 'metric');
    url.searchParams.set('region', 'nz');
    url.searchParams.set('key', options.apiKey);
    const result = await fetchGoogleJson(url, timeoutMs);
    if (result.ok) return readDistanceMatrix(result.body, options.localTowns, log);
    if ('httpStatus' in result) log?.warn({ status: result.httpStatus }, 'Distance Matrix answered with an HTTP error');
    else log?.warn({ err: result.err }, 'Distance Matrix request failed');
    return { value: null, definitive: false };
  }

  async function geocode(address: string): Promise<GoogleAnswer<LatLon>> {
    const answer = await geocodePlace(address);
    return {
      value: answer.value ? { lat: answer.value.lat, lon: answer.value.lon } : null,
      definitive: answer.definitive,
    };
  }

  async function geocodePlace(address: string): Promise<GoogleAnswer<LocatedPlace>> {
    const url = new URL(options.geocodingUrl ?? GOOGLE_GEOCODING_URL);
    url.searchParams.set('address', withCountry(address));
    url.searchParams.set('region', 'nz');
    url.searchParams.set('components', 'country:NZ');
    url.searchParams.set('key', options.apiKey);
    const result = await fetchGoogleJson(url, timeoutMs);
    if (result.ok) return readGeocodePlace(result.body, options.localTowns, log);
    if ('httpStatus' in result) log?.warn({ status: result.httpStatus }, 'Geocoding answered with an HTTP error');
    else log?.warn({ err: result.err }, 'Geocoding request failed');
    return { value: null, definitive: false };
  }

  return {
    name: 'google',
    async estimate(address) {
      const key = normalisePlaceText(address);
      // In parallel; a place Google cannot locate leaves the location out, never the estimate.
      const [route, location] = await Promise.all([
        routes(key, () => routeFromBase(address)),
        places(key, () => geocode(address)),
      ]);
      if (!route) return null;
      return location ? { ...route, location } : { ...route };
    },
    locate(address) {
      return located(normalisePlaceText(address), () => geocodePlace(address));
    },
    forget() {
      routes.clear();
      places.clear();
      located.clear();
    },
  };
}
