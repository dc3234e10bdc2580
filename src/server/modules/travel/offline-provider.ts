/**
 * The offline travel estimate (the default): finds a known place name in the address
 * (the practice profile's own localities first, then the GeoNames places of New Zealand)
 * and estimates the road distance as the straight line times a road factor, the time
 * from an average speed.
 */
import type { Locality } from '../../practice-profile';
import { loadNzGeoNames, type GeoNamesResult } from './geonames';
import { findPlace, normalisePlaceText, samePlaceName, type LatLon, type Place } from './place-names';
import type { TravelLogger, TravelProvider } from './travel-provider';

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

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres. */
export function haversineKm(a: LatLon, b: LatLon): number {
  const dLat = rad(b.lat - a.lat);
  const dLon = rad(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
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
        options.log?.warn(
          { err: error.message },
          'GeoNames places unavailable: the offline travel estimate uses the practice localities only',
        );
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
        places.push({
          name: town,
          names: [town],
          lat: known?.lat ?? options.base.lat,
          lon: known?.lon ?? options.base.lon,
        });
      }
      return places;
    })());

  const placeOf = async (address: string) =>
    findPlace(address, await getProfilePlaces()) ?? findPlace(address, await getPackagePlaces());

  return {
    name: 'offline',
    async estimate(address) {
      const place = await placeOf(address);
      if (!place) return null;
      const distanceKm = haversineKm(options.base, place) * options.roadFactor;
      return {
        distanceKm,
        travelTimeMinutes: drivingMinutes(distanceKm, options.averageSpeedKmh),
        locality: place.name,
        location: { lat: place.lat, lon: place.lon },
      };
    },
    /** The town or suburb named in the address: its centre, not the street. */
    async locate(address) {
      const place = await placeOf(address);
      return place ? { lat: place.lat, lon: place.lon, label: place.name, locality: place.name } : null;
    },
  };
}
