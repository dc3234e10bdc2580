/**
 * Hostile input against every endpoint (decision 016): wrong types, missing and extra fields, huge
 * bodies and strings, unicode, markup, SQL metacharacters, impossible dates and times, bad money,
 * unknown ids, malformed and guessed tokens, statuses outside the enum, wrong content types.
 * Every answer is below 500; every 4xx carries a message and changes nothing in the database.
 */
import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, describe, expect, it } from 'vitest';
import { routeAccessTable } from '../helpers/api-routes';
import { useTestApp } from '../helpers/app';
import { bookingRequest, openDay } from '../helpers/bookings';

const { ADMIN_ROUTES, PUBLIC_ROUTES } = await routeAccessTable();
const t = useTestApp({ signedIn: true });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const ALL_ROUTES = [...ADMIN_ROUTES, ...PUBLIC_ROUTES];

/** Tables whose content a refused request must leave as it was (the limiter's counters may move). */
const WATCHED_TABLES = [
  'admin_users',
  'sessions',
  'services',
  'business_hours',
  'blocked_dates',
  'bookings',
  'idempotency_keys',
  'reviews',
  'email_outbox',
  'app_meta',
  'calendar_feeds',
  'other_calendars',
  'calendar_busy',
];

/** Every watched table's row count and a hash of its rows, in one statement (one round trip per probe). */
const FINGERPRINT_SQL = WATCHED_TABLES.map(
  (table) =>
    `SELECT '${table}' AS t, count(*)::int AS n, md5(string_agg(x::text, '|' ORDER BY x::text)) AS h FROM ${table} x`,
).join(' UNION ALL ');

async function fingerprint(): Promise<string> {
  const rows = await t.sql<{ t: string; n: number; h: string | null }>(FINGERPRINT_SQL);
  return rows
    .map((row) => `${row.t}:${row.n}:${row.h ?? ''}`)
    .sort()
    .join(' ');
}

/**
 * The fingerprint after the last refused probe: a refusal changed nothing (checked), so it is the next probe's
 * "before" too, and is not read again. Forgotten after an accepted request and at each test's start.
 */
let unchangedSince: string | null = null;
beforeEach(() => {
  unchangedSince = null;
});

const SQL = "x'); DROP TABLE bookings; --";
const SCRIPT = '<script>alert("x")</script><img src=x onerror=alert(1)>';
const UNICODE = 'Ngā mihi 😀‮ƃuᴉɹʇs‬ \u200b\u00a0 ﷽';
const NUL = 'before\u0000after';
const HUGE = 'a'.repeat(90_000); // under the 100 kB body limit: reaches the schemas
const STRANGE_VALUES: Array<[string, unknown]> = [
  ['null', null],
  ['number', 12.5],
  ['negative', -1],
  ['boolean', true],
  ['array', ['a']],
  ['object', { $gt: '' }],
  ['script', SCRIPT],
  ['sql', SQL],
  ['unicode', UNICODE],
  ['nul byte', NUL],
  ['huge', HUGE],
  ['impossible date', '2026-02-30'],
  ['impossible time', '25:00'],
  ['fraction', 0.5],
  ['big', 1e21],
  ['status', 'approved'],
  ['empty', ''],
];

const HOSTILE_IDS = [
  '0',
  '-1',
  '1.5',
  'abc',
  '99999999999999999999',
  "1'%20OR%20'1'='1",
  '%F0%9F%98%80',
  '1e3',
  '%00',
  '999999',
];
const HOSTILE_TOKENS = [
  'x',
  "'%20OR%201=1%20--",
  '%3Cscript%3E',
  randomBytes(32).toString('hex'),
  randomBytes(32).toString('base64url'),
  'a'.repeat(90),
];
const HOSTILE_DATES = [
  '2026-02-30',
  '2026-13-01',
  '2026-00-10',
  'today',
  '2026-2-3',
  '9999-12-31',
  '0000-01-01',
  "2026-01-01'%3B--",
  '%F0%9F%98%80',
];
const HOSTILE_QUERIES = [
  'startDate=2026-02-30&endDate=2026-03-01',
  'startDate=2026-03-01&endDate=2025-01-01',
  'startDate[]=a&startDate[]=b',
  'from=2026-13-01&to=2026-13-02',
  'status=approved',
  'featured=maybe',
  'duration=-30',
  'duration=45.5',
  'address=' + encodeURIComponent(SCRIPT),
  'address=' + 'a'.repeat(4000),
  'date=25:00',
  'page=-1&pageSize=1e9',
  'serviceLengthId=abc&duration=60',
  'from=9999-12-30&to=9999-12-31&duration=60',
  'startDate=2026-01-01&endDate=2030-01-01',
  `q=${encodeURIComponent(SQL)}`,
];

