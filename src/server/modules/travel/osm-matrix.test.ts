import { describe, expect, it } from 'vitest';
import { OSRM_TABLE_2X2, VALHALLA_MATRIX_1X2 } from './osm.fixture';
import { osrmTableUrl, readOsrmTable, readValhallaMatrix, valhallaMatrixRequest } from './osm-matrix';

const BASE = { lat: -40.9147, lon: 175.007 };
const OTAKI = { lat: -40.7566, lon: 175.1502 };
const WAIKANAE = { lat: -40.8762, lon: 175.0641 };

describe('OSRM table', () => {
  it('asks /table/v1/{profile} beside the route URL, each place once, with source and destination indexes', () => {
    const url = osrmTableUrl('https://router.project-osrm.org/route/v1/driving', [BASE, OTAKI], [OTAKI, WAIKANAE]);
    expect(url.origin).toBe('https://router.project-osrm.org');
    expect(url.pathname).toBe('/table/v1/driving/175.007000,-40.914700;175.150200,-40.756600;175.064100,-40.876200');
    expect(url.searchParams.get('sources')).toBe('0;1');
    expect(url.searchParams.get('destinations')).toBe('1;2');
    expect(url.searchParams.get('annotations')).toBe('duration,distance');
  });

  it("a server's root gets the driving profile; a path prefix and another profile are kept", () => {
    expect(osrmTableUrl('http://127.0.0.1:5000', [BASE], [OTAKI]).pathname).toMatch(/^\/table\/v1\/driving\//);
    expect(osrmTableUrl('https://maps.example.nz/osrm/route/v1/car/1,2;3,4', [BASE], [OTAKI]).pathname).toMatch(
      /^\/osrm\/table\/v1\/car\/175\.007000,-40\.914700;175\.150200,-40\.756600$/,
    );
  });

  it('reads seconds and metres per pair; null where there is no road', () => {
    expect(readOsrmTable(OSRM_TABLE_2X2, 2, 2)).toEqual({
      cells: [
        [
          { distanceKm: 0, travelTimeMinutes: 0 },
          { distanceKm: 20.4402, travelTimeMinutes: 18 },
        ],
        [{ distanceKm: 20.3987, travelTimeMinutes: 18 }, null],
      ],
    });
  });

  it('a refusal or a table of the wrong shape is a failure, never a drive', () => {
    expect(readOsrmTable({ code: 'TooBig', message: 'Too many table coordinates' }, 2, 2)).toEqual({
      cells: null,
      reason: 'TooBig',
    });
    expect(readOsrmTable({ ...OSRM_TABLE_2X2, distances: undefined }, 2, 2).cells).toBeNull();
    expect(readOsrmTable(OSRM_TABLE_2X2, 2, 3).cells).toBeNull();
    expect(
      readOsrmTable(
        {
          ...OSRM_TABLE_2X2,
          durations: [
            [0, -1],
            [1, 2],
          ],
        },
        2,
        2,
      ).cells,
    ).toBeNull();
    expect(readOsrmTable(null, 1, 1).cells).toBeNull();
  });
});

describe('Valhalla matrix', () => {
  it('posts sources and targets to /sources_to_targets beside /route: auto, kilometres, verbose', () => {
    const { url, json } = valhallaMatrixRequest('https://valhalla1.openstreetmap.de/route', [BASE], [OTAKI, WAIKANAE]);
    expect(url.href).toBe('https://valhalla1.openstreetmap.de/sources_to_targets');
    expect(json).toEqual({
      sources: [BASE],
      targets: [OTAKI, WAIKANAE],
      costing: 'auto',
      units: 'kilometers',
      verbose: true,
    });
    expect(valhallaMatrixRequest('http://127.0.0.1:8002/', [BASE], [OTAKI]).url.pathname).toBe('/sources_to_targets');
  });

  it('reads kilometres and seconds per pair; null distance and time: no road', () => {
    expect(readValhallaMatrix(VALHALLA_MATRIX_1X2, 1, 2)).toEqual({
      cells: [[{ distanceKm: 20.44, travelTimeMinutes: 18 }, null]],
    });
  });

  it('miles are turned into kilometres', () => {
    const inMiles = {
      ...VALHALLA_MATRIX_1X2,
      units: 'miles',
      sources_to_targets: [[{ distance: 10, time: 600, from_index: 0, to_index: 0 }]],
    };
    expect(readValhallaMatrix(inMiles, 1, 1)).toEqual({ cells: [[{ distanceKm: 16.09344, travelTimeMinutes: 10 }]] });
  });

  it('an error code or a matrix of the wrong shape is a failure', () => {
    expect(
      readValhallaMatrix({ error_code: 154, error: 'Path distance exceeds the max distance limit' }, 1, 2),
    ).toEqual({ cells: null, reason: 'error_code 154' });
    expect(readValhallaMatrix(VALHALLA_MATRIX_1X2, 2, 2).cells).toBeNull();
    expect(readValhallaMatrix(VALHALLA_MATRIX_1X2, 1, 3).cells).toBeNull();
    const misplaced = { sources_to_targets: [[{ distance: 1, time: 60, from_index: 3, to_index: 0 }]] };
    expect(readValhallaMatrix(misplaced, 1, 1).cells).toBeNull();
  });
});
