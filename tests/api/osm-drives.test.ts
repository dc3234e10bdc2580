/**
 * The drives between visits without a paid key (docs/decisions/035): the route rule and her day route take
 * them from an OpenStreetMap router's matrix (OSRM's table, Valhalla's sources_to_targets) on loopback
 * (tests/helpers/osm-servers.ts), in the same one-a-second turns per host as the quotes, and fall back to the offline
 * estimate when the router cannot answer. The apps here estimate offline at 20 km/h, so a slot the road allows and the
 * estimate refuses tells which decided.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DayAvailability } from '../../src/shared/schemas/booking';
import type { DayRoute } from '../../src/shared/schemas/day-route';
import { useTestApp, type ApiTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import {
  KAPITI,
  KAPITI_BASE,
  roadBetween,
  startNominatim,
  startOsrm,
  startValhalla,
  type FakeServer,
} from '../helpers/osm-servers';

const PLACES = Object.values(KAPITI);
let nominatim: FakeServer;
let osrm: FakeServer;
let valhalla: FakeServer;
let deadRouter: FakeServer;

beforeAll(async () => {
  [nominatim, osrm, valhalla, deadRouter] = await Promise.all([
    startNominatim(PLACES),
    startOsrm(PLACES),
    startValhalla(PLACES),
    startOsrm(PLACES),
  ]);
  deadRouter.mode = 'down';
});
afterAll(() => Promise.all([nominatim, osrm, valhalla, deadRouter].map((s) => s.close())));

const env = (routerUrl: () => string) => () => ({
  signedIn: true,
  env: {
    PUBLIC_URL: 'https://kapiti-massage.example.nz',
    PRACTICE_BASE_LAT: String(KAPITI_BASE.lat),
    PRACTICE_BASE_LON: String(KAPITI_BASE.lon),
    PRACTICE_LOCAL_TOWNS: 'Paraparaumu',
    TRAVEL_AVERAGE_SPEED_KMH: '20',
    GEOCODER_URL: `${nominatim.origin}/search`,
    ROUTER_URL: routerUrl(),
  },
});
const t = useTestApp(env(() => `${osrm.origin}/route/v1/driving`));
const v = useTestApp(env(() => `${valhalla.origin}/route`));
const down = useTestApp(env(() => `${deadRouter.origin}/route/v1/driving`));

const RAUMATI = '5 Rimu Road, Raumati Beach';
const OTAKI = '20 Main Street, Otaki';
/** The road from Raumati Beach to Ōtaki as the fake routers give it (about 23 minutes). */
const ROAD = roadBetween(KAPITI.raumati, KAPITI.otaki, KAPITI_BASE, PLACES)!;

let nextAddress = 1;
const timesFor = async (app: ApiTestApp, date: string, address: string) => {
  const day = await app.getJson<DayAvailability>(
    `/api/availability/${date}?duration=60&address=${encodeURIComponent(address)}`,
    { remoteAddress: `10.41.0.${nextAddress++}` },
  );
  return day.timeSlots;
};
const tables = (server: FakeServer) =>
  server.requests.filter((r) => r.path.startsWith('/table/') || r.path === '/sources_to_targets');

/** A day with her 10:00-11:00 visit in Raumati Beach. */
async function dayWithRaumatiVisit(app: ApiTestApp, n: number): Promise<string> {
  const date = openDay(n);
  const res = await book(app, bookingRequest({ date, time: '10:00', address: RAUMATI, email: `r${n}@example.nz` }));
  expect(res.statusCode, res.body).toBe(201);
  return date;
}

