/**
 * The kept gazetteer of New Zealand places (nz-places.json, GeoNames data, CC BY 4.0; made by scripts/nz-places.mjs,
 * docs/decisions/035-openstreetmap-travel.md): the offline estimate's places beyond the practice's own localities.
 */
import type { Place } from './place-names';

export interface GeoNamesResult {
  places: readonly Place[];
  /** Why the file could not be read (the offline provider then uses the profile alone). */
  error: Error | null;
}

type Row = [name: string, lat: number, lon: number];
let nzPlaces: Promise<GeoNamesResult> | undefined;

/** Read once, on first use (a 27 kB file: about 740 towns, suburbs and localities). */
export function loadNzGeoNames(): Promise<GeoNamesResult> {
  nzPlaces ??= (async (): Promise<GeoNamesResult> => {
    try {
      const file = (await import('./nz-places.json')) as unknown as { default: { places: unknown } };
      const rows = file.default.places;
      if (!Array.isArray(rows)) throw new Error('nz-places.json has no list of places');
      const places: Place[] = [];
      for (const [name, lat, lon] of rows as Row[]) {
        if (typeof name === 'string' && Number.isFinite(lat) && Number.isFinite(lon))
          places.push({ name, names: [name], lat, lon });
      }
      return { places, error: null };
    } catch (err) {
      return { places: [], error: err as Error };
    }
  })();
  return nzPlaces;
}
