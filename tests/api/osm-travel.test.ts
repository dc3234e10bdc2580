/**
 * Drives without a paid key (docs/decisions/035): her practice in Paraparaumu, the travel quote through
 * the OpenStreetMap provider, against Nominatim, Photon, OSRM and Valhalla on loopback (tests/helpers/osm-servers.ts).
 * Each server gets at most one request a second, names the site in the User-Agent, and a second quote asks nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TravelQuote } from '../../src/shared/schemas/booking';
import { useTestApp, type ApiTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import {
  KAPITI,
  KAPITI_BASE,
  startNominatim,
  startOsrm,
  startPhoton,
  startValhalla,
  type FakeServer,
} from '../helpers/osm-servers';

const PLACES = Object.values(KAPITI);
let nominatim: FakeServer;
let osrm: FakeServer;
let photon: FakeServer;
let valhalla: FakeServer;

beforeAll(async () => {
  [nominatim, osrm, photon, valhalla] = await Promise.all([
    startNominatim(PLACES),
    startOsrm(PLACES),
    startPhoton(PLACES),
    startValhalla(PLACES),
  ]);
});
afterAll(() => Promise.all([nominatim, osrm, photon, valhalla].map((s) => s.close())));

const KAPITI_ENV = {
  PUBLIC_URL: 'https://kapiti-massage.example.nz',
  PRACTICE_BASE_LAT: String(KAPITI_BASE.lat),
  PRACTICE_BASE_LON: String(KAPITI_BASE.lon),
  PRACTICE_LOCAL_TOWNS: 'Paraparaumu',
};

/** Nominatim and OSRM, as her server would use the public ones. */
const t = useTestApp(() => ({
  signedIn: true,
  env: {
    ...KAPITI_ENV,
    GEOCODER_URL: `${nominatim.origin}/search`,
    ROUTER_URL: `${osrm.origin}/route/v1/driving`,
  },
}));
/** Photon and Valhalla (her own servers, say), with her own User-Agent. */
const pv = useTestApp(() => ({
  env: {
    ...KAPITI_ENV,
    GEOCODER_URL: `${photon.origin}/api`,
    ROUTER_URL: `${valhalla.origin}/route`,
    MAPS_USER_AGENT: 'Kapiti Mobile Massage bookings (aroha@kapiti-massage.example.nz)',
  },
}));
/** No OpenStreetMap servers: the offline estimate, for comparison. */
const offline = useTestApp(() => ({ env: KAPITI_ENV }));

let nextAddress = 1;
const quote = async (app: ApiTestApp, address: string): Promise<TravelQuote> => {
  const res = await app.post('/api/calculate-travel', { address }, { remoteAddress: `10.40.0.${nextAddress++}` });
  expect(res.statusCode).toBe(200);
  return res.json();
};
const clear = (...servers: FakeServer[]) => servers.forEach((s) => (s.requests.length = 0));

describe('Nominatim and OSRM', () => {
  it('a quote from Waikanae is the OSRM road from her base, priced by the fee rules', async () => {
    clear(nominatim, osrm);
    expect(await quote(t, '12 Ngaio Road, Waikanae')).toMatchObject({
      distanceKm: 9.6,
      travelTimeMinutes: 11,
      zone: 'standard',
      travelCost: 1000,
      message: 'Travel fee: $10.00 (9.6 km)',
    });
    const [search] = nominatim.requests;
    expect(nominatim.requests).toHaveLength(1);
    expect(search!.path).toBe('/search');
    expect(Object.fromEntries(search!.query)).toEqual({
      format: 'jsonv2',
      countrycodes: 'nz',
      addressdetails: '1',
      limit: '5', // the same answer serves the address field's suggestions
      q: '12 Ngaio Road, Waikanae',
    });
    expect(search!.userAgent).toBe('Homevisit (https://kapiti-massage.example.nz)');
    const [route] = osrm.requests;
    expect(osrm.requests).toHaveLength(1);
    expect(route!.path).toBe('/route/v1/driving/175.007000,-40.914700;175.064100,-40.876200');
    expect(Object.fromEntries(route!.query)).toEqual({ overview: 'false' });
    expect(route!.userAgent).toBe('Homevisit (https://kapiti-massage.example.nz)');
  });

  it('Ōtaki: the road (20.4 km), where the offline straight line x 1.3 said 27.5', async () => {
    const road = await quote(t, '20 Main Street, Ōtaki');
    expect(road.distanceKm).toBe(20.4);
    expect(road.message).toBe('Travel fee: $10.00 (20.4 km)');
    const estimate = await quote(offline, '20 Main Street, Ōtaki');
    expect(estimate.distanceKm).toBeGreaterThan(26);
    expect(estimate.distanceKm).toBeLessThan(29);
  });

  it('a suburb of a local town is local: Nominatim names both, the town matches', async () => {
    expect(await quote(t, '5 Rimu Road, Raumati Beach')).toMatchObject({
      zone: 'local',
      travelCost: 0,
      distanceKm: 3.2,
      message: 'Free travel within Paraparaumu',
    });
  });

  it('a second quote for an address, however written, asks neither server', async () => {
    await quote(t, '12 Ngaio Road, Waikanae');
    clear(nominatim, osrm);
    expect((await quote(t, '12 NGAIO ROAD,  WAIKANAE')).distanceKm).toBe(9.6);
    expect(nominatim.requests).toHaveLength(0);
    expect(osrm.requests).toHaveLength(0);
  });

  it('asks each server at most once a second, however many quotes come at once', async () => {
    t.app.travel.forget(); // the drives to these three places are remembered from the tests above
    clear(nominatim, osrm);
    const addresses = ['1 Ngaio Road, Waikanae', '2 Main Street, Otaki', '3 Rimu Road, Raumati'];
    const quotes = await Promise.all(addresses.map((a) => quote(t, a)));
    expect(quotes.map((q) => q.distanceKm)).toEqual([9.6, 20.4, 3.2]);
    for (const server of [nominatim, osrm]) {
      expect(server.requests).toHaveLength(3);
      const times = server.requests.map((r) => r.at).sort((a, b) => a - b);
      for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(1000);
    }
  });

  it('a booking keeps whose distance it is: osm', async () => {
    const res = await book(t, bookingRequest({ address: '12 Ngaio Road, Waikanae', date: openDay(3), time: '11:00' }));
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: number }>();
    const [row] = await t.sql<{ travel_source: string; distance_km: string }>(
      'SELECT travel_source, distance_km FROM bookings WHERE id = $1',
      [id],
    );
    expect(row).toEqual({ travel_source: 'osm', distance_km: expect.anything() });
    expect(Number(row!.distance_km)).toBe(9.6);
    const pending = (await t.admin.get('/api/admin/bookings/pending')).json<
      Array<{ id: number; travelSource: string }>
    >();
    expect(pending.find((b) => b.id === id)?.travelSource).toBe('osm');
  });
});