describe('OSRM: the table service', () => {
  it('after an 11:00 finish in Raumati Beach, an Ōtaki visitor is offered 12:00: the road (23 min), not the estimate', async () => {
    expect(ROAD.seconds).toBeLessThan(25 * 60);
    const date = await dayWithRaumatiVisit(t, 0);
    const before = tables(osrm).length;
    const times = await timesFor(t, date, OTAKI);
    expect(times).toContain('12:00');
    expect(times).not.toContain('11:30');

    const asked = tables(osrm).slice(before);
    expect(asked.length).toBeGreaterThan(0);
    for (const r of asked) {
      expect(r.path).toMatch(/^\/table\/v1\/driving\/(-?\d+\.\d+,-?\d+\.\d+;)+-?\d+\.\d+,-?\d+\.\d+$/);
      expect(r.query.get('annotations')).toBe('duration,distance');
      expect(r.query.get('sources')).toMatch(/^\d+(;\d+)*$/);
      expect(r.query.get('destinations')).toMatch(/^\d+(;\d+)*$/);
      expect(r.userAgent).toBe('Homevisit (https://kapiti-massage.example.nz)');
    }
  });

  it('the booking is checked on the server with the same road: 12:00 from Ōtaki is accepted', async () => {
    const date = openDay(0);
    const res = await book(t, bookingRequest({ date, time: '12:00', address: OTAKI, email: 'o@example.nz' }));
    expect(res.statusCode, res.body).toBe(201);
  });

  it('her day route shows the road between the visits, not marked an estimate', async () => {
    const route = (await t.admin.get(`/api/admin/bookings/day-route?date=${openDay(0)}`)).json<DayRoute>();
    const between = route.legs.find((l) => l.kind === 'between')!;
    expect(between.km).toBeCloseTo(ROAD.metres / 1000, 1);
    expect(between.driveMinutes).toBe(Math.ceil(ROAD.seconds / 60));
    expect(between.estimate).toBeUndefined();
    const fromBase = route.legs.find((l) => l.kind === 'from-base')!;
    expect(fromBase.km).toBeCloseTo(KAPITI.raumati.fromBase.metres / 1000, 1);
  });

  it('asks the router nothing more when the same day is asked about again', async () => {
    const before = tables(osrm).length;
    await timesFor(t, openDay(0), OTAKI);
    await t.admin.get(`/api/admin/bookings/day-route?date=${openDay(0)}`);
    expect(tables(osrm).length).toBe(before);
  });

  it('quotes and tables take their turns at the same host: at least a second apart', async () => {
    const date = await dayWithRaumatiVisit(t, 1);
    osrm.requests.length = 0;
    await Promise.all([
      timesFor(t, date, '7 Pairuku Lane, Peka Peka'),
      t.post('/api/calculate-travel', { address: '12 Ngaio Road, Waikanae' }, { remoteAddress: '10.41.1.1' }),
    ]);
    const at = osrm.requests.map((r) => r.at).sort((a, b) => a - b);
    expect(at.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < at.length; i++) expect(at[i]! - at[i - 1]!).toBeGreaterThanOrEqual(1000);
  });
});

describe('Valhalla: the time-distance matrix', () => {
  it('the same day, the same answer: posts sources and targets (auto, kilometres) to /sources_to_targets', async () => {
    const date = await dayWithRaumatiVisit(v, 0);
    const before = tables(valhalla).length;
    const times = await timesFor(v, date, OTAKI);
    expect(times).toContain('12:00');
    expect(times).not.toContain('11:30');
    const asked = tables(valhalla).slice(before);
    expect(asked.length).toBeGreaterThan(0);
    for (const r of asked) {
      expect(r.method).toBe('POST');
      expect(r.contentType).toMatch(/^application\/json/);
      expect(r.body).toMatchObject({
        sources: expect.arrayContaining([{ lat: expect.any(Number), lon: expect.any(Number) }]),
        targets: expect.arrayContaining([{ lat: expect.any(Number), lon: expect.any(Number) }]),
        costing: 'auto',
        units: 'kilometers',
      });
    }
    const route = (await v.admin.get(`/api/admin/bookings/day-route?date=${date}`)).json<DayRoute>();
    expect(route.legs.find((l) => l.kind === 'from-base')?.estimate).toBeUndefined();
  });
});

describe('the router down', () => {
  it('the offline estimate decides, marked an estimate on her day route, and is not asked again at once', async () => {
    const date = await dayWithRaumatiVisit(down, 0);
    const times = await timesFor(down, date, OTAKI);
    // At 20 km/h the straight line x 1.3 is over 90 minutes: 12:00 does not fit.
    expect(times).not.toContain('12:00');
    expect(times.some((time) => time >= '13:00')).toBe(true);
    const asked = tables(deadRouter).length;
    expect(asked).toBeGreaterThan(0);

    const route = (await down.admin.get(`/api/admin/bookings/day-route?date=${date}`)).json<DayRoute>();
    expect(route.legs.find((l) => l.kind === 'from-base')?.estimate).toBe(true);
    await timesFor(down, date, OTAKI);
    expect(tables(deadRouter).length).toBe(asked);
  });
});

describe('her Settings', () => {
  it('a router she sets is used for the drives at once, without a restart', async () => {
    const travel = down.app.config.travel;
    const was = travel.routerUrl;
    travel.routerUrl = `${osrm.origin}/route/v1/driving`;
    try {
      const date = await dayWithRaumatiVisit(down, 1);
      const before = tables(osrm).length;
      expect(await timesFor(down, date, OTAKI)).toContain('12:00');
      expect(tables(osrm).length).toBeGreaterThan(before);
    } finally {
      travel.routerUrl = was;
    }
  });
});
