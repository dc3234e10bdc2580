/**
 * OpenStreetMap services on loopback (decision 035), answering in their documented request and answer formats, each on
 * its own port (its own host, for the one-request-a-second queue), recording what they were asked:
 * - Nominatim: GET /search?format=jsonv2&countrycodes=nz&addressdetails=1&q=… → a JSON list of places
 *   (https://nominatim.org/release-docs/latest/api/Search/, …/api/Output/);
 * - Photon: GET /api?q=…&limit=…&bbox=… → a GeoJSON FeatureCollection (https://github.com/komoot/photon);
 * - OSRM: GET /route/v1/driving/{lon},{lat};{lon},{lat}?overview=false → {code: 'Ok', routes, waypoints}, or 400
 *   {code: 'NoRoute'} (https://project-osrm.org/docs/v5.24.0/api/#route-service);
 * - OSRM's table: GET /table/v1/driving/{lon},{lat};…?sources=…&destinations=…&annotations=duration,distance →
 *   {code: 'Ok', durations, distances, sources, destinations}, null where no road
 *   (https://project-osrm.org/docs/v5.24.0/api/#table-service);
 * - Valhalla: POST /route {locations, costing, units} → {trip: {summary: {length, time}, status: 0}}, or 400
 *   {error_code: 442} (https://valhalla.github.io/valhalla/api/turn-by-turn/api-reference/);
 * - Valhalla's matrix: POST /sources_to_targets {sources, targets, costing, units} → {sources_to_targets: rows of
 *   {distance, time, from_index, to_index}} (https://valhalla.github.io/valhalla/api/matrix/api-reference/).
 * A place is found in a query by its words; a route's destination is the place at its coordinates. A table's drive
 * between two places is `roadBetween` (the base's drives as `fromBase` says, others the fake's own figure).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakePlace {
  /** Found in a query containing all these words (lower case). */
  words: string[];
  lat: number;
  lon: number;
  houseNumber?: string;
  road?: string;
  suburb?: string;
  town: string;
  postcode?: string;
  /** The road from the practice's base, for the routers. */
  fromBase: { metres: number; seconds: number };
}

/** The Kāpiti Coast, her base in Paraparaumu (issue 40's practice). Road figures as a router would give them. */
export const KAPITI_BASE = { lat: -40.9147, lon: 175.007 };
export const KAPITI: Record<'waikanae' | 'otaki' | 'raumati' | 'pekaPeka', FakePlace> = {
  waikanae: {
    words: ['ngaio', 'waikanae'],
    lat: -40.8762,
    lon: 175.0641,
    houseNumber: '12',
    road: 'Ngaio Road',
    town: 'Waikanae',
    postcode: '5036',
    fromBase: { metres: 9_640, seconds: 660 },
  },
  otaki: {
    words: ['main street', 'otaki'],
    lat: -40.7566,
    lon: 175.1502,
    houseNumber: '20',
    road: 'Main Street',
    town: 'Ōtaki',
    postcode: '5512',
    fromBase: { metres: 20_440, seconds: 1_030 },
  },
  raumati: {
    words: ['rimu', 'raumati'],
    lat: -40.9292,
    lon: 174.983,
    houseNumber: '5',
    road: 'Rimu Road',
    suburb: 'Raumati Beach',
    town: 'Paraparaumu',
    postcode: '5032',
    fromBase: { metres: 3_160, seconds: 300 },
  },
  pekaPeka: {
    words: ['pairuku', 'peka'],
    lat: -40.8352,
    lon: 175.0398,
    houseNumber: '7',
    road: 'Pairuku Lane',
    town: 'Peka Peka',
    postcode: '5391',
    fromBase: { metres: 14_100, seconds: 780 },
  },
};

export interface SeenRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  userAgent: string | undefined;
  contentType: string | undefined;
  body: unknown;
  /** When it arrived (Date.now()). */
  at: number;
}

