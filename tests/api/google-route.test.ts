/**
 * docs/product.md §10 with GOOGLE_MAPS_API_KEY set: a booking's location comes from Google's Geocoding, and the
 * drives between visits from Google's Distance Matrix (by coordinates), falling back to the offline
 * estimate when Google cannot answer. Google is a fake on loopback that knows two places: Raglan
 * and Hamilton, 90 minutes apart by its roads (the offline estimate says about 47).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_DOES_NOT_FIT } from '../../src/shared/messages';
import type { DayAvailability } from '../../src/shared/schemas/booking';
import { useTestApp, type ApiTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';

interface FakePlace {
  /** Found in an address by any of these words. */
  words: string[];
  /** Where Google's geocoder puts it: a little off the offline gazetteer's town centre, so the test can tell. */
  at: { lat: number; lng: number };
  /** From the practice's base (Raglan), for the travel quote. */
  fromBase: { metres: number; seconds: number };
}

const PLACES: Record<'raglan' | 'hamilton', FakePlace> = {
  raglan: { words: ['raglan'], at: { lat: -37.8021, lng: 174.8689 }, fromBase: { metres: 1200, seconds: 180 } },
  hamilton: { words: ['hamilton'], at: { lat: -37.7853, lng: 175.2811 }, fromBase: { metres: 47_000, seconds: 5400 } },
};
type PlaceName = keyof typeof PLACES;

/** Google's drive between two places (either way). */
function googleDrive(a: PlaceName, b: PlaceName): { metres: number; seconds: number } {
  return a === b ? { metres: 1500, seconds: 180 } : { metres: 62_000, seconds: 90 * 60 };
}

const placeInAddress = (address: string): PlaceName | null => {
  const text = address.toLowerCase();
  return (Object.keys(PLACES) as PlaceName[]).find((name) => PLACES[name].words.some((w) => text.includes(w))) ?? null;
};

/** A coordinate pair as a known place: the nearest within a few kilometres (the base is in Raglan). */
const placeAt = (coordinates: string): PlaceName | null => {
  const [lat, lng] = coordinates.split(',').map(Number);
  let best: PlaceName | null = null;
  let bestDistance = 0.05;
  for (const name of Object.keys(PLACES) as PlaceName[]) {
    const d = Math.hypot(PLACES[name].at.lat - lat!, PLACES[name].at.lng - lng!);
    if (d < bestDistance) [best, bestDistance] = [name, d];
  }
  return best;
};

const isCoordinates = (value: string) => /^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/.test(value);
const element = (drive: { metres: number; seconds: number } | null) =>
  drive
    ? { distance: { text: '', value: drive.metres }, duration: { text: '', value: drive.seconds }, status: 'OK' }
    : { status: 'NOT_FOUND' };

const seen = { geocode: [] as URL[], quote: [] as URL[], drives: [] as URL[] };

/**
 * One fake for both services. Under /down/ the Distance Matrix refuses coordinates (the drives) but still quotes from
 * base.
 */
function fakeGoogle(req: http.IncomingMessage, res: http.ServerResponse) {
  const u = new URL(req.url ?? '/', 'http://127.0.0.1');
  const send = (status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };
  if (u.searchParams.get('key') !== 'k')
    return send(200, { status: 'REQUEST_DENIED', error_message: 'The provided API key is invalid.' });

  if (u.pathname.endsWith('/geocode/json')) {
    seen.geocode.push(u);
    const place = placeInAddress(u.searchParams.get('address') ?? '');
    if (!place || (u.searchParams.get('address') ?? '').startsWith('Unmapped'))
      return send(200, { results: [], status: 'ZERO_RESULTS' });
    return send(200, {
      results: [{ geometry: { location: PLACES[place].at }, formatted_address: 'Fake, New Zealand' }],
      status: 'OK',
    });
  }

  const origins = (u.searchParams.get('origins') ?? '').split('|');
  const destinations = (u.searchParams.get('destinations') ?? '').split('|');
  if (destinations.every(isCoordinates)) {
    seen.drives.push(u);
    if (u.pathname.startsWith('/down/')) return send(500, {});
    return send(200, {
      status: 'OK',
      origin_addresses: origins.map(() => ''),
      destination_addresses: destinations.map(() => ''),
      rows: origins.map((o) => ({
        elements: destinations.map((d) => {
          const [from, to] = [placeAt(o), placeAt(d)];
          return element(from && to ? googleDrive(from, to) : null);
        }),
      })),
    });
  }
  seen.quote.push(u);
  const place = placeInAddress(destinations[0] ?? '');
  return send(200, {
    status: 'OK',
    origin_addresses: ['Raglan 3225, New Zealand'],
    destination_addresses: [place ? `Somewhere, ${place === 'raglan' ? 'Raglan' : 'Hamilton'} 3200, New Zealand` : ''],
    rows: [{ elements: [element(place ? PLACES[place].fromBase : null)] }],
  });
}

let fake: http.Server;
let origin = '';
beforeAll(async () => {
  fake = http.createServer(fakeGoogle);
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => fake.close(() => resolve())));

