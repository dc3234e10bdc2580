import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadPracticeProfile } from '../../practice-profile';
import {
  createGoogleProvider,
  createOfflineProvider,
  drivingMinutes,
  findPlace,
  haversineKm,
  loadNzGeoNames,
  localityFromFormattedAddress,
  normalisePlaceText,
  withCountry,
  type GeoNamesResult,
  type Place,
} from './providers';

const place = (name: string, lat = 0, lon = 0, ...aliases: string[]): Place => ({ name, names: [name, ...aliases], lat, lon });
const silentLog = () => ({ info: vi.fn(), warn: vi.fn() });

describe('normalisePlaceText', () => {
  it.each([
    ['Ngāruawāhia', 'ngaruawahia'],
    ['  12 Bow St,  RAGLAN 3225 ', '12 bow st raglan 3225'],
    ["O'Neill's Point", 'oneills point'],
    ['Ōtorohanga/Kāwhia', 'otorohanga kawhia'],
  ])('%s -> %s', (input, output) => expect(normalisePlaceText(input)).toBe(output));
});

describe('findPlace', () => {
  const places = [
    place('Raglan'),
    place('Te Uku'),
    place('Hamilton'),
    place('Hamilton East'),
    place('Frankton'),
    place('Ngāruawāhia', 0, 0, 'Ngaruawahia'),
    place('Whale Bay'),
  ];
  it.each([
    ['12 Bow Street, Raglan', 'Raglan'],
    ['12 bow street raglan 3225', 'Raglan'],
    ['1 Main Road, TE UKU', 'Te Uku'],
    ['5 Raglan Street, Hamilton', 'Hamilton'], // a street named after a place is not that place
    ['22 Hamilton Road, Raglan', 'Raglan'],
    ['5 Te Uku Rd, Raglan', 'Raglan'],
    ['100 Raglan Hamilton Road, Te Uku', 'Te Uku'], // two words before the street word
    ['Te Uku, RD 1, Raglan', 'Te Uku'], // RD 1 is a rural delivery area, not a road
    ['3 Grey Street, Hamilton East, Hamilton 3216', 'Hamilton East'], // the longer overlapping name
    ['9 Lake Road, Frankton, Hamilton', 'Frankton'], // the most specific part, written first
    ['Calvert Road, Whale Bay, Raglan', 'Whale Bay'],
    ['4 Galileo Street, Ngaruawahia', 'Ngāruawāhia'], // an alias, reported by the name
    ['4 Galileo Street, NGĀRUAWĀHIA', 'Ngāruawāhia'],
    ['Raglanview Drive, Te Uku', 'Te Uku'], // whole words only
    ['1 Nowhere Lane, Atlantis', null],
    ['', null],
  ])('%j -> %s', (address, expected) => {
    expect(findPlace(address, places)?.name ?? null).toBe(expected);
  });

  it('of two places with the same name, the first listed wins', () => {
    expect(findPlace('Richmond', [place('Richmond', 1), place('Richmond', 2)])?.lat).toBe(1);
  });
});

