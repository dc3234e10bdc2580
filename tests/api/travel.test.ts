import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OUTSIDE_SERVICE_AREA, TRAVEL_UNAVAILABLE } from '../../src/shared/messages';
import type { TravelQuote } from '../../src/shared/schemas/booking';
import { TRAVEL_QUOTES_PER_IP } from '../../src/server/modules/travel/routes';
import { useTestApp, type ApiTestApp } from '../helpers/app';
import { expectRejected } from '../helpers/expect-rejected';

/** A stand-in for Google's Distance Matrix service on loopback. */
let fake: http.Server;
let fakeUrl: string;
const fakeRequests: URL[] = [];

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://127.0.0.1');
    fakeRequests.push(u);
    const dest = u.searchParams.get('destinations') ?? '';
    const found = dest.startsWith('7 Wallis Street');
    res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(
      JSON.stringify({
        destination_addresses: [found ? '7 Wallis Street, Raglan 3225, New Zealand' : ''],
        origin_addresses: ['Raglan 3225, New Zealand'],
        rows: [
          {
            elements: [
              found
                ? { distance: { text: '1.2 km', value: 1234 }, duration: { text: '3 mins', value: 170 }, status: 'OK' }
                : dest.startsWith('88 Far Road')
                  ? {
                      distance: { text: '41.0 km', value: 41_020 },
                      duration: { text: '35 mins', value: 2100 },
                      status: 'OK',
                    }
                  : { status: 'NOT_FOUND' },
            ],
          },
        ],
        status: 'OK',
      }),
    );
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}/maps/api/distancematrix/json`;
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

/** The offline provider. */
const t = useTestApp();
/** Google's provider, its Distance Matrix being the fake. */
const g = useTestApp(() => ({ env: { GOOGLE_MAPS_API_KEY: 'test-key', GOOGLE_DISTANCE_MATRIX_URL: fakeUrl } }));

/** Each call from its own address unless told, so the per-IP limit stays out of the way. */
let nextAddress = 1;
const calculate = (app: ApiTestApp, payload: unknown, remoteAddress = `10.30.0.${nextAddress++}`) =>
  app.post('/api/calculate-travel', payload, { remoteAddress });
const quote = async (address: string, app = t): Promise<TravelQuote> => {
  const res = await calculate(app, { address });
  expect(res.statusCode).toBe(200);
  return res.json();
};

describe('POST /api/calculate-travel (offline, demo profile)', () => {
  it('is registered', () => {
    expect(t.app.hasRoute({ method: 'POST', url: '/api/calculate-travel' })).toBe(true);
    expect(t.app.hasRoute({ method: 'GET', url: '/api/google-maps/key' })).toBe(true);
  });

  it('an address in Raglan is local and free', async () => {
    const q = await quote('12 Bow Street, Raglan');
    expect(q).toEqual({
      distanceKm: expect.any(Number),
      travelTimeMinutes: expect.any(Number),
      travelCost: 0,
      isWithinServiceArea: true,
      isOutsideServiceArea: false,
      refused: false,
      unresolved: false,
      zone: 'local',
      message: 'Free travel within Raglan and Te Uku',
    });
    expect(q.distanceKm).toBeLessThan(2);
  });

  it('Te Uku (the other local town) is free too, whatever its spelling', async () => {
    for (const address of ['1234 State Highway 23, Te Uku', 'SH23, TE UKU 3295']) {
      const q = await quote(address);
      expect(q.travelCost).toBe(0);
      expect(q.distanceKm).toBeGreaterThan(5);
      expect(q.distanceKm).toBeLessThan(15);
    }
  });

  it('elsewhere within 30 km costs the standard fee', async () => {
    const q = await quote('250 Waitetuna Valley Road, Waitetuna');
    expect(q).toMatchObject({
      travelCost: 1000,
      isWithinServiceArea: true,
      isOutsideServiceArea: false,
      refused: false,
    });
    expect(q.distanceKm).toBeGreaterThan(15);
    expect(q.distanceKm).toBeLessThanOrEqual(30);
    expect(q.message).toBe(`Travel fee: $10.00 (${q.distanceKm!.toFixed(1)} km)`);
  });

  it('Whatawhata is just past 30 km by road (straight line ~24.5 km x 1.3): the extended range', async () => {
    const q = await quote('Whatawhata');
    expect(q.distanceKm).toBeGreaterThan(30);
    expect(q.distanceKm).toBeLessThan(35);
    expect(q).toMatchObject({
      travelCost: 2000,
      isOutsideServiceArea: true,
      isWithinServiceArea: true,
      refused: false,
    });
  });

  it('an address in Hamilton is in the extended range (30-50 km)', async () => {
    const q = await quote('100 Victoria Street, Hamilton');
    expect(q.distanceKm).toBeGreaterThan(30);
    expect(q.distanceKm).toBeLessThanOrEqual(50);
    expect(q.travelTimeMinutes).toBeGreaterThanOrEqual(40);
    expect(q).toMatchObject({
      travelCost: 2000,
      isWithinServiceArea: true,
      isOutsideServiceArea: true,
      refused: false,
      unresolved: false,
      message: `Extended range: $20.00 travel fee (${q.distanceKm!.toFixed(1)} km)`,
    });
  });

  it('an address in Auckland is refused', async () => {
    const q = await quote('1 Queen Street, Auckland CBD, Auckland 1010');
    expect(q.distanceKm).toBeGreaterThan(100);
    expect(q).toMatchObject({
      travelCost: 0,
      isWithinServiceArea: false,
      refused: true,
      message: OUTSIDE_SERVICE_AREA,
    });
  });

  it('a New Zealand town outside the profile is found through the GeoNames places', async () => {
    const q = await quote('1 Lambton Quay, Wellington');
    expect(q).toMatchObject({ refused: true, isWithinServiceArea: false, unresolved: false });
  });

  it('an address that cannot be located is still bookable, free, and says so', async () => {
    expect(await quote('1 Nowhere Lane, Atlantis')).toEqual({
      distanceKm: null,
      travelTimeMinutes: null,
      travelCost: 0,
      isWithinServiceArea: true,
      isOutsideServiceArea: false,
      refused: false,
      unresolved: true,
      zone: 'unresolved',
      message: TRAVEL_UNAVAILABLE,
    });
  });

  it.each([
    [{ address: 'abcd' }],
    [{ address: '   abcd    ' }],
    [{ address: 12345 }],
    [{}],
    [{ address: 'x'.repeat(301) }],
  ])('%j is refused with 400', async (payload) => {
    expectRejected(await calculate(t, payload), 400, 'Please enter a valid address');
  });

  it('is limited per client address', async () => {
    const ip = '10.31.0.1';
    for (let i = 0; i < TRAVEL_QUOTES_PER_IP; i++) {
      expect((await calculate(t, { address: '12 Bow Street, Raglan' }, ip)).statusCode).toBe(200);
    }
    const res = await calculate(t, { address: '12 Bow Street, Raglan' }, ip);
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect((await calculate(t, { address: '12 Bow Street, Raglan' }, '10.31.0.2')).statusCode).toBe(200);
  });

  it('the public practice profile does not give away the localities or the base', async () => {
    const res = await t.get('/api/practice');
    expect(res.statusCode).toBe(200);
    expect(res.json()).not.toHaveProperty('localities');
    expect(res.json()).not.toHaveProperty('base');
    expect(res.body).not.toContain('Whatawhata');
  });
});

describe('GET /api/google-maps/key', () => {
  it('404 when no key is configured', async () => {
    expectRejected(await t.get('/api/google-maps/key'), 404, { message: 'Maps are not configured' });
  });

  it('answers the key, cacheable for 24 hours', async () => {
    const res = await g.get('/api/google-maps/key');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ apiKey: 'test-key' });
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
  });
});

describe('POST /api/calculate-travel with GOOGLE_MAPS_API_KEY', () => {
  it('uses the Distance Matrix service', async () => {
    fakeRequests.length = 0;
    const q = await quote('7 Wallis Street, Raglan', g);
    expect(q).toMatchObject({
      distanceKm: 1.2,
      travelTimeMinutes: 3,
      travelCost: 0,
      message: 'Free travel within Raglan and Te Uku',
    });
    expect(fakeRequests).toHaveLength(1);
    expect(fakeRequests[0]!.searchParams.get('key')).toBe('test-key');
    expect(fakeRequests[0]!.searchParams.get('destinations')).toBe('7 Wallis Street, Raglan, New Zealand');
    expect(fakeRequests[0]!.searchParams.get('origins')).toBe(
      `${g.config.practice.base.lat},${g.config.practice.base.lon}`,
    );
  });

  it('prices the road distance it answers', async () => {
    const q = await quote('88 Far Road, Somewhere', g);
    expect(q).toMatchObject({ distanceKm: 41, travelTimeMinutes: 35, travelCost: 2000, isOutsideServiceArea: true });
  });

  it('an address it cannot find falls to the offline estimate (issue 40), and one nobody finds is unavailable', async () => {
    // The fake knows only Wallis Street; the offline estimate knows Raglan.
    expect(await quote('12 Bow Street, Raglan', g)).toMatchObject({ zone: 'local', unresolved: false, travelCost: 0 });
    const q = await quote('1 Nowhere Lane, Atlantis', g);
    expect(q).toMatchObject({
      unresolved: true,
      travelCost: 0,
      isWithinServiceArea: true,
      message: TRAVEL_UNAVAILABLE,
    });
  });
});
