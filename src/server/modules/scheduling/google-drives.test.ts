import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { haversineKm } from '../travel/offline-provider';
import type { LatLon } from '../travel/place-names';
import { drivePairKey } from './drive-estimate';
import { createGoogleDriveSource, GOOGLE_REQUEST_COST, MATRIX_LIMITS } from './google-drives';
import { planMatrixRequests as planWithin, type MatrixRequest } from './matrix-drives';
import type { Drive } from './route-rule';

/** Google's plan: its limits, a request worth ten elements. */
const planMatrixRequests = (pairs: ReadonlyArray<readonly [number, number]>) =>
  planWithin(pairs, MATRIX_LIMITS, GOOGLE_REQUEST_COST);

const silentLog = () => ({ info: vi.fn(), warn: vi.fn() });

/** n places a few kilometres apart around Raglan. */
const places = (n: number, offset = 0): LatLon[] =>
  Array.from({ length: n }, (_, i) => ({ lat: -37.8 - (i + offset) * 0.01, lon: 174.87 + (i + offset) * 0.013 }));

/** The pairs a plan asks Google for (each request's origins x destinations). */
const covered = (plan: readonly MatrixRequest[]) =>
  plan.flatMap((r) => r.origins.flatMap((o) => r.destinations.map((d) => `${o}>${d}`)));

const allPairs = (n: number): Array<[number, number]> =>
  Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => [i, j] as [number, number]))
    .flat()
    .filter(([i, j]) => i !== j);

function expectWithinLimits(plan: readonly MatrixRequest[]) {
  for (const r of plan) {
    expect(r.origins.length).toBeLessThanOrEqual(MATRIX_LIMITS.origins);
    expect(r.destinations.length).toBeLessThanOrEqual(MATRIX_LIMITS.destinations);
    expect(r.origins.length * r.destinations.length).toBeLessThanOrEqual(MATRIX_LIMITS.elements);
  }
}

describe('planMatrixRequests', () => {
  it.each([2, 3, 12, 26, 40])('covers every pair among %i new places within Google’s limits', (n) => {
    const pairs = allPairs(n);
    const plan = planMatrixRequests(pairs);
    expectWithinLimits(plan);
    const asked = new Set(covered(plan));
    for (const [i, j] of pairs) expect(asked.has(`${i}>${j}`)).toBe(true);
    // No pair is paid for twice.
    expect(covered(plan).length).toBe(asked.size);
  });

  it('asks 12 new places (132 pairs) in a few requests of up to 100 elements', () => {
    const plan = planMatrixRequests(allPairs(12));
    expect(plan.length).toBeGreaterThanOrEqual(2);
    expect(plan.length).toBeLessThanOrEqual(3);
  });

  it('asks one new place against a known day as its row and its column: exactly the pairs needed', () => {
    const pairs: Array<[number, number]> = [];
    for (let j = 1; j < 8; j++) pairs.push([0, j], [j, 0]);
    const plan = planMatrixRequests(pairs);
    expect(plan).toHaveLength(2);
    expect(covered(plan).sort()).toEqual(pairs.map(([o, d]) => `${o}>${d}`).sort());
  });

  it('asks nothing for no pairs', () => {
    expect(planMatrixRequests([])).toEqual([]);
  });
});

/**
 * A stand-in for the Distance Matrix service on loopback, answering by coordinates as the real one
 * does (https://developers.google.com/maps/documentation/distance-matrix/distance-matrix): the
 * road is 1.25 x the straight line at 48 km/h. A destination at latitude -40 has no road.
 */