describe('haversineKm and drivingMinutes', () => {
  it('measures the great-circle distance', () => {
    expect(haversineKm({ lat: -37.8008, lon: 174.8706 }, { lat: -37.8008, lon: 174.8706 })).toBe(0);
    // Raglan to Hamilton central, straight line: about 36 km.
    expect(haversineKm({ lat: -37.8008, lon: 174.8706 }, { lat: -37.787, lon: 175.2793 })).toBeCloseTo(35.9, 1);
    // One degree of latitude is about 111.2 km.
    expect(haversineKm({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(111.2, 1);
  });

  it.each([
    [0, 60, 0],
    [30, 60, 30],
    [30.000000000000004, 60, 30],
    [30.1, 60, 31],
    [46.7, 60, 47],
    [10, 50, 12],
  ])('%s km at %s km/h: %s min', (km, speed, minutes) => expect(drivingMinutes(km, speed)).toBe(minutes));
});

describe('offline provider with the demo profile', () => {
  const profile = loadPracticeProfile({});
  const provider = createOfflineProvider({
    base: profile.base,
    localities: profile.localities,
    localTowns: profile.localTowns,
    roadFactor: 1.3,
    averageSpeedKmh: 60,
  });

  it('has its localities, kept off the public profile', () => {
    expect(profile.localities.length).toBeGreaterThanOrEqual(15);
    expect(profile.localities.map((l) => l.name)).toEqual(expect.arrayContaining(['Raglan', 'Te Uku', 'Hamilton', 'Auckland']));
  });

  it.each([
    // address, locality, km from (inclusive), km to (exclusive)
    ['12 Bow Street, Raglan', 'Raglan', 0, 1],
    ['Te Uku', 'Te Uku', 8, 15],
    ['Whatawhata', 'Whatawhata', 30, 35], // road from Raglan ~33 km: just into the extended range
    ['Waitetuna Valley', 'Waitetuna', 15, 25],
    ['100 Victoria Street, Hamilton', 'Hamilton', 44, 50], // straight line ~36 km x 1.3
    ['Hamilton East', 'Hamilton East', 44, 50],
    ['1 Queen Street, Auckland', 'Auckland', 120, 160],
    ['Kirikiriroa', 'Hamilton', 44, 50],
  ])('%j is in %s, %s-%s km', async (address, locality, from, to) => {
    const e = await provider.estimate(address);
    expect(e).not.toBeNull();
    expect(e!.locality).toBe(locality);
    expect(e!.distanceKm).toBeGreaterThanOrEqual(from);
    expect(e!.distanceKm).toBeLessThan(to);
    expect(e!.travelTimeMinutes).toBe(drivingMinutes(e!.distanceKm, 60));
  });

  it('uses the road factor and the average speed', async () => {
    const e = await provider.estimate('Hamilton');
    const straight = haversineKm(profile.base, profile.localities.find((l) => l.name === 'Hamilton')!);
    expect(e!.distanceKm).toBeCloseTo(straight * 1.3, 6);
    expect(e!.travelTimeMinutes).toBe(Math.ceil(((straight * 1.3) / 60) * 60));
  });

  it('finds a New Zealand place the profile does not list in the GeoNames package', async () => {
    const e = await provider.estimate('1 Lambton Quay, Wellington');
    expect(e!.locality).toBe('Wellington');
    expect(e!.distanceKm).toBeGreaterThan(300);
  });

  it('prefers the profile over the package (the package Frankton is in Queenstown)', async () => {
    const e = await provider.estimate('Frankton');
    expect(e!.distanceKm).toBeLessThan(50);
  });

  it('does not know an address with no known place in it', async () => {
    expect(await provider.estimate('1 Nowhere Lane, Atlantis')).toBeNull();
  });
});

describe('offline provider rules', () => {
  const base = { lat: -37.8008, lon: 174.8706 };
  const geoNames = async (): Promise<GeoNamesResult> => ({
    places: [
      place('Whitianga', -36.833, 175.7),
      place('Richmond', -41.34, 173.18), // Nelson
      place('Richmond', -39.5, 176.9), // nearer the base
    ],
    error: null,
  });

  it('gives a local town missing from the localities the package coordinates, or the base', async () => {
    const p = createOfflineProvider({ base, localities: [], localTowns: ['Whitianga', 'Nowhere Town'], roadFactor: 1, averageSpeedKmh: 60, geoNames });
    expect((await p.estimate('Whitianga'))!.distanceKm).toBeGreaterThan(50);
    expect(await p.estimate('Nowhere Town')).toEqual({ distanceKm: 0, travelTimeMinutes: 0, locality: 'Nowhere Town' });
  });

  it('of several package places with one name, takes the nearest to the base', async () => {
    const p = createOfflineProvider({ base, localities: [], localTowns: ['A', 'B'], roadFactor: 1, averageSpeedKmh: 60, geoNames });
    const e = await p.estimate('Richmond');
    expect(e!.distanceKm).toBeCloseTo(haversineKm(base, { lat: -39.5, lon: 176.9 }), 6);
  });

  it('works on the profile alone when the package cannot be read, and says so once', async () => {
    const log = silentLog();
    const broken = async (): Promise<GeoNamesResult> => ({ places: [], error: new Error('Cannot find module') });
    const p = createOfflineProvider({
      base,
      localities: [{ name: 'Raglan', lat: base.lat, lon: base.lon }],
      localTowns: ['Raglan', 'Te Uku'],
      roadFactor: 1.3,
      averageSpeedKmh: 60,
      geoNames: broken,
      log,
    });
    expect(await p.estimate('Wellington')).toBeNull();
    expect(await p.estimate('Auckland')).toBeNull();
    expect((await p.estimate('Bow Street, Raglan'))!.locality).toBe('Raglan');
    expect(log.warn).toHaveBeenCalledTimes(1);
  });

  it('can leave the package out', async () => {
    const p = createOfflineProvider({ base, localities: [], localTowns: ['Raglan', 'Te Uku'], roadFactor: 1, averageSpeedKmh: 60, geoNames: null });
    expect(await p.estimate('Wellington')).toBeNull();
  });
});

describe('loadNzGeoNames', () => {
  it('reads the New Zealand places of the package once', async () => {
    const first = await loadNzGeoNames();
    expect(first.error).toBeNull();
    expect(first.places.length).toBeGreaterThan(500);
    const raglan = first.places.find((p) => p.name === 'Raglan');
    expect(raglan).toBeDefined();
    expect(haversineKm(raglan!, { lat: -37.8008, lon: 174.8706 })).toBeLessThan(3);
    expect(first.places.every((p) => p.lat < -30 && p.lat > -53)).toBe(true);
    expect(await loadNzGeoNames()).toBe(first);
  });
});

describe('Google helpers', () => {
  it.each([
    ['12 Bow Street, Raglan', '12 Bow Street, Raglan, New Zealand'],
    ['12 Bow Street, Raglan, New Zealand', '12 Bow Street, Raglan, New Zealand'],
    ['12 Bow Street, Raglan 3225 NZ', '12 Bow Street, Raglan 3225 NZ'],
  ])('withCountry(%j)', (input, output) => expect(withCountry(input)).toBe(output));

  it.each([
    ['12 Bow Street, Raglan 3225, New Zealand', 'Raglan'],
    ['Calvert Road, Whale Bay, Raglan 3297, New Zealand', 'Raglan'],
    ['State Highway 23, Te Uku 3295, New Zealand', 'Te Uku'],
    ['100 Victoria Street, Hamilton Central, Hamilton 3204, New Zealand', 'Hamilton'],
    ['5 Raglan Street, Hamilton 3204, New Zealand', 'Hamilton'],
    ['Auckland, New Zealand', 'Auckland'],
    ['New Zealand', null],
    [undefined, null],
  ])('localityFromFormattedAddress(%j) -> %s', (formatted, locality) => {
    expect(localityFromFormattedAddress(formatted, ['Raglan', 'Te Uku'])).toBe(locality);
  });
});

/**
 * A stand-in for the Distance Matrix service on loopback, answering as the real one
 * does (https://developers.google.com/maps/documentation/distance-matrix) by the
 * destination asked for.
 */
describe('Google Distance Matrix provider against a local server', () => {
  let server: http.Server;
  let url: string;
  const requests: URL[] = [];
  const element = (metres: number, seconds: number) => ({
    distance: { text: `${(metres / 1000).toFixed(1)} km`, value: metres },
    duration: { text: `${Math.round(seconds / 60)} mins`, value: seconds },
    status: 'OK',
  });
  const answer = (destination: string, el: object) => ({
    destination_addresses: destination ? [destination] : [''],
    origin_addresses: ['Bow Street, Raglan 3225, New Zealand'],
    rows: [{ elements: [el] }],
    status: 'OK',
  });

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://127.0.0.1');
      requests.push(u);
      const dest = u.searchParams.get('destinations') ?? '';
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
        res.end(JSON.stringify(body));
      };
      if (u.searchParams.get('key') !== 'good-key') {
        return send(200, {
          destination_addresses: [],
          error_message: 'The provided API key is invalid.',
          origin_addresses: [],
          rows: [],
          status: 'REQUEST_DENIED',
        });
      }
      if (dest.startsWith('12 Bow Street')) return send(200, answer('12 Bow Street, Raglan 3225, New Zealand', element(850, 120)));
      if (dest.startsWith('100 Victoria Street')) {
        return send(200, answer('100 Victoria Street, Hamilton Central, Hamilton 3204, New Zealand', element(47_312, 2_465)));
      }
      if (dest.startsWith('Whatawhata')) return send(200, answer('Whatawhata 3289, New Zealand', element(33_050, 1_700)));
      if (dest.startsWith('1 Nowhere Lane')) return send(200, answer('', { status: 'NOT_FOUND' }));
      if (dest.startsWith('Chatham')) return send(200, answer('Chatham Islands, New Zealand', { status: 'ZERO_RESULTS' }));
      if (dest.startsWith('Slow')) {
        const t = setTimeout(() => send(200, answer('Slow Road, Raglan, New Zealand', element(1000, 60))), 1500);
        res.on('close', () => clearTimeout(t));
        return;
      }
      if (dest.startsWith('Broken')) {
        res.writeHead(500, { 'content-type': 'text/html' });
        return res.end('<html>Server Error</html>');
      }
      if (dest.startsWith('Garbled')) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end('{"status": "OK", "rows": [');
      }
      return send(200, { status: 'INVALID_REQUEST', rows: [], destination_addresses: [], origin_addresses: [] });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/maps/api/distancematrix/json`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const provider = (key = 'good-key', log = silentLog(), timeoutMs = 500) =>
    createGoogleProvider({ apiKey: key, url, origin: { lat: -37.8008, lon: 174.8706 }, localTowns: ['Raglan', 'Te Uku'], timeoutMs, log });

  it('asks for the route from the base to the address in New Zealand, metric', async () => {
    requests.length = 0;
    await provider().estimate('12 Bow Street, Raglan');
    const q = requests[0]!;
    expect(q.pathname).toBe('/maps/api/distancematrix/json');
    expect(q.searchParams.get('origins')).toBe('-37.8008,174.8706');
    expect(q.searchParams.get('destinations')).toBe('12 Bow Street, Raglan, New Zealand');
    expect(q.searchParams.get('units')).toBe('metric');
    expect(q.searchParams.get('region')).toBe('nz');
    expect(q.searchParams.get('key')).toBe('good-key');
  });

  it('reads distance (metres) and duration (seconds), and the locality from the found address', async () => {
    expect(await provider().estimate('12 Bow Street, Raglan')).toEqual({ distanceKm: 0.85, travelTimeMinutes: 2, locality: 'Raglan' });
    expect(await provider().estimate('100 Victoria Street, Hamilton')).toEqual({
      distanceKm: 47.312,
      travelTimeMinutes: 42,
      locality: 'Hamilton',
    });
    expect(await provider().estimate('Whatawhata')).toEqual({ distanceKm: 33.05, travelTimeMinutes: 29, locality: 'Whatawhata' });
  });

  it('answers null for an element NOT_FOUND or ZERO_RESULTS', async () => {
    expect(await provider().estimate('1 Nowhere Lane, Atlantis')).toBeNull();
    expect(await provider().estimate('Chatham Islands')).toBeNull();
  });

  it('answers null and logs (without the key) when the request is denied', async () => {
    const log = silentLog();
    expect(await provider('bad-key', log).estimate('12 Bow Street, Raglan')).toBeNull();
    expect(log.warn).toHaveBeenCalledWith({ status: 'REQUEST_DENIED', error: 'The provided API key is invalid.' }, expect.any(String));
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain('bad-key');
  });

  it('gives up on a slow answer after its timeout', async () => {
    const log = silentLog();
    const started = Date.now();
    expect(await provider('good-key', log, 200).estimate('Slow Road, Raglan')).toBeNull();
    expect(Date.now() - started).toBeLessThan(1200);
    expect(log.warn).toHaveBeenCalledWith({ err: 'no answer within 200 ms' }, expect.any(String));
  });

  it('answers null on an HTTP error, a garbled body, another status, or no server at all', async () => {
    expect(await provider().estimate('Broken')).toBeNull();
    expect(await provider().estimate('Garbled')).toBeNull();
    expect(await provider().estimate('Something else')).toBeNull();
    const log = silentLog();
    const nobody = createGoogleProvider({
      apiKey: 'good-key',
      url: 'http://127.0.0.1:1/json',
      origin: { lat: 0, lon: 0 },
      localTowns: [],
      log,
    });
    expect(await nobody.estimate('12 Bow Street, Raglan')).toBeNull();
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain('good-key');
  });
});
