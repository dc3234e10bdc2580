/**
 * docs/security.md, 'Trust', tried from outside as a script would: nothing of hers answers without her session, by any
 * method. The walk takes every path of the OpenAPI document and tries GET, HEAD, POST, PUT, PATCH and DELETE on it
 * without a cookie and with the cookie of an ended session. HEAD is GET without a body (no length oracle, no access-log
 * line), and a link on another site to one of her pages does not run it (docs/security.md, decision 004).
 */
import type { FastifyRequest, LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { HEALTH_CONSENT } from '../../../src/shared/health-form';
import type { Booking } from '../../../src/shared/schemas/booking';
import { actorOf } from '../../../src/server/modules/clients/routes';
import { hashPassword } from '../../../src/server/modules/auth/password';
import { routeAccessTable } from '../../helpers/api-routes';
import { HttpError } from '../../../src/server/http/errors';
import { useTestApp } from '../../helpers/app';
import { book, bookingRequest, openDay } from '../../helpers/bookings';
import { expectRejected } from '../../helpers/expect-rejected';
import { TEST_HASH_COST } from '../../helpers/fixtures';
import { signIn } from '../../helpers/session';
import { ON_WARFARIN_ANSWERS } from '../../helpers/health-answers';

const { ADMIN_ROUTES } = await routeAccessTable();
const t = useTestApp({ signedIn: true });

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];
type Operation = { security?: unknown[] };
type Document = { paths: Record<string, Partial<Record<string, Operation>>> };

/** A second administrator, so that the access log's actor cannot be a default that happens to match. */
const AROHA = { username: 'aroha', password: 'a long passphrase for aroha' };

let booking: Booking;
let clientId: number;
let endedCookie: string;

beforeAll(async () => {
  // A client with a health form: what a HEAD or a stray GET would decrypt and log a reading of.
  const res = await book(
    t,
    bookingRequest({ date: openDay(3), time: '09:00', email: 'kiri.secret@example.nz', phone: '021 777 0001' }),
  );
  expect(res.statusCode, res.body).toBe(201);
  booking = res.json<Booking>();
  const form = await t.post(`/api/bookings/token/${booking.cancelToken}/health-form`, {
    answers: ON_WARFARIN_ANSWERS,
    consent: { version: HEALTH_CONSENT.version, fullName: 'Kiri Secret' },
  });
  expect(form.statusCode, form.body).toBe(201);
  const [row] = await t.sql<{ client_id: number }>('SELECT client_id FROM bookings WHERE id = $1', [booking.id]);
  clientId = row!.client_id;

  // A session that was real and has ended: sign in, then sign out with it.
  endedCookie = await signIn(t.app);
  const out = await t.post('/api/auth/logout', undefined, { headers: { cookie: endedCookie } });
  expect(out.statusCode, out.body).toBe(200);
  expect((await t.get('/api/auth/me', { headers: { cookie: endedCookie } })).statusCode).toBe(401);

  await t.sql('INSERT INTO admin_users (username, password_hash, name, email) VALUES ($1, $2, $3, $4)', [
    AROHA.username,
    await hashPassword(AROHA.password, TEST_HASH_COST),
    'Aroha',
    'aroha@example.nz',
  ]);
});

/** One digest per table of the database: any row added, removed or changed shows. */
async function digest(): Promise<Record<string, string>> {
  const tables = await t.sql<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables
      WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  );
  const parts = tables.map(
    ({ name }) =>
      `SELECT '${name}' AS name, count(*)::int || ':' || coalesce(md5(string_agg(x::text, ',' ORDER BY x::text)), '') AS sum FROM "${name}" x`,
  );
  const rows = await t.sql<{ name: string; sum: string }>(parts.join(' UNION ALL '));
  return Object.fromEntries(rows.map((r) => [r.name, r.sum]));
}

const accessLogLines = async (): Promise<number> => {
  const [row] = await t.sql<{ n: number }>('SELECT count(*)::int AS n FROM client_access_log');
  return row!.n;
};

/** A plausible value for each path parameter: the seeded client and booking where the path names them. */
function fill(path: string): string {
  return path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    if (name === 'id' && path.startsWith('/api/admin/clients/')) return String(clientId);
    if (name === 'id' && /\/bookings\/\{id\}/.test(path)) return String(booking.id);
    if (name === 'date') return openDay(3);
    if (name === 'token') return booking.cancelToken;
    if (name === 'number') return 'R-0001';
    return '1';
  });
}

/** Each request from an address of its own: the per-address limit on 404s (120 a minute) stays out of the walk. */
let addresses = 0;
const nextAddress = () => {
  const n = ++addresses;
  return `10.39.${Math.floor(n / 250) % 250}.${(n % 250) + 1}`;
};

const request = (method: Method, url: string, cookie?: string): Promise<LightMyRequestResponse> =>
  t.app.inject({
    method,
    url,
    headers: cookie ? { cookie } : {},
    remoteAddress: nextAddress(),
    ...(method === 'POST' || method === 'PUT' || method === 'PATCH' ? { payload: {} } : {}),
  });

/**
 * What each method on each path must answer with no valid session: the document's operation (HEAD is its GET) that
 * needs the session answers 401; a method the path does not have is 404 (no route, nothing ran); an open operation is
 * not this walk's business (null).
 */
function expectedStatus(doc: Document, path: string, method: Method): number | null {
  const op = doc.paths[path]?.[method === 'HEAD' ? 'get' : method.toLowerCase()];
  if (!op) return 404;
  return op.security?.length ? 401 : null;
}