/** A request that should be whole: each of its fields in turn is given every strange value. */
const VALID_BODIES: Record<string, () => Record<string, unknown>> = {
  'POST /api/bookings': () => bookingRequest({ date: openDay(3), time: '13:00' }),
  'POST /api/services': () => ({
    name: 'Hot stone',
    description: 'Warm stones.',
    duration: 60,
    price: 9000,
    durationOptions: [{ duration: 60, price: 9000 }],
  }),
  'PUT /api/services/:id': () => ({
    name: 'Hot stone',
    description: 'Warm stones.',
    duration: 60,
    price: 9000,
    durationOptions: [{ duration: 60, price: 9000 }],
  }),
  'POST /api/business-hours': () => ({ dayOfWeek: 1, isOpen: true, openTime: '09:00', closeTime: '17:00' }),
  'POST /api/blocked-dates': () => ({
    date: openDay(5),
    isFullDay: false,
    startTime: '12:00',
    endTime: '13:00',
    reason: 'Dentist',
  }),
  'POST /api/reviews': () => ({ name: 'Mere', rating: 5, comment: 'Lovely.' }),
  'POST /api/admin/reviews': () => ({ name: 'Mere', rating: 5, comment: 'Lovely.', featured: false }),
  'PATCH /api/bookings/:id/status': () => ({ status: 'cancelled' }),
  'PATCH /api/admin/bookings/:id/status': () => ({ status: 'rejected', adminNote: 'Sorry' }),
  'POST /api/email/send': () => ({ to: 'client@example.nz', subject: 'Hello', message: 'Kia ora' }),
  'POST /api/auth/login': () => ({ username: 'nobody', password: 'wrong-password-1' }),
  'POST /api/calculate-travel': () => ({ address: '12 Bow Street, Raglan' }),
  // A closed port: whatever the fields, the read fails fast and nothing is stored.
  'POST /api/admin/calendars': () => ({ name: 'Family', url: 'http://127.0.0.1:9/family.ics', allDayBlocks: true }),
  'PATCH /api/admin/calendars/:id': () => ({ name: 'Family', allDayBlocks: false }),
};

const GENERIC_BODIES: Array<[string, unknown]> = [
  ['an array', [1, 2, 3]],
  ['a string', 'hello'],
  ['a number', 42],
  ['null', null],
  ['an empty object', {}],
  [
    'extra fields only',
    { isAdmin: true, role: 'admin', __proto__: { polluted: true }, constructor: { prototype: { x: 1 } } },
  ],
];

function fillPath(url: string, value: string): string {
  return url
    .replace(/:id\b/g, value)
    .replace(/:token\b/g, value)
    .replace(/:date\b/g, value);
}

