import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createExpiringCache,
  createGoogleProvider,
  localityFromFormattedAddress,
  withCountry,
} from './google-provider';

const silentLog = () => ({ info: vi.fn(), warn: vi.fn() });

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
  const geocodeRequests: URL[] = [];
  let geocodeUrl: string;
  /** Places by the start of the address asked for. */
  const PLACES: Record<string, { lat: number; lng: number }> = {
    '12 Bow Street': { lat: -37.8012, lng: 174.8701 },
    '100 Victoria Street': { lat: -37.7862, lng: 175.2801 },
    'Slow Road': { lat: -37.8, lng: 174.87 },
  };
  const geocodeResult = (lat: number, lng: number) => ({
    address_components: [],
    formatted_address: 'Somewhere, New Zealand',
    geometry: { location: { lat, lng }, location_type: 'ROOFTOP' },
    place_id: 'fake',
    types: ['street_address'],
  });
  function answerGeocode(u: URL, send: (status: number, body: unknown) => void, res: http.ServerResponse) {
    const address = u.searchParams.get('address') ?? '';
    if (u.searchParams.get('key') !== 'good-key') {
      return send(200, { error_message: 'The provided API key is invalid.', results: [], status: 'REQUEST_DENIED' });
    }
    if (address.startsWith('Whatawhata')) return send(500, { status: 'UNKNOWN_ERROR' });
    if (address.startsWith('Slow Geocode')) {
      const t = setTimeout(() => send(200, { results: [geocodeResult(-37.8, 174.87)], status: 'OK' }), 1500);
      res.on('close', () => clearTimeout(t));
      return;
    }
    if (address.startsWith('Lagged Lane')) {
      const t = setTimeout(() => send(200, { results: [geocodeResult(-37.81, 174.88)], status: 'OK' }), 300);
      res.on('close', () => clearTimeout(t));
      return;
    }
    if (address.startsWith('Null Island'))
      return send(200, { results: [{ geometry: { location: { lat: null, lng: null } } }], status: 'OK' });
    const known = Object.entries(PLACES).find(([start]) => address.startsWith(start));
    if (!known) return send(200, { results: [], status: 'ZERO_RESULTS' });
    return send(200, { results: [geocodeResult(known[1].lat, known[1].lng)], status: 'OK' });
  }
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
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
        res.end(JSON.stringify(body));
      };
      if (u.pathname.endsWith('/geocode/json')) {
        geocodeRequests.push(u);
        return answerGeocode(u, send, res);
      }
      requests.push(u);
      const dest = u.searchParams.get('destinations') ?? '';
      if (u.searchParams.get('key') !== 'good-key') {
        return send(200, {
          destination_addresses: [],
          error_message: 'The provided API key is invalid.',
          origin_addresses: [],
          rows: [],
          status: 'REQUEST_DENIED',
        });
      }
      if (dest.startsWith('12 Bow Street'))
        return send(200, answer('12 Bow Street, Raglan 3225, New Zealand', element(850, 120)));
      if (dest.startsWith('100 Victoria Street')) {
        return send(
          200,
          answer('100 Victoria Street, Hamilton Central, Hamilton 3204, New Zealand', element(47_312, 2_465)),
        );
      }
      if (dest.startsWith('Whatawhata'))
        return send(200, answer('Whatawhata 3289, New Zealand', element(33_050, 1_700)));
      if (dest.startsWith('1 Nowhere Lane')) return send(200, answer('', { status: 'NOT_FOUND' }));
      if (dest.startsWith('Chatham'))
        return send(200, answer('Chatham Islands, New Zealand', { status: 'ZERO_RESULTS' }));
      if (dest.startsWith('Slow Geocode') || dest.startsWith('Null Island') || dest.startsWith('Unmapped Road'))
        return send(200, answer('Raglan, New Zealand', element(1000, 60)));
      if (dest.startsWith('Lagged Lane')) {
        const t = setTimeout(() => send(200, answer('Lagged Lane, Raglan, New Zealand', element(2000, 240))), 300);
        res.on('close', () => clearTimeout(t));
        return;
      }
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
    geocodeUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/maps/api/geocode/json`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const provider = (key = 'good-key', log = silentLog(), timeoutMs = 500) =>
    createGoogleProvider({
      apiKey: key,
      url,
      geocodingUrl: geocodeUrl,
      origin: { lat: -37.8008, lon: 174.8706 },
      localTowns: ['Raglan', 'Te Uku'],
      timeoutMs,
      log,
    });
  const distance = <T extends object | null>(estimate: T) =>
    estimate ? { ...estimate, location: undefined } : estimate;

  it('asks for the route from the base to the address in New Zealand, metric', async () => {
    requests.length = 0;
    await provider().estimate('12 Bow Street, Raglan');
    // Found by its destination: on a loaded machine an earlier test's slow request can arrive after the reset.
    const q = requests.find((r) => r.searchParams.get('destinations')?.startsWith('12 Bow Street'))!;
    expect(q.pathname).toBe('/maps/api/distancematrix/json');
    expect(q.searchParams.get('origins')).toBe('-37.8008,174.8706');
    expect(q.searchParams.get('destinations')).toBe('12 Bow Street, Raglan, New Zealand');
    expect(q.searchParams.get('units')).toBe('metric');
    expect(q.searchParams.get('region')).toBe('nz');
    expect(q.searchParams.get('key')).toBe('good-key');
  });

  it('reads distance (metres) and duration (seconds), and the locality from the found address', async () => {
    expect(distance(await provider().estimate('12 Bow Street, Raglan'))).toEqual({
      distanceKm: 0.85,
      travelTimeMinutes: 2,
      locality: 'Raglan',
    });
    expect(distance(await provider().estimate('100 Victoria Street, Hamilton'))).toEqual({
      distanceKm: 47.312,
      travelTimeMinutes: 42,
      locality: 'Hamilton',
    });
    expect(await provider().estimate('Whatawhata')).toEqual({
      distanceKm: 33.05,
      travelTimeMinutes: 29,
      locality: 'Whatawhata',
    });
  });

  it('answers null for an element NOT_FOUND or ZERO_RESULTS', async () => {
    expect(await provider().estimate('1 Nowhere Lane, Atlantis')).toBeNull();
    expect(await provider().estimate('Chatham Islands')).toBeNull();
  });

  it('answers null and logs (without the key) when the request is denied', async () => {
    const log = silentLog();
    expect(await provider('bad-key', log).estimate('12 Bow Street, Raglan')).toBeNull();
    expect(log.warn).toHaveBeenCalledWith(
      { status: 'REQUEST_DENIED', error: 'The provided API key is invalid.' },
      expect.any(String),
    );
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
      geocodingUrl: 'http://127.0.0.1:1/geocode',
      origin: { lat: 0, lon: 0 },
      localTowns: [],
      log,
    });
    expect(await nobody.estimate('12 Bow Street, Raglan')).toBeNull();
    expect(log.warn).toHaveBeenCalledTimes(2); // the route and the place
    expect(JSON.stringify(log.warn.mock.calls)).not.toContain('good-key');
  });
  describe('geocoding the address (the visit’s location, issue 13)', () => {
    const counts = () => ({ matrix: requests.length, geocode: geocodeRequests.length });
    const reset = () => {
      requests.length = 0;
      geocodeRequests.length = 0;
    };

    it('asks where the address is in New Zealand, with the key, and answers the first result’s coordinates', async () => {
      reset();
      const estimate = await provider().estimate('12 Bow Street, Raglan');
      expect(estimate).toEqual({
        distanceKm: 0.85,
        travelTimeMinutes: 2,
        locality: 'Raglan',
        location: { lat: -37.8012, lon: 174.8701 },
      });
      const q = geocodeRequests[0]!;
      expect(q.pathname).toBe('/maps/api/geocode/json');
      expect(q.searchParams.get('address')).toBe('12 Bow Street, Raglan, New Zealand');
      expect(q.searchParams.get('region')).toBe('nz');
      expect(q.searchParams.get('components')).toBe('country:NZ');
      expect(q.searchParams.get('key')).toBe('good-key');
      expect(counts()).toEqual({ matrix: 1, geocode: 1 });
    });

    it('asks for the place and the route at the same time', async () => {
      const started = Date.now();
      const estimate = await provider('good-key', silentLog(), 2000).estimate('Lagged Lane, Raglan');
      expect(estimate?.location).toEqual({ lat: -37.81, lon: 174.88 });
      // Each answer takes 300 ms: one after the other would be 600.
      expect(Date.now() - started).toBeLessThan(550);
    });

    it('leaves the location out, not the estimate, when Google finds no place (ZERO_RESULTS)', async () => {
      const log = silentLog();
      const estimate = await provider('good-key', log).estimate('Unmapped Road, Raglan');
      expect(estimate).toEqual({ distanceKm: 1, travelTimeMinutes: 1, locality: 'Raglan' });
      expect(estimate).not.toHaveProperty('location');
      expect(log.info).toHaveBeenCalledWith({ status: 'ZERO_RESULTS' }, 'Geocoding found no place for the address');
      expect(log.warn).not.toHaveBeenCalled();
    });

    it('leaves the location out on an HTTP error, a refusal, a timeout or an answer without coordinates, and logs without the key', async () => {
      const log = silentLog();
      const http500 = await provider('good-key', log).estimate('Whatawhata');
      expect(http500).not.toHaveProperty('location');
      expect(log.warn).toHaveBeenCalledWith({ status: 500 }, 'Geocoding answered with an HTTP error');

      const slowLog = silentLog();
      const started = Date.now();
      const slow = await provider('good-key', slowLog, 200).estimate('Slow Geocode Road, Raglan');
      expect(Date.now() - started).toBeLessThan(1200);
      expect(slow).toEqual({ distanceKm: 1, travelTimeMinutes: 1, locality: 'Raglan' });
      expect(slowLog.warn).toHaveBeenCalledWith({ err: 'no answer within 200 ms' }, 'Geocoding request failed');

      const nullLog = silentLog();
      expect(await provider('good-key', nullLog).estimate('Null Island, Raglan')).toEqual({
        distanceKm: 1,
        travelTimeMinutes: 1,
        locality: 'Raglan',
      });
      expect(nullLog.warn).toHaveBeenCalledWith({}, 'Geocoding answer without coordinates');

      const denied = silentLog();
      await provider('bad-key', denied).estimate('12 Bow Street, Raglan');
      expect(denied.warn).toHaveBeenCalledWith(
        { status: 'REQUEST_DENIED', error: 'The provided API key is invalid.' },
        'Geocoding request refused',
      );
      expect(
        JSON.stringify([log, slowLog, nullLog, denied].map((l) => [l.warn.mock.calls, l.info.mock.calls])),
      ).not.toMatch(/good-key|bad-key/);
    });

    it('remembers both answers per address, however it is written, so a second call asks Google nothing', async () => {
      const p = provider();
      reset();
      const first = await p.estimate('12 Bow Street, Raglan');
      const again = await p.estimate('  12 bow street raglan ');
      expect(again).toEqual(first);
      expect(counts()).toEqual({ matrix: 1, geocode: 1 });
    });

    it('makes one request for two calls at the same moment', async () => {
      const p = provider('good-key', silentLog(), 2000);
      reset();
      const [a, b] = await Promise.all([p.estimate('Lagged Lane, Raglan'), p.estimate('Lagged Lane, Raglan')]);
      expect(a).toEqual(b);
      expect(counts()).toEqual({ matrix: 1, geocode: 1 });
    });

    it('remembers what Google said (no place) but not a failure, which is asked again', async () => {
      const p = provider();
      reset();
      await p.estimate('Whatawhata'); // place: HTTP 500; route: found
      await p.estimate('Whatawhata');
      expect(counts()).toEqual({ matrix: 1, geocode: 2 });
      reset();
      await p.estimate('Chatham Islands'); // place: ZERO_RESULTS; route: ZERO_RESULTS
      await p.estimate('Chatham Islands');
      expect(counts()).toEqual({ matrix: 1, geocode: 1 });
    });

    it('keeps a bounded number of addresses: the oldest is asked again', async () => {
      const p = createGoogleProvider({
        apiKey: 'good-key',
        url,
        geocodingUrl: geocodeUrl,
        origin: { lat: -37.8008, lon: 174.8706 },
        localTowns: ['Raglan'],
        maxEntries: 2,
        log: silentLog(),
      });
      reset();
      await p.estimate('12 Bow Street, Raglan');
      await p.estimate('100 Victoria Street, Hamilton');
      await p.estimate('Lagged Lane, Raglan');
      await p.estimate('Lagged Lane, Raglan');
      expect(counts()).toEqual({ matrix: 3, geocode: 3 });
      await p.estimate('12 Bow Street, Raglan');
      expect(counts()).toEqual({ matrix: 4, geocode: 4 });
    });
  });
});

describe('createExpiringCache', () => {
  it('forgets an entry once it expires, and the oldest when full', () => {
    let now = 1000;
    const cache = createExpiringCache<number | null>(2, 100, () => now);
    cache.set('a', 1);
    cache.set('b', null);
    expect(cache.get('a')).toBe(1);
    expect(cache.get('b')).toBeNull();
    expect(cache.get('c')).toBeUndefined();
    cache.set('c', 3);
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size()).toBe(2);
    now += 100;
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('c')).toBeUndefined();
    expect(cache.size()).toBe(0);
  });
});