async function walk(cookie: string | undefined): Promise<string[]> {
  const doc = (await t.get('/api/openapi.json')).json<Document>();
  const paths = Object.keys(doc.paths);
  const secured = paths.flatMap((p) => Object.values(doc.paths[p]!).filter((op) => op?.security?.length));
  // The walk is only worth something if the document marks her routes (each admin route is one operation).
  expect(secured.length).toBe(ADMIN_ROUTES.length);

  const problems: string[] = [];
  for (const path of paths) {
    const url = fill(path);
    const before = await digest();
    for (const method of METHODS) {
      const expected = expectedStatus(doc, path, method);
      if (expected === null) continue;
      const res = await request(method, url, cookie);
      if (res.statusCode !== expected) problems.push(`${method} ${url}: ${res.statusCode}, expected ${expected}`);
      else if (method !== 'HEAD' && expected === 401 && res.json<{ code: string }>().code !== 'UNAUTHENTICATED') {
        problems.push(`${method} ${url}: ${res.body}`);
      }
    }
    const after = await digest();
    const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
    if (changed.length) problems.push(`${path}: changed ${changed.join(', ')}`);
  }
  return problems;
}

describe('every method of every path in the OpenAPI document, without her session', () => {
  it('without a cookie: 401 for each operation that needs the session (HEAD too), 404 for a method the path lacks, and nothing changes', async () => {
    const logBefore = await accessLogLines();
    expect(await walk(undefined)).toEqual([]);
    expect(await accessLogLines()).toBe(logBefore);
  });

  it('with the cookie of an ended session: the same', async () => {
    const logBefore = await accessLogLines();
    expect(await walk(endedCookie)).toEqual([]);
    expect(await accessLogLines()).toBe(logBefore);
  });
});

describe('HEAD is GET without a body', () => {
  it('HEAD /api/admin/clients?q= answers 401 with the same headers whatever is searched (no length oracle)', async () => {
    const answers = [];
    for (const q of ['kiri.secret@example.nz', 'nobody.at.all@example.test', 'kiri', 'x']) {
      const res = await t.request('HEAD' as 'GET', `/api/admin/clients?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, q).toBe(401);
      expect(res.body).toBe('');
      // The date and the CSP's nonce change with every response whatever is asked; nothing else may.
      const { date: _date, 'content-security-policy': csp, ...headers } = res.headers;
      answers.push({ ...headers, csp: String(csp).replace(/'nonce-[^']+'/, "'nonce'") });
    }
    for (const headers of answers) expect(headers).toEqual(answers[0]);
  });

  it.each(['health-form', 'export', 'export.html', 'access-log'])(
    'HEAD /api/admin/clients/{id}/%s answers 401 and writes no access-log line',
    async (page) => {
      const before = await accessLogLines();
      for (const cookie of [undefined, endedCookie]) {
        const res = await request('HEAD', `/api/admin/clients/${clientId}/${page}`, cookie);
        expect(res.statusCode).toBe(401);
        expect(res.body).toBe('');
      }
      expect(await accessLogLines()).toBe(before);
    },
  );

  it('HEAD with her session is let through as her GET (a reading, logged as hers)', async () => {
    const before = await accessLogLines();
    const res = await request('HEAD', `/api/admin/clients/${clientId}/health-form`, t.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(await accessLogLines()).toBe(before + 1);
  });
});

describe('a link on another site to one of her pages', () => {
  const pages = ['export.html', 'export', 'export?download=1', 'health-form', 'access-log'];

  it.each(pages)(
    'GET /api/admin/clients/{id}/%s with her session and Sec-Fetch-Site: cross-site is 403 and logs nothing',
    async (page) => {
      const before = await accessLogLines();
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({
          method,
          url: `/api/admin/clients/${clientId}/${page}`,
          headers: { cookie: t.cookie, 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' },
        });
        if (method === 'GET')
          expectRejected(res, 403, { code: 'CROSS_SITE_REQUEST', message: 'Cross-site request refused' });
        else expect(res.statusCode).toBe(403);
      }
      expect(await accessLogLines()).toBe(before);
    },
  );

  const adminReads = ADMIN_ROUTES.filter((r) => r.startsWith('GET '));
  it.each(adminReads)(
    '%s with her session and Sec-Fetch-Site: cross-site is 403 and changes nothing',
    async (route) => {
      const url = fill(route.slice(4).replace(/:(\w+)/g, '{$1}'));
      const before = await digest();
      const res = await t.admin.get(url, { headers: { 'sec-fetch-site': 'cross-site' } });
      expectRejected(res, 403, { code: 'CROSS_SITE_REQUEST', message: 'Cross-site request refused' });
      expect(await digest()).toEqual(before);
    },
  );

  it.each(['same-origin', 'same-site', 'none'])(
    'Sec-Fetch-Site: %s (her own page, or her bookmark) opens the export page, logged under her own name',
    async (site) => {
      const cookie = await signIn(t.app, { ...AROHA, name: 'Aroha', email: 'aroha@example.nz' });
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/clients/${clientId}/export.html`,
        headers: { cookie, 'sec-fetch-site': site, 'sec-fetch-mode': 'navigate' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      const [last] = await t.sql<{ actor: string; action: string }>(
        'SELECT actor, action FROM client_access_log WHERE client_id = $1 ORDER BY id DESC LIMIT 1',
        [clientId],
      );
      expect(last).toEqual({ actor: AROHA.username, action: 'export' });
    },
  );
});

describe('the access log names the real actor', () => {
  it('actorOf refuses a request without a signed-in user (401) rather than inventing one', () => {
    const request = { user: null } as unknown as FastifyRequest;
    expect(() => actorOf(request)).toThrow(HttpError);
    try {
      actorOf(request);
    } catch (err) {
      expect((err as HttpError).statusCode).toBe(401);
    }
  });
});