export interface FakeServer {
  /** http://127.0.0.1:port */
  origin: string;
  requests: SeenRequest[];
  /** 'down': every request answers 503; 'hang': no answer at all (the client's timeout). */
  mode: 'up' | 'down' | 'hang';
  close(): Promise<void>;
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export function placeFor(q: string, places: readonly FakePlace[]): FakePlace | undefined {
  const text = fold(q);
  return places.find((p) => p.words.every((w) => text.includes(w)));
}

function placeAt(lat: number, lon: number, places: readonly FakePlace[]): FakePlace | undefined {
  return places.find((p) => Math.abs(p.lat - lat) < 0.001 && Math.abs(p.lon - lon) < 0.001);
}

type Handler = (req: SeenRequest, send: (status: number, body: unknown) => void) => void;

async function startFake(handle: Handler): Promise<FakeServer> {
  const fake: FakeServer = { origin: '', requests: [], mode: 'up', close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const u = new URL(req.url ?? '/', 'http://127.0.0.1');
      const raw = Buffer.concat(chunks).toString('utf8');
      const seen: SeenRequest = {
        method: req.method ?? 'GET',
        path: u.pathname,
        query: u.searchParams,
        userAgent: req.headers['user-agent'],
        contentType: req.headers['content-type'],
        body: raw ? (JSON.parse(raw) as unknown) : null,
        at: Date.now(),
      };
      fake.requests.push(seen);
      if (fake.mode === 'hang') return;
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
        res.end(JSON.stringify(body));
      };
      if (fake.mode === 'down') return send(503, { error: 'Service Unavailable' });
      handle(seen, send);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

export function startNominatim(places: readonly FakePlace[]): Promise<FakeServer> {
  return startFake((req, send) => {
    if (req.path !== '/search') return send(404, { error: { code: 404, message: 'Not found' } });
    if (req.query.get('format') !== 'jsonv2') return send(400, { error: { code: 400, message: 'Parameter format' } });
    const q = req.query.get('q') ?? '';
    const found = req.query.get('countrycodes') === 'nz' ? placeFor(q, places) : undefined;
    if (!found) return send(200, []);
    const address = {
      ...(found.houseNumber ? { house_number: found.houseNumber } : {}),
      ...(found.road ? { road: found.road } : {}),
      ...(found.suburb ? { suburb: found.suburb } : {}),
      town: found.town,
      county: 'Kāpiti Coast District',
      state: 'Wellington',
      'ISO3166-2-lvl4': 'NZ-WGN',
      ...(found.postcode ? { postcode: found.postcode } : {}),
      country: 'New Zealand / Aotearoa',
      country_code: 'nz',
    };
    send(200, [
      {
        place_id: 100000 + places.indexOf(found),
        licence: 'Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright',
        osm_type: 'node',
        osm_id: 4361723189,
        lat: String(found.lat),
        lon: String(found.lon),
        category: 'place',
        type: 'house',
        place_rank: 30,
        importance: 0.00001,
        addresstype: 'place',
        name: '',
        display_name: [found.houseNumber, found.road, found.suburb, found.town, 'New Zealand / Aotearoa']
          .filter(Boolean)
          .join(', '),
        address: req.query.get('addressdetails') === '1' ? address : undefined,
        boundingbox: [found.lat - 0.0001, found.lat + 0.0001, found.lon - 0.0001, found.lon + 0.0001].map(String),
      },
    ]);
  });
}

export function startPhoton(places: readonly FakePlace[]): Promise<FakeServer> {
  return startFake((req, send) => {
    if (req.path !== '/api' && req.path !== '/api/') return send(404, { message: 'not found' });
    const q = req.query.get('q');
    if (!q) return send(400, { message: "missing search term 'q': /?q=berlin" });
    const limit = Number(req.query.get('limit') ?? 15);
    // Photon matches words as they are typed: every place whose words start the query's.
    const text = fold(q);
    const found = places.filter((p) => p.words.some((w) => text.includes(w.slice(0, 4)))).slice(0, limit);
    send(200, {
      type: 'FeatureCollection',
      features: found.map((p) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [p.lon, p.lat] },
        properties: {
          osm_type: 'N',
          osm_id: 2843213,
          osm_key: 'place',
          osm_value: 'house',
          type: 'house',
          housenumber: p.houseNumber,
          street: p.road,
          district: p.suburb,
          city: p.town,
          county: 'Kāpiti Coast District',
          state: 'Wellington',
          postcode: p.postcode,
          country: 'New Zealand / Aotearoa',
          countrycode: 'NZ',
        },
      })),
    });
  });
}