const googleEnv = (prefix: string) => ({
  env: {
    GOOGLE_MAPS_API_KEY: 'k',
    GOOGLE_DISTANCE_MATRIX_URL: `${origin}${prefix}/maps/api/distancematrix/json`,
    GOOGLE_GEOCODING_URL: `${origin}${prefix}/maps/api/geocode/json`,
  },
});
/** Google answering everything. (Options as functions: the fake's port is known only in beforeAll.) */
const t = useTestApp(() => googleEnv(''));
/** Google's Distance Matrix failing for the drives between visits. */
const down = useTestApp(() => googleEnv('/down'));

const RAGLAN = '12 Bow Street, Raglan';
const HAMILTON = '100 Victoria Street, Hamilton';

async function locationOf(app: ApiTestApp, id: number) {
  const [row] = await app.sql<{ lat: number | null; lon: number | null }>(
    'SELECT location_lat AS lat, location_lon AS lon FROM bookings WHERE id = $1',
    [id],
  );
  return row!.lat === null || row!.lon === null ? null : { lat: Number(row!.lat), lon: Number(row!.lon) };
}

let nextAddress = 1;
const fromOwnAddress = () => ({ remoteAddress: `10.13.0.${nextAddress++}` });

const timesFor = async (app: ApiTestApp, date: string, address: string) => {
  const day = await app.getJson<DayAvailability>(
    `/api/availability/${date}?duration=60&address=${encodeURIComponent(address)}`,
    fromOwnAddress(),
  );
  return day.timeSlots;
};

describe('where each visit is, with Google', () => {
  it('a booking stores the coordinates Google’s geocoder gives for its address', async () => {
    const res = await book(t, bookingRequest({ date: openDay(0), time: '11:00', address: RAGLAN }));
    expect(res.statusCode, res.body).toBe(201);
    expect(await locationOf(t, res.json().id)).toEqual({ lat: -37.8021, lon: 174.8689 });
    const asked = seen.geocode.find((u) => u.searchParams.get('address') === `${RAGLAN}, New Zealand`);
    expect(asked?.searchParams.get('components')).toBe('country:NZ');
    expect(asked?.searchParams.get('region')).toBe('nz');
  });

  it('an address Google quotes but cannot place is booked without a location', async () => {
    const res = await book(t, bookingRequest({ date: openDay(1), time: '11:00', address: 'Unmapped Road, Raglan' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().travelUnresolved).toBe(false);
    expect(await locationOf(t, res.json().id)).toBeNull();
  });

  it('asks Google once per address: the quote, availability and the booking reuse the answers', async () => {
    const address = '7 Wainui Road, Raglan';
    const before = { geocode: seen.geocode.length, quote: seen.quote.length };
    const quote = await t.post('/api/calculate-travel', { address }, fromOwnAddress());
    expect(quote.statusCode).toBe(200);
    await timesFor(t, openDay(2), address);
    expect((await book(t, bookingRequest({ date: openDay(2), time: '11:00', address }))).statusCode).toBe(201);
    expect(seen.geocode.length - before.geocode).toBe(1);
    expect(seen.quote.length - before.quote).toBe(1);
  });
});

describe('the drives between visits, with Google', () => {
  it('with a 10:00 visit in Raglan, a Hamilton visitor is offered only times Google’s 90-minute drive allows', async () => {
    const date = openDay(5);
    expect((await book(t, bookingRequest({ date, time: '10:00', address: RAGLAN }))).statusCode).toBe(201);
    const drivesBefore = seen.drives.length;

    const hamilton = await timesFor(t, date, HAMILTON);
    // 11:00 + 90 min drive + 15 min setup = 12:45. The offline estimate (about 47 min) would allow 12:30.
    expect(hamilton).not.toContain('12:30');
    expect(hamilton).toContain('13:00');
    expect(seen.drives.length).toBeGreaterThan(drivesBefore);
    for (const u of seen.drives.slice(drivesBefore)) {
      expect(
        u.searchParams.get('origins')!.split('|').length * u.searchParams.get('destinations')!.split('|').length,
      ).toBeLessThanOrEqual(100);
    }

    // A neighbour in Raglan fits straight after.
    expect(await timesFor(t, date, RAGLAN)).toContain('11:30');

    // The booking is re-checked on the server with the same drives.
    const refused = await book(t, bookingRequest({ date, time: '12:30', address: HAMILTON, email: 'h@example.nz' }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(ROUTE_DOES_NOT_FIT['gap-before']);
  });

  it('asks Google again for nothing when the same day is asked about again', async () => {
    const date = openDay(5);
    await timesFor(t, date, HAMILTON);
    const before = seen.drives.length;
    await timesFor(t, date, HAMILTON);
    await timesFor(t, date, RAGLAN);
    expect(seen.drives.length).toBe(before);
  });

  it('when the Distance Matrix fails for the drives, the offline estimate decides', async () => {
    const date = openDay(5);
    expect((await book(down, bookingRequest({ date, time: '10:00', address: RAGLAN }))).statusCode).toBe(201);
    const drivesBefore = seen.drives.length;
    const hamilton = await timesFor(down, date, HAMILTON);
    expect(seen.drives.length).toBeGreaterThan(drivesBefore); // asked, and failed
    // Offline: about 47 min + 15 setup after 11:00: 12:30 fits, 12:00 does not.
    expect(hamilton).toContain('12:30');
    expect(hamilton).not.toContain('12:00');
  });
});
