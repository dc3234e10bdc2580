import { describe, expect, it } from 'vitest';
import { routeAccessTable } from '../helpers/api-routes';
import { useTestApp } from '../helpers/app';
import { expectRejected, expectUnchanged } from '../helpers/expect-rejected';
import { signIn } from '../helpers/session';

const { ADMIN_ROUTES, PUBLIC_ROUTES } = await routeAccessTable();
const t = useTestApp();

const split = (route: string) => {
  const [method, path] = route.split(' ') as [string, string];
  return { method: method as 'GET', url: path.replace(/:id\b/g, '1') };
};

describe('every admin-only route', () => {
  it.each(ADMIN_ROUTES)('%s is registered', (route) => {
    const { method } = split(route);
    expect(t.app.hasRoute({ method, url: route.split(' ')[1]! })).toBe(true);
  });

  it.each(ADMIN_ROUTES)('%s answers 401 without a session and changes nothing', async (route) => {
    const { method, url } = split(route);
    const res = await expectUnchanged(snapshot, () => t.request(method, url, { name: 'x', rating: 5, comment: 'x' }));
    expectRejected(res, 401, { message: 'Authentication required' });
  });

  it.each(ADMIN_ROUTES)('%s answers 401 with a forged session cookie', async (route) => {
    const { method, url } = split(route);
    const res = await t.request(method, url, undefined, {
      headers: { cookie: 'hv_session=forged-token-value-123456789' },
    });
    expect(res.statusCode).toBe(401);
  });

  it.each(ADMIN_ROUTES)('%s answers 403 to another site, even with her session, and changes nothing', async (route) => {
    const { method, url } = split(route);
    const cookie = await signIn(t.app);
    const res = await expectUnchanged(snapshot, () =>
      t.request(
        method,
        url,
        { name: 'x', rating: 5, comment: 'x' },
        { headers: { cookie, origin: 'https://evil.example.com' } },
      ),
    );
    expectRejected(res, 403, { message: 'Cross-site request refused' });
  });

  it.each(ADMIN_ROUTES)('%s is let through with a session (any answer but 401)', async (route) => {
    const { method, url } = split(route);
    // A session of its own: a route may end the one it was called with.
    const res = await t.request(method, url, {}, { headers: { cookie: await signIn(t.app) } });
    expect(res.statusCode).not.toBe(401);
    expect(res.statusCode).toBeLessThan(500);
  });
});

describe('the route list', () => {
  it('has no route both public and admin-only', () => {
    const pub = new Set<string>(PUBLIC_ROUTES);
    expect(ADMIN_ROUTES.filter((r) => pub.has(r))).toEqual([]);
  });

  it('lists every public route as registered', () => {
    for (const route of PUBLIC_ROUTES) {
      const [method, url] = route.split(' ') as [string, string];
      expect(t.app.hasRoute({ method, url }), route).toBe(true);
    }
  });
});

/** Row counts of the tables admin routes change. */
async function snapshot() {
  const [counts] = await t.sql(
    `SELECT (SELECT count(*) FROM services)::int AS services,
            (SELECT count(*) FROM blocked_dates)::int AS blocked,
            (SELECT count(*) FROM reviews)::int AS reviews,
            (SELECT count(*) FROM reviews WHERE featured)::int AS featured,
            (SELECT count(*) FROM reviews WHERE hidden)::int AS hidden,
            (SELECT string_agg(open_time || close_time || is_open::text, ',' ORDER BY day_of_week) FROM business_hours) AS hours`,
  );
  return counts;
}
