/**
 * Drives without a paid key (docs/decisions/035): the address placed by an OpenStreetMap geocoder (Nominatim
 * or Photon), then the road from her base by an OpenStreetMap router (OSRM or Valhalla). Each server is asked within
 * its usage policy (one request a second per host, osm-http.ts; the site named in the User-Agent) and every answer is
 * remembered per address, per pair of points and per typed query, so a second quote asks nothing. The base, the local
 * towns and the estimate's factors are read at each call: she changes them in Settings without a restart.
 */
import { HOUR_MS } from '@shared/time';
import { createExpiringCache } from './google-provider';
import { drivingMinutes, haversineKm } from './offline-provider';
import { fetchOsmJson, osmFailure, OSM_TIMEOUT_MS, QueueFullError, type HostQueue, type OsmFetch } from './osm-http';
import {
  geocoderKindOf,
  nominatimSearchUrl,
  photonSearchUrl,
  pickLocality,
  queryKey,
  readNominatim,
  readPhoton,
  type GeocodedPlace,
  type GeocoderKind,
} from './osm-geocoder';
import {
  osrmRouteUrl,
  readOsrm,
  readValhalla,
  routerKindOf,
  valhallaRouteRequest,
  type RoadDrive,
  type RouterAnswer,
  type RouterKind,
} from './osm-router';
import type { LatLon } from './place-names';
import type { LocatedPlace, TravelEstimate, TravelLogger, TravelProvider } from './travel-provider';

/** A week: addresses and roads change slowly, and the public servers ask that answers be kept. */
export const OSM_CACHE_TTL_MS = 7 * 24 * HOUR_MS;
export const OSM_CACHE_MAX_ENTRIES = 2000;
/** A suggestion waits at most this long for its turn: a visitor typing wants it now or not at all. */
export const SUGGESTION_MAX_WAIT_MS = 1500;
export const SUGGESTION_LIMIT = 5;
/** Nominatim's public server forbids search-as-you-type (its usage policy): suggestions need Photon or her own. */
export const PUBLIC_NOMINATIM_HOST = 'nominatim.openstreetmap.org';

export interface OsmProviderOptions {
  geocoder: { url: string; kind: GeocoderKind | null } | null;
  router: { url: string; kind: RouterKind | null } | null;
  userAgent: string;
  /** Shared by every provider of the app, so a rebuilt provider keeps the hosts' turns. */
  queue: HostQueue;
  /** Where she starts, read at each call. */
  origin: () => LatLon;
  localTowns: () => readonly string[];
  /** The straight-line estimate's factors, when the geocoder placed the address but no router answered. */
  estimate: () => { roadFactor: number; averageSpeedKmh: number };
  /** Without a geocoder, the router's destination comes from here (the offline gazetteer). */
  placeWithoutGeocoder?: (address: string) => Promise<LocatedPlace | null>;
  timeoutMs?: number;
  maxEntries?: number;
  ttlMs?: number;
  log?: TravelLogger;
}

export interface OsmProvider extends TravelProvider {
  locate(address: string): Promise<LocatedPlace | null>;
  /** Up to `limit` New Zealand addresses for what a visitor has typed; null when this geocoder offers none. */
  suggest(q: string, limit?: number): Promise<string[] | null>;
}

interface Answer<T> {
  value: T | null;
  /** The server said so (found nothing, no road): remembered. A failure is not, and is asked again. */
  definitive: boolean;
  /** A suggestion's request gave up its turn (the host was busy): a caller that can wait asks again. */
  gaveUp?: boolean;
}

/** Remembered answers per key, and one request for callers asking the same key at once. */
function remembered<T>(maxEntries: number, ttlMs: number) {
  const cache = createExpiringCache<T | null>(maxEntries, ttlMs);
  const inFlight = new Map<string, Promise<Answer<T>>>();
  const answer = (key: string, ask: () => Promise<Answer<T>>): Promise<Answer<T>> => {
    const held = cache.get(key);
    if (held !== undefined) return Promise.resolve({ value: held, definitive: true });
    const pending = inFlight.get(key);
    if (pending) return pending;
    const request = ask()
      .then((a) => {
        if (a.definitive) cache.set(key, a.value);
        return a;
      })
      .finally(() => inFlight.delete(key));
    inFlight.set(key, request);
    return request;
  };
  const lookup = async (key: string, ask: () => Promise<Answer<T>>): Promise<T | null> =>
    (await answer(key, ask)).value;
  return Object.assign(lookup, { answer, clear: () => cache.clear() });
}

const pointKey = (p: LatLon) => `${p.lat.toFixed(4)},${p.lon.toFixed(4)}`;

