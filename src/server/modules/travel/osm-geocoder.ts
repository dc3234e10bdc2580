/**
 * Where a New Zealand address is, from an OpenStreetMap geocoder (docs/decisions/035): Nominatim's search
 * (https://nominatim.org/release-docs/latest/api/Search/, format jsonv2 with address details) or Photon's
 * (https://github.com/komoot/photon, a GeoJSON FeatureCollection), chosen by GEOCODER_URL. Each answer gives the
 * point, a short address to show, and the place names it lies in, most specific first, for the local-towns rule.
 */
import { normalisePlaceText, samePlaceName } from './place-names';

export type GeocoderKind = 'nominatim' | 'photon';

export interface GeocodedPlace {
  lat: number;
  lon: number;
  /** '12 Rimu Road, Raumati Beach, Paraparaumu 5032': as a New Zealand address is written. */
  label: string;
  /** The suburb, village, town or city it lies in, most specific first. */
  localities: string[];
}

/** New Zealand's main islands and Stewart Island (Photon is asked within it; Nominatim by country code). */
export const NZ_BBOX = { minLon: 166, minLat: -47.5, maxLon: 178.9, maxLat: -34 } as const;

/** The flavour by GEOCODER_KIND, else by the URL: Photon answers at `/api`, Nominatim at `/search`. */
export function geocoderKindOf(url: string, told: GeocoderKind | null = null): GeocoderKind {
  if (told) return told;
  const u = new URL(url);
  if (/\/api\/?$/.test(u.pathname) || u.hostname.includes('photon')) return 'photon';
  return 'nominatim';
}

/** Nominatim's search URL: its path `/search` unless the URL names one. */
export function nominatimSearchUrl(base: string, q: string, limit: number): URL {
  const url = new URL(base);
  if (!/\/search(\.php)?\/?$/.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/+$/, '')}/search`;
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('countrycodes', 'nz');
  url.searchParams.set('addressdetails', '1');
  url.searchParams.set('limit', String(limit));
  url.searchParams.set('q', q);
  return url;
}

/** Photon's search URL, kept inside New Zealand's box. */
export function photonSearchUrl(base: string, q: string, limit: number): URL {
  const url = new URL(base);
  if (!/\/api\/?$/.test(url.pathname)) url.pathname = `${url.pathname.replace(/\/+$/, '')}/api`;
  url.searchParams.set('q', q);
  url.searchParams.set('limit', String(limit));
  url.searchParams.set('lang', 'en');
  const b = NZ_BBOX;
  url.searchParams.set('bbox', `${b.minLon},${b.minLat},${b.maxLon},${b.maxLat}`);
  return url;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** Distinct names, keeping the first spelling. */
function distinct(names: Array<string | null>): string[] {
  const out: string[] = [];
  for (const n of names) if (n && !out.some((o) => samePlaceName(o, n))) out.push(n);
  return out;
}

/** '12 Rimu Road, Raumati Beach, Paraparaumu 5032'. */
function nzAddress(street: string | null, localities: readonly string[], postcode: string | null): string {
  const parts = distinct([street, ...localities.slice(0, 2)]);
  if (postcode && parts.length > 1) parts[parts.length - 1] = `${parts[parts.length - 1]} ${postcode}`;
  return parts.join(', ');
}

const coordinate = (v: unknown, limit: number): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;
  return Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
};

interface NominatimAddress {
  house_number?: unknown;
  road?: unknown;
  suburb?: unknown;
  city_district?: unknown;
  quarter?: unknown;
  neighbourhood?: unknown;
  hamlet?: unknown;
  village?: unknown;
  town?: unknown;
  city?: unknown;
  postcode?: unknown;
  country_code?: unknown;
}

/** A Nominatim jsonv2 answer: a list of places (lat and lon as strings), each with `address` details. */
export function readNominatim(body: unknown): GeocodedPlace[] | null {
  if (!Array.isArray(body)) return null;
  const places: GeocodedPlace[] = [];
  for (const item of body as Array<Record<string, unknown>>) {
    const lat = coordinate(item?.lat, 90);
    const lon = coordinate(item?.lon, 180);
    if (lat === null || lon === null) continue;
    const a = (item.address ?? {}) as NominatimAddress;
    if (text(a.country_code) && text(a.country_code)!.toLowerCase() !== 'nz') continue;
    const localities = distinct([
      text(a.suburb),
      text(a.hamlet),
      text(a.village),
      text(a.town),
      text(a.city),
      text(a.city_district),
      text(a.quarter),
      text(a.neighbourhood),
    ]);
    const road = text(a.road);
    const street = road ? [text(a.house_number), road].filter(Boolean).join(' ') : text(item.name);
    const label = nzAddress(street, localities, text(a.postcode)) || text(item.display_name) || '';
    places.push({ lat, lon, label, localities });
  }
  return places;
}

interface PhotonProperties {
  countrycode?: unknown;
  name?: unknown;
  housenumber?: unknown;
  street?: unknown;
  district?: unknown;
  locality?: unknown;
  city?: unknown;
  postcode?: unknown;
  type?: unknown;
}

/** A Photon answer: GeoJSON features (coordinates [lon, lat]); those outside New Zealand are left out. */
export function readPhoton(body: unknown): GeocodedPlace[] | null {
  const features = (body as { features?: unknown } | null)?.features;
  if (!Array.isArray(features)) return null;
  const places: GeocodedPlace[] = [];
  for (const f of features as Array<{ geometry?: { coordinates?: unknown }; properties?: PhotonProperties }>) {
    const p = f?.properties ?? {};
    if (text(p.countrycode)?.toUpperCase() !== 'NZ') continue;
    const [lonRaw, latRaw] = Array.isArray(f.geometry?.coordinates) ? (f.geometry.coordinates as unknown[]) : [];
    const lat = coordinate(latRaw, 90);
    const lon = coordinate(lonRaw, 180);
    if (lat === null || lon === null) continue;
    // A place itself ('Waikanae', type city) is its own locality.
    const isPlace = ['city', 'district', 'locality'].includes(String(p.type));
    const localities = distinct([text(p.district), text(p.locality), text(p.city), isPlace ? text(p.name) : null]);
    const street = text(p.street)
      ? [text(p.housenumber), text(p.street)].filter(Boolean).join(' ')
      : isPlace
        ? null
        : text(p.name);
    places.push({ lat, lon, label: nzAddress(street, localities, text(p.postcode)), localities });
  }
  return places;
}

/** The locality the fee rules see: a local town when the place lies in one, else the most specific name. */
export function pickLocality(localities: readonly string[], localTowns: readonly string[]): string | null {
  return localities.find((l) => localTowns.some((t) => samePlaceName(t, l))) ?? localities[0] ?? null;
}

/** The cache key of a query: case, macrons and punctuation do not make another question. */
export const queryKey = (q: string) => normalisePlaceText(q);
