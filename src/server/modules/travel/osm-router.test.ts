import { describe, expect, it } from 'vitest';
import { osrmRouteUrl, readOsrm, readValhalla, routerKindOf, valhallaRouteRequest } from './osm-router';
import { OSRM_NO_ROUTE, OSRM_OK, VALHALLA_NO_PATH, VALHALLA_OK } from './osm.fixture';

const base = { lat: -40.914708, lon: 175.006994 };
const otaki = { lat: -40.7566, lon: 175.1502 };

describe('which router a URL is', () => {
  it.each([
    ['https://router.project-osrm.org/route/v1/driving', 'osrm'],
    ['https://router.project-osrm.org/route/v1/driving/{lon},{lat};{lon},{lat}', 'osrm'],
    ['http://127.0.0.1:5000/', 'osrm'],
    ['https://valhalla1.openstreetmap.de/route', 'valhalla'],
    ['http://127.0.0.1:8002/route', 'valhalla'],
  ] as const)('%s is %s', (url, kind) => expect(routerKindOf(url)).toBe(kind));

  it('ROUTER_KIND has the last word', () =>
    expect(routerKindOf('http://127.0.0.1:5000/', 'valhalla')).toBe('valhalla'));
});

describe('OSRM', () => {
  it('asks /route/v1/driving/{lon},{lat};{lon},{lat} without the geometry, from the URL as given', () => {
    for (const given of [
      'https://router.project-osrm.org/route/v1/driving',
      'https://router.project-osrm.org/route/v1/driving/',
      'https://router.project-osrm.org/route/v1/driving/{lon},{lat};{lon},{lat}?overview=full',
      'https://router.project-osrm.org',
    ]) {
      const url = osrmRouteUrl(given, base, otaki);
      expect(url.pathname).toBe('/route/v1/driving/175.006994,-40.914708;175.150200,-40.756600');
      expect(url.search).toBe('?overview=false');
    }
    expect(osrmRouteUrl('http://127.0.0.1:5000/osrm/route/v1/car', base, otaki).pathname).toMatch(
      /^\/osrm\/route\/v1\/car\//,
    );
  });

  it('reads metres and seconds; NoRoute is an answer, anything else a failure', () => {
    const ok = readOsrm(OSRM_OK);
    expect(ok.definitive).toBe(true);
    expect(ok.value?.distanceKm).toBeCloseTo(20.4367, 6);
    expect(ok.value?.travelTimeMinutes).toBe(19);
    expect(readOsrm(OSRM_NO_ROUTE)).toMatchObject({ value: null, definitive: true });
    expect(readOsrm({ code: 'TooBig' })).toMatchObject({ value: null, definitive: false });
    expect(readOsrm({ code: 'Ok', routes: [] })).toMatchObject({ value: null, definitive: false });
    expect(readOsrm(null)).toMatchObject({ value: null, definitive: false });
  });
});

describe('Valhalla', () => {
  it('posts the two locations to /route, costing auto, in kilometres, without directions', () => {
    const { url, json } = valhallaRouteRequest('https://valhalla1.openstreetmap.de', base, otaki);
    expect(url.pathname).toBe('/route');
    expect(json).toEqual({
      locations: [base, otaki],
      costing: 'auto',
      units: 'kilometers',
      directions_type: 'none',
    });
    expect(valhallaRouteRequest('http://127.0.0.1:8002/route', base, otaki).url.pathname).toBe('/route');
  });

  it('reads the summary (km, seconds); error 442 (no path) is an answer, others a failure', () => {
    expect(readValhalla(VALHALLA_OK)).toEqual({
      value: { distanceKm: 9.412, travelTimeMinutes: 11 },
      definitive: true,
    });
    expect(readValhalla(VALHALLA_NO_PATH)).toMatchObject({ value: null, definitive: true });
    expect(readValhalla({ error_code: 154, error: 'Path distance exceeds the max distance limit' })).toMatchObject({
      value: null,
      definitive: false,
    });
    expect(readValhalla({ trip: { status: 0, units: 'miles', summary: { length: 10, time: 60 } } }).value).toEqual({
      distanceKm: 16.09344,
      travelTimeMinutes: 1,
    });
  });
});
