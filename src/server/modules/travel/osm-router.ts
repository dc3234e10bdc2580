/**
 * The road distance and time between two points from an OpenStreetMap router (docs/decisions/035): OSRM's
 * route service (`GET /route/v1/driving/{lon},{lat};{lon},{lat}?overview=false`,
 * https://project-osrm.org/docs/v5.24.0/api/#route-service) or Valhalla's (`POST /route` with costing auto and units
 * kilometers, https://valhalla.github.io/valhalla/api/turn-by-turn/api-reference/), chosen by ROUTER_URL.
 */
import type { LatLon } from './place-names';

export type RouterKind = 'osrm' | 'valhalla';

export interface RoadDrive {
  distanceKm: number;
  travelTimeMinutes: number;
}

/**
 * What the router said: a drive, or `definitive` null when it knows no road between the two (remembered like a
 * drive), or a failure (not remembered: asked again next time).
 */
export interface RouterAnswer {
  value: RoadDrive | null;
  definitive: boolean;
  /** Why, for the log, when there is no drive. */
  reason?: string;
}

/** The flavour by ROUTER_KIND, else by the URL: OSRM's paths start `/route/v1/`, Valhalla's end `/route`. */
export function routerKindOf(url: string, told: RouterKind | null = null): RouterKind {
  if (told) return told;
  const u = new URL(url);
  if (u.pathname.includes('/route/v1')) return 'osrm';
  if (/\/route\/?$/.test(u.pathname) || u.hostname.includes('valhalla')) return 'valhalla';
  return 'osrm';
}

const lonLat = (p: LatLon) => `${p.lon.toFixed(6)},${p.lat.toFixed(6)}`;

/**
 * OSRM's route URL from ROUTER_URL as given: its service and profile (`/route/v1/driving`, any coordinates after them
 * dropped), or the server's root, to which they are added.
 */
export function osrmRouteUrl(base: string, from: LatLon, to: LatLon): URL {
  const url = new URL(base);
  const match = /^(.*?\/route\/v1\/[^/]+)/.exec(url.pathname);
  const prefix = match ? match[1]! : `${url.pathname.replace(/\/+$/, '')}/route/v1/driving`;
  url.pathname = `${prefix}/${lonLat(from)};${lonLat(to)}`;
  url.search = '';
  url.searchParams.set('overview', 'false');
  return url;
}

/** OSRM's answer: code 'Ok' with routes[0].distance (metres) and .duration (seconds); 'NoRoute' is definitive. */
export function readOsrm(body: unknown): RouterAnswer {
  const b = (body ?? {}) as {
    code?: unknown;
    message?: unknown;
    routes?: Array<{ distance?: unknown; duration?: unknown }>;
  };
  if (b.code === 'NoRoute' || b.code === 'NoSegment') return { value: null, definitive: true, reason: String(b.code) };
  if (b.code !== 'Ok')
    return { value: null, definitive: false, reason: typeof b.code === 'string' ? b.code : 'no code' };
  const route = b.routes?.[0];
  const metres = route?.distance;
  const seconds = route?.duration;
  if (typeof metres !== 'number' || typeof seconds !== 'number' || metres < 0 || seconds < 0)
    return { value: null, definitive: false, reason: 'route without distance or duration' };
  return { value: { distanceKm: metres / 1000, travelTimeMinutes: Math.ceil(seconds / 60) }, definitive: true };
}

/** Valhalla's route request: its `/route` path unless the URL names it, and the JSON it is posted. */
export function valhallaRouteRequest(base: string, from: LatLon, to: LatLon): { url: URL; json: unknown } {
  const url = new URL(base);
  if (!/\/route\/?$/.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/+$/, '')}/route`;
  return {
    url,
    json: {
      locations: [
        { lat: from.lat, lon: from.lon },
        { lat: to.lat, lon: to.lon },
      ],
      costing: 'auto',
      units: 'kilometers',
      directions_type: 'none',
    },
  };
}

/**
 * Valhalla's answer: trip.summary.length (in the units asked: kilometres) and .time (seconds). A refusal comes as an
 * HTTP 400 with error_code: 442 (no path) and 171 (no suitable edges near a location) are definitive.
 */
export function readValhalla(body: unknown): RouterAnswer {
  const b = (body ?? {}) as {
    trip?: { status?: unknown; units?: unknown; summary?: { length?: unknown; time?: unknown } };
    error_code?: unknown;
    error?: unknown;
  };
  if (b.error_code !== undefined) {
    const definitive = b.error_code === 442 || b.error_code === 171;
    return { value: null, definitive, reason: `error_code ${JSON.stringify(b.error_code)}` };
  }
  const summary = b.trip?.summary;
  const length = summary?.length;
  const seconds = summary?.time;
  if (b.trip?.status !== 0 || typeof length !== 'number' || typeof seconds !== 'number' || length < 0 || seconds < 0)
    return { value: null, definitive: false, reason: 'trip without length or time' };
  const km = b.trip.units === 'miles' ? length * 1.609344 : length;
  return { value: { distanceKm: km, travelTimeMinutes: Math.ceil(seconds / 60) }, definitive: true };
}
