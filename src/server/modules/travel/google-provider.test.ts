import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createGoogleProvider, localityFromFormattedAddress, withCountry } from './google-provider';

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
