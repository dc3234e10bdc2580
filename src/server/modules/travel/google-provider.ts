/** Road distance and time from Google's Distance Matrix service, used when GOOGLE_MAPS_API_KEY is set. */
import { findPlace, normalisePlaceText, type LatLon } from './place-names';
import type { TravelEstimate, TravelLogger, TravelProvider } from './travel-provider';

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