describe('falling back when a server fails', () => {
  it('the router down: the straight line from the place the geocoder found, marked an estimate', async () => {
    osrm.mode = 'down';
    try {
      const q = await quote(t, '7 Pairuku Lane, Peka Peka');
      // 9.3 km straight from her base x 1.3.
      expect(q.distanceKm).toBeGreaterThan(11);
      expect(q.distanceKm).toBeLessThan(13);
      expect(q.zone).toBe('standard');
      const res = await book(
        t,
        bookingRequest({ address: '7 Pairuku Lane, Peka Peka', date: openDay(4), time: '11:00' }),
      );
      expect(res.statusCode).toBe(201);
      const [row] = await t.sql<{ travel_source: string }>('SELECT travel_source FROM bookings WHERE id = $1', [
        res.json<{ id: number }>().id,
      ]);
      expect(row!.travel_source).toBe('estimate');
    } finally {
      osrm.mode = 'up';
    }
    // A failure is not remembered: once the router is back, the road.
    expect((await quote(t, '7 Pairuku Lane, Peka Peka')).distanceKm).toBe(14.1);
  });

  it('the geocoder down: the offline gazetteer finds the town', async () => {
    nominatim.mode = 'down';
    try {
      const q = await quote(t, '9 Main Street, Te Horo');
      expect(q.zone).toBe('standard');
      expect(q.distanceKm).toBeGreaterThan(15);
      expect(q.distanceKm).toBeLessThan(22);
    } finally {
      nominatim.mode = 'up';
    }
  });

  it('a geocoder that does not answer in time: the offline estimate, within the timeout', async () => {
    nominatim.mode = 'hang';
    try {
      const started = Date.now();
      const q = await quote(t, '4 Main Street, Peka Peka');
      expect(Date.now() - started).toBeLessThan(8000);
      expect(q.unresolved).toBe(false);
      expect(q.distanceKm).toBeGreaterThan(8);
    } finally {
      nominatim.mode = 'up';
    }
  }, 15_000);

  it('an address OpenStreetMap does not know: the gazetteer, then unresolved', async () => {
    expect((await quote(t, '1 Nowhere Lane, Ōtaki')).distanceKm).toBeGreaterThan(26); // the town's centre, x 1.3
    expect(await quote(t, '1 Nowhere Lane, Atlantis')).toMatchObject({ zone: 'unresolved', unresolved: true });
  });
});