async function send(
  route: string,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const method = route.split(' ')[0] as Method;
  // Logging out would end the shared session: that route goes without it.
  const cookie = route === 'POST /api/auth/logout' ? {} : { cookie: t.cookie };
  return t.app.inject({
    method,
    url,
    payload: payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload),
    headers: { ...cookie, ...(payload === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
    remoteAddress: `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  });
}

const tally = { requests: 0, rejected: 0, accepted: 0, serverErrors: 0 };

/** Sends it and checks the rules; answers the response. */
async function probe(
  route: string,
  url: string,
  payload?: unknown,
  headers?: Record<string, string>,
): Promise<LightMyRequestResponse> {
  const before = unchangedSince ?? (await fingerprint());
  unchangedSince = null;
  const res = await send(route, url, payload, headers);
  tally.requests++;
  const what = `${route} → ${url.slice(0, 120)} ${JSON.stringify(payload)?.slice(0, 160) ?? ''}`;
  if (res.statusCode >= 500) tally.serverErrors++;
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (res.statusCode >= 400) {
    tally.rejected++;
    expect(res.headers['content-type'], what).toMatch(/application\/json/);
    const message = res.json<{ message?: unknown }>().message;
    expect(typeof message === 'string' && message.length > 0, `${what}: a message`).toBe(true);
    const after = await fingerprint();
    expect(after, `${what}: nothing changed`).toBe(before);
    unchangedSince = after;
  } else {
    tally.accepted++;
  }
  return res;
}

describe('hostile input, every endpoint', { timeout: 240_000 }, () => {
  it.each(ALL_ROUTES)('%s: hostile path values, never a 5xx, refusals change nothing', async (route) => {
    const [, url] = route.split(' ') as [Method, string];
    const values = url.includes(':id')
      ? HOSTILE_IDS
      : url.includes(':token')
        ? HOSTILE_TOKENS
        : url.includes(':date')
          ? HOSTILE_DATES
          : [];
    for (const value of values) {
      const res = await probe(
        route,
        fillPath(url, value),
        route.startsWith('GET') || route.startsWith('DELETE') ? undefined : {},
      );
      if (url.includes(':date') && res.statusCode === 200) {
        // A real date far away (9999-12-31) is simply not bookable.
        expect(res.json<{ available: boolean }>().available, `${route} with ${value}`).toBe(false);
      } else {
        // A made-up id or token finds nothing: a refusal, not a success.
        expect(res.statusCode, `${route} with ${value}`).toBeGreaterThanOrEqual(400);
      }
    }
  });

  it.each(ALL_ROUTES)('%s: hostile query strings', async (route) => {
    const [, url] = route.split(' ') as [Method, string];
    // An id nothing has: a query string must not reach a real record (DELETE /api/services/1 would succeed).
    const path = fillPath(url, url.includes(':date') ? openDay(1) : '999999');
    for (const query of HOSTILE_QUERIES)
      await probe(route, `${path}?${query}`, route.startsWith('GET') || route.startsWith('DELETE') ? undefined : {});
  });

  it.each(ALL_ROUTES.filter((r) => /^(POST|PUT|PATCH)/.test(r)))(
    '%s: bodies of the wrong shape and wrong content types',
    async (route) => {
      const [, url] = route.split(' ') as [Method, string];
      const path = fillPath(url, '999999');
      for (const [, body] of GENERIC_BODIES) await probe(route, path, body);
      await probe(route, path, '{"unterminated": ');
      await probe(route, path, JSON.stringify({ a: 'x'.repeat(1_100_000) })); // 1 MB: 413
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/xml',
        'multipart/form-data; boundary=x',
      ]) {
        const res = await probe(route, path, 'a=1&b=<x/>', { 'content-type': type });
        // Twilio's webhook reads its forms (decision 038), and an unsigned one is refused by its signature check.
        if (route === 'POST /api/webhooks/sms' && type === 'application/x-www-form-urlencoded') {
          expect(res.statusCode, `${route} as ${type}`).toBe(403);
          continue;
        }
        // JSON is the only body the API reads: anything else is refused whole (415), even where the route ignores
        // bodies.
        expect(res.statusCode, `${route} as ${type}`).toBe(415);
      }
    },
  );

  it.each(Object.keys(VALID_BODIES))('%s: every field given every strange value', async (route) => {
    const [, url] = route.split(' ') as [Method, string];
    const path = fillPath(url, '1');
    const valid = VALID_BODIES[route]!();
    for (const field of Object.keys(valid)) {
      for (const [, value] of STRANGE_VALUES) await probe(route, path, { ...valid, [field]: value });
      const { [field]: _dropped, ...missing } = valid;
      await probe(route, path, missing);
    }
    await probe(route, path, { ...valid, unexpected: SCRIPT, status: 'confirmed', price: 1, featured: true, id: 999 });
  });

  it('ignores price, status, ids and flags smuggled into public bodies', async () => {
    const date = openDay(9);
    const honest = await t.post('/api/bookings', bookingRequest({ date, time: '09:00' }));
    const smuggled = await t.post('/api/bookings', {
      ...bookingRequest({ date, time: '13:00' }),
      status: 'confirmed',
      price: 1,
      travelCost: -500,
      id: 999_999,
      cancelToken: 'mine',
      adminNote: 'approved',
      createdAt: '2000-01-01T00:00:00Z',
    });
    expect(honest.statusCode, honest.body).toBe(201);
    expect(smuggled.statusCode, smuggled.body).toBe(201);
    const rows = await t.sql<{
      id: number;
      status: string;
      price: number;
      travel_cost: number;
      cancel_token: string;
      admin_note: string | null;
      created_at: Date;
    }>(
      'SELECT id, status, price, travel_cost, cancel_token, admin_note, created_at FROM bookings WHERE id = ANY($1::int[]) ORDER BY id',
      [[honest.json<{ id: number }>().id, smuggled.json<{ id: number }>().id]],
    );
    const [a, b] = rows as [(typeof rows)[0], (typeof rows)[0]];
    expect(b.id).not.toBe(999_999);
    expect(b).toMatchObject({ status: 'pending', price: a.price, travel_cost: a.travel_cost, admin_note: null });
    expect(b.cancel_token).not.toBe('mine');
    expect(new Date(b.created_at).getFullYear()).toBeGreaterThan(2020);

    const review = await t.post(
      '/api/reviews',
      { name: 'Mere', rating: 5, comment: 'Lovely.', featured: true, hidden: false, id: 1 },
      { remoteAddress: '10.200.0.1' },
    );
    expect(review.statusCode, review.body).toBe(201);
    const [latest] = await t.sql<{ id: number; featured: boolean }>(
      'SELECT id, featured FROM reviews ORDER BY id DESC LIMIT 1',
    );
    expect(latest!.featured).toBe(false);
  });

  it('leaves no trace of the corpus: counted', () => {
    expect(tally.serverErrors).toBe(0);
    expect(tally.requests).toBeGreaterThan(1000);
    console.log(`[hostile-input] ${JSON.stringify(tally)}`);
  });
});