describe('the Google drive source against a local server', () => {
  let server: http.Server;
  let url: string;
  const requests: URL[] = [];
  let mode: 'ok' | 'http-500' | 'denied' | 'slow' = 'ok';
  let delayMs = 0;
  const NO_ROAD: LatLon = { lat: -40, lon: 175 };

  const parse = (list: string | null): LatLon[] =>
    (list ?? '').split('|').map((s) => {
      const [lat, lon] = s.split(',').map(Number);
      return { lat: lat!, lon: lon! };
    });
  const road = (from: LatLon, to: LatLon) => {
    const km = haversineKm(from, to) * 1.25;
    return { metres: Math.round(km * 1000), seconds: Math.round(km * 75) };
  };
  /** What the source should hold for a pair the fake answers. */
  const googleDrive = (from: LatLon, to: LatLon): Drive => {
    const r = road(from, to);
    return { km: r.metres / 1000, minutes: Math.ceil(r.seconds / 60) };
  };
  const fallbackDrive: Drive = { km: 999, minutes: 999 };

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://127.0.0.1');
      requests.push(u);
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
        res.end(JSON.stringify(body));
      };
      if (mode === 'http-500') return send(500, {});
      if (mode === 'denied')
        return send(200, { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.', rows: [] });
      const origins = parse(u.searchParams.get('origins'));
      const destinations = parse(u.searchParams.get('destinations'));
      const body = {
        destination_addresses: destinations.map(() => 'Somewhere, New Zealand'),
        origin_addresses: origins.map(() => 'Somewhere, New Zealand'),
        rows: origins.map((from) => ({
          elements: destinations.map((to) => {
            if (to.lat === NO_ROAD.lat || from.lat === NO_ROAD.lat) return { status: 'ZERO_RESULTS' };
            const r = road(from, to);
            return { distance: { text: '', value: r.metres }, duration: { text: '', value: r.seconds }, status: 'OK' };
          }),
        })),
        status: 'OK',
      };
      const wait = mode === 'slow' ? 1500 : delayMs;
      if (wait === 0) return send(200, body);
      const t = setTimeout(() => send(200, body), wait);
      res.on('close', () => clearTimeout(t));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/maps/api/distancematrix/json`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    requests.length = 0;
    mode = 'ok';
    delayMs = 0;
  });

  const source = (
    over: { log?: ReturnType<typeof silentLog>; timeoutMs?: number; now?: () => number; retryAfterMs?: number } = {},
  ) => {
    const fallback = vi.fn(() => fallbackDrive);
    const log = over.log ?? silentLog();
    return {
      fallback,
      log,
      drives: createGoogleDriveSource({ apiKey: 'the-key', url, timeoutMs: 500, fallback, ...over, log }),
    };
  };
  const elementsAsked = () =>
    requests.reduce(
      (sum, u) =>
        sum + u.searchParams.get('origins')!.split('|').length * u.searchParams.get('destinations')!.split('|').length,
      0,
    );

  it('asks by coordinates, metric, with the key', async () => {
    const [a, b] = places(2);
    await source().drives.prefetch([a!, b!]);
    expect(requests).toHaveLength(1);
    const q = requests[0]!;
    expect(q.searchParams.get('origins')).toBe('-37.8,174.87|-37.81,174.883');
    expect(q.searchParams.get('destinations')).toBe('-37.8,174.87|-37.81,174.883');
    expect(q.searchParams.get('units')).toBe('metric');
    expect(q.searchParams.get('key')).toBe('the-key');
  });

  it('fetches every pair among 12 places in a few requests within the limits, then answers them all from memory', async () => {
    const points = places(12);
    const { drives, fallback } = source();
    await drives.prefetch(points);
    expect(requests.length).toBeGreaterThanOrEqual(2);
    for (const u of requests) {
      const o = u.searchParams.get('origins')!.split('|').length;
      const d = u.searchParams.get('destinations')!.split('|').length;
      expect(o).toBeLessThanOrEqual(25);
      expect(d).toBeLessThanOrEqual(25);
      expect(o * d).toBeLessThanOrEqual(100);
    }
    expect(drives.size()).toBe(132);
    for (const from of points)
      for (const to of points) if (from !== to) expect(drives.lookup(from, to)).toEqual(googleDrive(from, to));
    expect(fallback).not.toHaveBeenCalled();

    requests.length = 0;
    await drives.prefetch([...points].reverse());
    expect(requests).toHaveLength(0);
  });

  it('asks only the new pairs when a place joins a known day', async () => {
    const day = places(7);
    const { drives } = source();
    await drives.prefetch(day);
    requests.length = 0;
    const visitor = places(1, 20)[0]!;
    await drives.prefetch([...day, visitor]);
    expect(elementsAsked()).toBe(14);
    expect(drives.lookup(visitor, day[3]!)).toEqual(googleDrive(visitor, day[3]!));
    expect(drives.lookup(day[3]!, visitor)).toEqual(googleDrive(day[3]!, visitor));
  });

  it('with `around`, asks only the pairs to and from that place', async () => {
    const days = places(9);
    const visitor = places(1, 30)[0]!;
    const { drives } = source();
    await drives.prefetch(days, visitor);
    expect(elementsAsked()).toBe(18);
    expect(drives.size()).toBe(18);
    expect(drives.lookup(days[0]!, days[1]!)).toEqual(fallbackDrive);
  });

  it('makes one request for two prefetches of the same places at the same moment', async () => {
    delayMs = 200;
    const points = places(4);
    const { drives } = source();
    await Promise.all([
      drives.prefetch(points),
      drives.prefetch([...points].reverse()),
      drives.prefetch(points.slice(0, 2)),
    ]);
    expect(requests).toHaveLength(1);
    expect(drives.lookup(points[3]!, points[0]!)).toEqual(googleDrive(points[3]!, points[0]!));
  });

  it('answers nothing for the same place (the same rounded coordinates), without asking', async () => {
    const here = { lat: -37.80001, lon: 174.87001 };
    const sameHouse = { lat: -37.80002, lon: 174.87002 };
    const { drives, fallback } = source();
    await drives.prefetch([here, sameHouse, here]);
    expect(requests).toHaveLength(0);
    expect(drives.lookup(here, sameHouse)).toEqual({ km: 0, minutes: 0 });
    expect(fallback).not.toHaveBeenCalled();
  });

  it('a pair without a road is left to the fallback; the others are Google’s', async () => {
    const [a, b] = places(2);
    const { drives, log } = source();
    await drives.prefetch([a!, b!, NO_ROAD]);
    expect(drives.lookup(a!, b!)).toEqual(googleDrive(a!, b!));
    expect(drives.lookup(a!, NO_ROAD)).toEqual(fallbackDrive);
    expect(drives.lookup(NO_ROAD, b!)).toEqual(fallbackDrive);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]![0]).toMatchObject({ failed: 4, asked: 6 });
  });

  it.each([
    ['an HTTP error', 'http-500', 'HTTP 500'],
    ['a refusal', 'denied', 'REQUEST_DENIED: The provided API key is invalid.'],
    ['no answer in time', 'slow', 'no answer within 200 ms'],
  ] as const)(
    'on %s every drive is the fallback, with one warning per prefetch and never the key',
    async (_, failure, reason) => {
      mode = failure;
      const points = places(12);
      const { drives, log, fallback } = source({ timeoutMs: 200 });
      const started = Date.now();
      await drives.prefetch(points);
      expect(Date.now() - started).toBeLessThan(1200);
      expect(requests.length).toBeGreaterThanOrEqual(2);
      expect(drives.size()).toBe(0);
      expect(drives.lookup(points[0]!, points[5]!)).toEqual(fallbackDrive);
      expect(fallback).toHaveBeenCalledWith(points[0], points[5]);
      expect(log.warn).toHaveBeenCalledTimes(1);
      expect(log.warn.mock.calls[0]![0]).toEqual({ failed: 132, asked: 132, reason });
      expect(JSON.stringify(log.warn.mock.calls)).not.toContain('the-key');
    },
  );

  it('does not ask again for a failed pair until the pause is over, then does', async () => {
    let now = 1_000_000;
    mode = 'http-500';
    const [a, b] = places(2);
    const { drives } = source({ now: () => now, retryAfterMs: 60_000 });
    await drives.prefetch([a!, b!]);
    expect(requests).toHaveLength(1);
    mode = 'ok';
    await drives.prefetch([a!, b!]);
    expect(requests).toHaveLength(1);
    expect(drives.lookup(a!, b!)).toEqual(fallbackDrive);
    now += 60_000;
    await drives.prefetch([a!, b!]);
    expect(requests).toHaveLength(2);
    expect(drives.lookup(a!, b!)).toEqual(googleDrive(a!, b!));
  });

  it('keeps answers for a while, then asks again', async () => {
    let now = 0;
    const [a, b] = places(2);
    const drives = createGoogleDriveSource({
      apiKey: 'k',
      url,
      fallback: () => fallbackDrive,
      ttlMs: 1000,
      now: () => now,
    });
    await drives.prefetch([a!, b!]);
    now += 999;
    await drives.prefetch([a!, b!]);
    expect(requests).toHaveLength(1);
    now += 1;
    expect(drives.lookup(a!, b!)).toEqual(fallbackDrive);
    await drives.prefetch([a!, b!]);
    expect(requests).toHaveLength(2);
  });

  it('uses the pair key of drive-estimate.ts (a point moved by less than the rounding is the same place)', async () => {
    const [a, b] = places(2);
    const { drives } = source();
    await drives.prefetch([a!, b!]);
    const nearA = { lat: a!.lat + 0.00001, lon: a!.lon };
    expect(drivePairKey(nearA, b!)).toBe(drivePairKey(a!, b!));
    expect(drives.lookup(nearA, b!)).toEqual(googleDrive(a!, b!));
  });
});