const EARTH_RADIUS_KM = 6371;
const straightKm = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) => {
  const rad = Math.PI / 180;
  const h =
    Math.sin(((b.lat - a.lat) * rad) / 2) ** 2 +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(((b.lon - a.lon) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.sqrt(h));
};

/**
 * The road a table gives between two points, each the base or one of the places (null for any other point: no road
 * there). The base's drives are the places' `fromBase` both ways; between two places, the straight line x 1.2 at
 * 75 km/h: figures of the fake's own, unlike the offline estimate's (x 1.3 at its average speed).
 */
export function roadBetween(
  from: { lat: number; lon: number },
  to: { lat: number; lon: number },
  base: { lat: number; lon: number },
  places: readonly FakePlace[],
): { metres: number; seconds: number } | null {
  const isBase = (p: { lat: number; lon: number }) =>
    Math.abs(p.lat - base.lat) < 0.001 && Math.abs(p.lon - base.lon) < 0.001;
  const a = isBase(from) ? 'base' : placeAt(from.lat, from.lon, places);
  const b = isBase(to) ? 'base' : placeAt(to.lat, to.lon, places);
  if (!a || !b) return null;
  if (a === b) return { metres: 0, seconds: 0 };
  if (a === 'base') return (b as FakePlace).fromBase;
  if (b === 'base') return a.fromBase;
  const metres = Math.round(straightKm(a, b) * 1.2 * 1000);
  return { metres, seconds: Math.round(metres / (75 / 3.6)) };
}

/** The drive to the destination from the base; null when the destination is none of the places. */
function driveTo(lat: number, lon: number, places: readonly FakePlace[]) {
  return placeAt(lat, lon, places)?.fromBase ?? null;
}

export function startOsrm(places: readonly FakePlace[], base = KAPITI_BASE): Promise<FakeServer> {
  return startFake((req, send) => {
    if (req.path.startsWith('/table/v1/driving/')) return osrmTable(req, send, base, places);
    const m = /^\/route\/v1\/driving\/(-?[\d.]+),(-?[\d.]+);(-?[\d.]+),(-?[\d.]+)$/.exec(req.path);
    if (!m)
      return send(400, { code: 'InvalidUrl', message: `URL string malformed close to position 1: "${req.path}"` });
    const [fromLon, fromLat, toLon, toLat] = m.slice(1).map(Number) as [number, number, number, number];
    const drive = driveTo(toLat, toLon, places);
    if (!drive) return send(400, { code: 'NoRoute', message: 'Impossible route between points' });
    send(200, {
      code: 'Ok',
      routes: [
        {
          legs: [{ steps: [], summary: '', weight: drive.seconds, duration: drive.seconds, distance: drive.metres }],
          weight_name: 'routability',
          weight: drive.seconds,
          duration: drive.seconds,
          distance: drive.metres,
        },
      ],
      waypoints: [
        { hint: 'a', distance: 2.1, name: '', location: [fromLon, fromLat] },
        { hint: 'b', distance: 1.4, name: '', location: [toLon, toLat] },
      ],
    });
  });
}

/** OSRM's table service, as the server answers it. */
function osrmTable(
  req: SeenRequest,
  send: (status: number, body: unknown) => void,
  base: { lat: number; lon: number },
  places: readonly FakePlace[],
) {
  const coordinates = req.path
    .slice('/table/v1/driving/'.length)
    .split(';')
    .map((pair) => pair.split(',').map(Number) as [number, number]);
  if (coordinates.some((c) => c.length !== 2 || c.some((n) => !Number.isFinite(n))))
    return send(400, { code: 'InvalidUrl', message: `URL string malformed close to position 1: "${req.path}"` });
  const indexes = (name: string) => {
    const v = req.query.get(name);
    return v === null || v === 'all' ? coordinates.map((_, i) => i) : v.split(';').map(Number);
  };
  const sources = indexes('sources');
  const destinations = indexes('destinations');
  if ([...sources, ...destinations].some((i) => !Number.isInteger(i) || i < 0 || i >= coordinates.length))
    return send(400, { code: 'InvalidOptions', message: 'Index out of bounds' });
  const annotations = (req.query.get('annotations') ?? 'duration').split(',');
  const point = (i: number) => ({ lat: coordinates[i]![1], lon: coordinates[i]![0] });
  const road = (s: number, d: number) => roadBetween(point(s), point(d), base, places);
  const waypoint = (i: number) => ({ hint: `h${i}`, distance: 1.5, name: '', location: coordinates[i] });
  send(200, {
    code: 'Ok',
    ...(annotations.includes('duration')
      ? { durations: sources.map((s) => destinations.map((d) => road(s, d)?.seconds ?? null)) }
      : {}),
    ...(annotations.includes('distance')
      ? { distances: sources.map((s) => destinations.map((d) => road(s, d)?.metres ?? null)) }
      : {}),
    sources: sources.map(waypoint),
    destinations: destinations.map(waypoint),
  });
}

/** Valhalla's time-distance matrix (verbose), as the server answers it. */
function valhallaMatrix(
  req: SeenRequest,
  send: (status: number, body: unknown) => void,
  base: { lat: number; lon: number },
  places: readonly FakePlace[],
) {
  type At = { lat: number; lon: number };
  const body = req.body as { sources?: At[]; targets?: At[]; costing?: string; units?: string };
  if (!body?.sources?.length || !body.targets?.length)
    return send(400, { error_code: 120, error: 'Insufficient number of locations provided', status_code: 400 });
  if (body.costing !== 'auto')
    return send(400, { error_code: 125, error: 'No costing method found', status_code: 400 });
  const perKm = body.units === 'miles' ? 1 / 1.609344 : 1;
  send(200, {
    sources_to_targets: body.sources.map((from, a) =>
      body.targets!.map((to, b) => {
        const road = roadBetween(from, to, base, places);
        return {
          distance: road ? +((road.metres / 1000) * perKm).toFixed(3) : null,
          time: road ? road.seconds : null,
          to_index: b,
          from_index: a,
        };
      }),
    ),
    sources: [body.sources],
    targets: [body.targets],
    units: body.units === 'miles' ? 'miles' : 'kilometers',
  });
}

export function startValhalla(places: readonly FakePlace[], base = KAPITI_BASE): Promise<FakeServer> {
  return startFake((req, send) => {
    if (req.method === 'POST' && req.path === '/sources_to_targets') return valhallaMatrix(req, send, base, places);
    if (req.method !== 'POST' || req.path !== '/route')
      return send(404, {
        error_code: 106,
        error: 'Try any of: /route /locate /sources_to_targets ...',
        status_code: 404,
      });
    const body = req.body as { locations?: Array<{ lat: number; lon: number }>; costing?: string; units?: string };
    if (!body?.locations || body.locations.length < 2)
      return send(400, { error_code: 120, error: 'Insufficient number of locations provided', status_code: 400 });
    const to = body.locations[1]!;
    const drive = driveTo(to.lat, to.lon, places);
    if (!drive || body.costing !== 'auto')
      return send(400, { error_code: 442, error: 'No path could be found for input', status_code: 400 });
    const km = drive.metres / 1000;
    const length = body.units === 'miles' ? km / 1.609344 : km;
    send(200, {
      trip: {
        locations: body.locations.map((l, i) => ({ type: 'break', lat: l.lat, lon: l.lon, original_index: i })),
        legs: [{ summary: { length, time: drive.seconds }, shape: '' }],
        summary: { has_toll: false, time: drive.seconds, length, cost: drive.seconds * 1.1 },
        status_message: 'Found route between points',
        status: 0,
        units: body.units === 'miles' ? 'miles' : 'kilometers',
        language: 'en-US',
      },
    });
  });
}