describe('Photon and Valhalla', () => {
  it('a quote from Ōtaki: Photon places it (New Zealand box), Valhalla drives it (auto, kilometres)', async () => {
    clear(photon, valhalla);
    expect(await quote(pv, '20 Main Street, Ōtaki')).toMatchObject({ distanceKm: 20.4, travelTimeMinutes: 18 });
    const [search] = photon.requests;
    expect(search!.path).toBe('/api');
    expect(search!.query.get('q')).toBe('20 Main Street, Ōtaki');
    expect(search!.query.get('bbox')).toBe('166,-47.5,178.9,-34');
    expect(search!.userAgent).toBe('Kapiti Mobile Massage bookings (aroha@kapiti-massage.example.nz)');
    const [route] = valhalla.requests;
    expect(route!.method).toBe('POST');
    expect(route!.path).toBe('/route');
    expect(route!.contentType).toBe('application/json');
    expect(route!.body).toEqual({
      locations: [
        { lat: KAPITI_BASE.lat, lon: KAPITI_BASE.lon },
        { lat: KAPITI.otaki.lat, lon: KAPITI.otaki.lon },
      ],
      costing: 'auto',
      units: 'kilometers',
      directions_type: 'none',
    });
    expect(route!.userAgent).toBe('Kapiti Mobile Massage bookings (aroha@kapiti-massage.example.nz)');
  });

  it('locates her base address for Settings: the point, the address as found, its locality', async () => {
    expect(await pv.app.travel.locate('5 Rimu Road, Raumati Beach')).toEqual({
      lat: KAPITI.raumati.lat,
      lon: KAPITI.raumati.lon,
      label: '5 Rimu Road, Raumati Beach, Paraparaumu 5032',
      locality: 'Paraparaumu',
    });
    // Offline, the gazetteer's place.
    expect(await offline.app.travel.locate('Peka Peka')).toMatchObject({ label: 'Peka Peka', locality: 'Peka Peka' });
  });
});

describe('a router without a geocoder', () => {
  it("drives to the gazetteer's place named in the address", async () => {
    // Te Horo where the kept gazetteer puts it: the router answers for that point.
    const teHoro = {
      ...KAPITI.otaki,
      words: ['te horo'],
      lat: -40.8,
      lon: 175.1,
      fromBase: { metres: 16_900, seconds: 840 },
    };
    const router = await startOsrm([teHoro]);
    const config = offline.app.config.travel;
    config.routerUrl = `${router.origin}/route/v1/driving`;
    try {
      expect(await quote(offline, '300 School Road, Te Horo')).toMatchObject({
        distanceKm: 16.9,
        travelTimeMinutes: 14,
      });
      expect(router.requests.map((r) => r.path)).toEqual([
        '/route/v1/driving/175.007000,-40.914700;175.100000,-40.800000',
      ]);
    } finally {
      config.routerUrl = null;
      await router.close();
    }
  });
});

describe('GET /api/address-suggestions', () => {
  it('the site says so only with a geocoder that allows it', async () => {
    expect((await pv.get('/api/site')).json()).toMatchObject({ mapsEnabled: false, addressSuggestions: true });
    expect((await offline.get('/api/site')).json()).toMatchObject({ addressSuggestions: false });
  });

  it('a few New Zealand addresses from Photon, remembered', async () => {
    clear(photon);
    const res = await pv.get('/api/address-suggestions?q=20%20Main%20St');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ suggestions: ['20 Main Street, Ōtaki 5512'] });
    expect(photon.requests[0]!.query.get('limit')).toBe('5');
    await pv.get('/api/address-suggestions?q=20%20main%20st');
    expect(photon.requests).toHaveLength(1);
  });

  it("the address a quote placed is its own suggestions: one request, not a second one in the host's queue", async () => {
    pv.app.travel.forget(); // a test above placed this address already
    clear(photon);
    await quote(pv, '20 Main Street, Ōtaki');
    const res = await pv.get('/api/address-suggestions?q=20%20Main%20Street%2C%20%C5%8Ctaki');
    expect(res.json()).toEqual({ suggestions: ['20 Main Street, Ōtaki 5512'] });
    expect(photon.requests).toHaveLength(1);
  });

  it('nothing for a short query, nor without a geocoder', async () => {
    clear(photon);
    expect((await pv.get('/api/address-suggestions?q=20')).json()).toEqual({ suggestions: [] });
    expect(photon.requests).toHaveLength(0);
    expect((await offline.get('/api/address-suggestions?q=20%20Main%20Street')).json()).toEqual({ suggestions: [] });
  });

  it('refuses a query too long', async () => {
    expect((await pv.get(`/api/address-suggestions?q=${'a'.repeat(201)}`)).statusCode).toBe(400);
  });
});

describe('settings applied without a restart', () => {
  it('a new base, changed in place, moves the next quote; reconfigure() drops what was remembered', async () => {
    const before = await quote(offline, 'Waikanae');
    const base = offline.app.config.practice.base;
    offline.app.config.practice.base = { lat: -40.8833, lon: 175.0667 }; // in Waikanae itself
    try {
      offline.app.travel.reconfigure();
      const after = await quote(offline, 'Waikanae');
      expect(after.distanceKm).toBeLessThan(before.distanceKm!);
      expect(after.distanceKm).toBeLessThan(1);
    } finally {
      offline.app.config.practice.base = base;
      offline.app.travel.reconfigure();
    }
  });

  it('a router set in place is used at once', async () => {
    const travel = offline.app.config.travel;
    clear(nominatim, osrm);
    travel.geocoderUrl = `${nominatim.origin}/search`;
    travel.routerUrl = `${osrm.origin}/route/v1/driving`;
    try {
      expect((await quote(offline, '12 Ngaio Road, Waikanae')).distanceKm).toBe(9.6);
      expect(osrm.requests).toHaveLength(1);
    } finally {
      travel.geocoderUrl = null;
      travel.routerUrl = null;
    }
  });
});
