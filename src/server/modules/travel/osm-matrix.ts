/**
 * The drives between many places at once from an OpenStreetMap router (docs/decisions/035): OSRM's table
 * service (`GET /table/v1/driving/{lon},{lat};...?sources=..&destinations=..&annotations=duration,distance`,
 * https://project-osrm.org/docs/v5.24.0/api/#table-service) or Valhalla's time-distance matrix (`POST
 * /sources_to_targets`, https://valhalla.github.io/valhalla/api/matrix/api-reference/), chosen as the route service
 * is (osm-router.ts). The route service's URL (ROUTER_URL) names the server; the matrix's path is derived from it.
 */
import type { LatLon } from './place-names';

/** One cell: the road's length and time, or null when the router knows no road between the two. */
export interface MatrixCell {
  distanceKm: number;
  travelTimeMinutes: number;
}

/** What the router said: a matrix (sources x destinations), or why not (a failure: asked again later). */
export type MatrixReading = { cells: Array<Array<MatrixCell | null>> } | { cells: null; reason: string };

const lonLat = (p: LatLon) => `${p.lon.toFixed(6)},${p.lat.toFixed(6)}`;

const pointKey = (p: LatLon) => lonLat(p);

/**
 * OSRM's table URL for ROUTER_URL as given (its route path `/route/v1/{profile}` becomes `/table/v1/{profile}`, a
 * server's root gets `/table/v1/driving`). The coordinates are the sources and the destinations, each place once;
 * `sources` and `destinations` name their indexes.
 */
export function osrmTableUrl(base: string, sources: readonly LatLon[], destinations: readonly LatLon[]): URL {
  const url = new URL(base);
  const match = /^(.*?)\/(?:route|table)\/v1\/([^/]+)/.exec(url.pathname);
  const prefix = match ? `${match[1]}/table/v1/${match[2]}` : `${url.pathname.replace(/\/+$/, '')}/table/v1/driving`;
  const places: LatLon[] = [];
  const indexOf = new Map<string, number>();
  const index = (p: LatLon) => {
    const key = pointKey(p);
    if (!indexOf.has(key)) {
      indexOf.set(key, places.length);
      places.push(p);
    }
    return indexOf.get(key)!;
  };
  const sourceIndexes = sources.map(index);
  const destinationIndexes = destinations.map(index);
  url.pathname = `${prefix}/${places.map(lonLat).join(';')}`;
  url.search = '';
  url.searchParams.set('sources', sourceIndexes.join(';'));
  url.searchParams.set('destinations', destinationIndexes.join(';'));
  url.searchParams.set('annotations', 'duration,distance');
  return url;
}

const isNumberOrNull = (v: unknown): v is number | null => v === null || (typeof v === 'number' && v >= 0);

/**
 * OSRM's table answer: code 'Ok', `durations` (seconds) and `distances` (metres), one row per source, null where no
 * road. A table of the wrong shape is a failure.
 */
export function readOsrmTable(body: unknown, sources: number, destinations: number): MatrixReading {
  const b = (body ?? {}) as { code?: unknown; durations?: unknown; distances?: unknown };
  if (b.code !== 'Ok') return { cells: null, reason: typeof b.code === 'string' ? b.code : 'no code' };
  const durations = b.durations as unknown[][] | undefined;
  const distances = b.distances as unknown[][] | undefined;
  const shaped = (m: unknown[][] | undefined) =>
    Array.isArray(m) &&
    m.length === sources &&
    m.every((row) => Array.isArray(row) && row.length === destinations && row.every(isNumberOrNull));
  if (!shaped(durations) || !shaped(distances))
    return { cells: null, reason: 'table without durations and distances for every pair' };
  const cells = durations!.map((row, a) =>
    row.map((seconds, b) => {
      const metres = distances![a]![b];
      if (typeof seconds !== 'number' || typeof metres !== 'number') return null;
      return { distanceKm: metres / 1000, travelTimeMinutes: Math.ceil(seconds / 60) };
    }),
  );
  return { cells };
}

/** Valhalla's matrix request: `/sources_to_targets` beside its `/route` (or at the server's root), and its JSON. */
export function valhallaMatrixRequest(
  base: string,
  sources: readonly LatLon[],
  targets: readonly LatLon[],
): { url: URL; json: unknown } {
  const url = new URL(base);
  url.pathname = `${url.pathname.replace(/\/route\/?$/, '').replace(/\/+$/, '')}/sources_to_targets`;
  url.search = '';
  const at = (p: LatLon) => ({ lat: p.lat, lon: p.lon });
  return {
    url,
    json: { sources: sources.map(at), targets: targets.map(at), costing: 'auto', units: 'kilometers', verbose: true },
  };
}

interface ValhallaCell {
  distance?: unknown;
  time?: unknown;
  from_index?: unknown;
  to_index?: unknown;
}

/**
 * Valhalla's matrix answer (verbose): `sources_to_targets`, one row per source of {distance (km), time (seconds),
 * from_index, to_index}, distance and time null where no road. A refusal comes as `error_code` (e.g. 154: beyond
 * the server's matrix limits).
 */
export function readValhallaMatrix(body: unknown, sources: number, targets: number): MatrixReading {
  const b = (body ?? {}) as { sources_to_targets?: unknown; units?: unknown; error_code?: unknown };
  if (b.error_code !== undefined) return { cells: null, reason: `error_code ${JSON.stringify(b.error_code)}` };
  const rows = b.sources_to_targets;
  if (!Array.isArray(rows) || rows.length !== sources)
    return { cells: null, reason: 'matrix without a row for every source' };
  const toKm = b.units === 'miles' ? 1.609344 : 1;
  const cells: Array<Array<MatrixCell | null>> = Array.from({ length: sources }, () =>
    Array.from({ length: targets }, () => null),
  );
  for (const [a, row] of rows.entries()) {
    if (!Array.isArray(row) || row.length !== targets) return { cells: null, reason: 'matrix row of the wrong length' };
    for (const [index, cell] of (row as ValhallaCell[]).entries()) {
      const from = typeof cell?.from_index === 'number' ? cell.from_index : a;
      const to = typeof cell?.to_index === 'number' ? cell.to_index : index;
      if (from !== a || to < 0 || to >= targets) return { cells: null, reason: 'matrix cell out of place' };
      const { distance, time } = cell;
      if (typeof distance === 'number' && typeof time === 'number' && distance >= 0 && time >= 0)
        cells[a]![to] = { distanceKm: distance * toKm, travelTimeMinutes: Math.ceil(time / 60) };
    }
  }
  return { cells };
}