export function createOsmProvider(options: OsmProviderOptions): OsmProvider {
  const { queue, userAgent, log } = options;
  const timeoutMs = options.timeoutMs ?? OSM_TIMEOUT_MS;
  const maxEntries = options.maxEntries ?? OSM_CACHE_MAX_ENTRIES;
  const ttlMs = options.ttlMs ?? OSM_CACHE_TTL_MS;
  const geocoderKind = options.geocoder ? geocoderKindOf(options.geocoder.url, options.geocoder.kind) : null;
  const routerKind = options.router ? routerKindOf(options.router.url, options.router.kind) : null;
  const places = remembered<GeocodedPlace[]>(maxEntries, ttlMs);
  const drives = remembered<RoadDrive>(maxEntries, ttlMs);
  const suggestionsOffered = offersSuggestions(options.geocoder);

  async function search(q: string, limit: number, maxWaitMs?: number): Promise<Answer<GeocodedPlace[]>> {
    const geocoder = options.geocoder!;
    const url =
      geocoderKind === 'photon' ? photonSearchUrl(geocoder.url, q, limit) : nominatimSearchUrl(geocoder.url, q, limit);
    let result: OsmFetch;
    try {
      result = await queue.run(url.host, () => fetchOsmJson({ url, userAgent, timeoutMs }), { maxWaitMs });
    } catch (err) {
      if (err instanceof QueueFullError) return { value: null, definitive: false, gaveUp: true };
      throw err;
    }
    if (!result.ok) {
      log?.warn({ geocoder: geocoderKind, err: osmFailure(result) }, 'OpenStreetMap geocoder request failed');
      return { value: null, definitive: false };
    }
    const found = geocoderKind === 'photon' ? readPhoton(result.body) : readNominatim(result.body);
    if (!found) {
      log?.warn({ geocoder: geocoderKind }, 'OpenStreetMap geocoder answer not understood');
      return { value: null, definitive: false };
    }
    return { value: found, definitive: true };
  }

  /**
   * Where a geocoder offers suggestions, an address is asked once with SUGGESTION_LIMIT answers: its first places it,
   * and the same answer is the suggestions when the visitor reaches the address field with it (no second request in the
   * host's one-a-second queue, which would have left her list empty while the quote's request held the turn).
   */
  const searchLimit = (): number => (suggestionsOffered ? SUGGESTION_LIMIT : 1);
  const searchKey = (q: string, limit: number) => `search:${limit}:${queryKey(q)}`;

  async function place(address: string): Promise<GeocodedPlace | null> {
    if (!options.geocoder) {
      const p = await options.placeWithoutGeocoder?.(address);
      return p ? { lat: p.lat, lon: p.lon, label: p.label, localities: p.locality ? [p.locality] : [] } : null;
    }
    const limit = searchLimit();
    const ask = () => search(address, limit);
    let found = await places.answer(searchKey(address, limit), ask);
    // It joined a suggestion's request that gave up its turn: a quote waits for one.
    if (found.gaveUp) found = await places.answer(searchKey(address, limit), ask);
    return found.value?.[0] ?? null;
  }

  async function askRouter(from: LatLon, to: LatLon): Promise<Answer<RoadDrive>> {
    const router = options.router!;
    const request =
      routerKind === 'valhalla'
        ? valhallaRouteRequest(router.url, from, to)
        : { url: osrmRouteUrl(router.url, from, to), json: undefined };
    const result = await queue.run(request.url.host, () =>
      fetchOsmJson({ url: request.url, json: request.json, userAgent, timeoutMs }),
    );
    // Both explain a refusal in a JSON body (OSRM: 400 {code: 'NoRoute'}; Valhalla: 400 {error_code: 442}).
    const answer: RouterAnswer | null =
      result.ok || ('status' in result && result.body !== null)
        ? routerKind === 'valhalla'
          ? readValhalla(result.body)
          : readOsrm(result.body)
        : null;
    if (!answer) {
      log?.warn(
        { router: routerKind, err: osmFailure(result as Exclude<OsmFetch, { ok: true }>) },
        'OpenStreetMap router request failed',
      );
      return { value: null, definitive: false };
    }
    if (!answer.value)
      log?.[answer.definitive ? 'info' : 'warn'](
        { router: routerKind, reason: answer.reason },
        'OpenStreetMap router found no drive',
      );
    return answer;
  }

  const drive = (from: LatLon, to: LatLon) =>
    options.router ? drives(`${pointKey(from)}>${pointKey(to)}`, () => askRouter(from, to)) : Promise.resolve(null);

  return {
    name: 'osm',
    async estimate(address): Promise<TravelEstimate | null> {
      const found = await place(address);
      if (!found) return null;
      const location = { lat: found.lat, lon: found.lon };
      const locality = pickLocality(found.localities, options.localTowns());
      const origin = options.origin();
      const road = await drive(origin, location);
      if (road) return { ...road, locality, location, source: 'osm' };
      // Placed, but no road answer: the straight line from the place found beats a town's centre.
      const { roadFactor, averageSpeedKmh } = options.estimate();
      const distanceKm = haversineKm(origin, location) * roadFactor;
      return {
        distanceKm,
        travelTimeMinutes: drivingMinutes(distanceKm, averageSpeedKmh),
        locality,
        location,
        source: 'estimate',
      };
    },
    async locate(address) {
      const found = await place(address);
      if (!found) return null;
      return {
        lat: found.lat,
        lon: found.lon,
        label: found.label || address,
        locality: pickLocality(found.localities, options.localTowns()),
      };
    },
    async suggest(q, limit = SUGGESTION_LIMIT) {
      if (!suggestionsOffered) return null;
      const found = await places(searchKey(q, limit), () => search(q, limit, SUGGESTION_MAX_WAIT_MS));
      const labels: string[] = [];
      for (const p of found ?? []) if (p.label && !labels.includes(p.label)) labels.push(p.label);
      return labels;
    },
    forget() {
      places.clear();
      drives.clear();
    },
  };
}

/** Whether the address field can offer this geocoder's suggestions (site config `addressSuggestions`). */
export function offersSuggestions(geocoder: { url: string; kind: GeocoderKind | null } | null): boolean {
  if (!geocoder) return false;
  return !(
    geocoderKindOf(geocoder.url, geocoder.kind) === 'nominatim' &&
    new URL(geocoder.url).hostname === PUBLIC_NOMINATIM_HOST
  );
}
