/**
 * How she checks a located base without a map of tiles (no third-party tiles: the CSP and her privacy): its
 * coordinates, a link to OpenStreetMap at that point, and how far it is from the base saved now.
 */
import type { Settings } from '@shared/schemas/settings';

type LatLon = Settings['practice']['base'];

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres. */
export function straightLineKm(a: LatLon, b: LatLon): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

const fixed = (n: number) => n.toFixed(5);

/** '-40.91520, 175.00570' (five decimals: about a metre). */
export const coordinatesText = (p: LatLon): string => `${fixed(p.lat)}, ${fixed(p.lon)}`;

export function openStreetMapUrl(p: LatLon): string {
  const lat = fixed(p.lat);
  const lon = fixed(p.lon);
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=14/${lat}/${lon}`;
}

/** '12.3 km from the base saved now', or that it is the same place (under 100 m). */
export function distanceFromSavedText(found: LatLon, saved: LatLon): string {
  const km = straightLineKm(found, saved);
  if (km < 0.1) return 'The same place as the base saved now';
  return `${km < 10 ? km.toFixed(1) : String(Math.round(km)).replace(/\B(?=(\d{3})+$)/g, ',')} km from the base saved now (straight line)`;
}
