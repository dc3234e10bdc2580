// @both-databases: two apps on one PostgreSQL database see each other's changes
/**
 * docs/performance.md: the catalogue, hours, blocked dates and reviews are served from memory. Every write
 * shows at once in the public answers (and in the data a page carries inline), whoever wrote it:
 * this app, a statement on the database (the admin CLI, a hand fix), or, on PostgreSQL, another
 * app on the same database (LISTEN/NOTIFY), including after its change feed reconnects.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import type { BlockedDate } from '../../src/shared/schemas/blocked-date';
import type { BusinessHours } from '../../src/shared/schemas/hours';
import type { Review } from '../../src/shared/schemas/review';
import type { Service } from '../../src/shared/schemas/service';
import { INITIAL_DATA_ELEMENT_ID } from '../../src/shared/constants';
import { addDaysToDate, nzToday } from '../../src/shared/time';
import { useTestApp } from '../helpers/app';
import { eventually } from '../helpers/eventually';
import { TEST_ENV } from '../helpers/fixtures';
import { signIn } from '../helpers/session';
import { backend, createTestDatabase, type TestDatabase } from '../helpers/test-database';

const INDEX_HTML = '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>';
const t = useTestApp({ signedIn: true, client: { 'index.html': INDEX_HTML } });

const serviceInput = (name: string, price = 9000) => ({
  name,
  description: 'Long, slow strokes for a tired back.',
  duration: 60,
  price,
  durationOptions: [{ duration: 60, price }],
});

describe('public answers served from memory follow every admin write at once', () => {
  const services = () => t.getJson<Service[]>('/api/services');

  it('services: create, update, delete', async () => {
    // Read first, so the list is in memory before each write.
    expect((await services()).some((s) => s.name === 'Cache Create')).toBe(false);
    const created = await t.admin.post('/api/services', serviceInput('Cache Create'));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Service>().id;
    expect((await services()).find((s) => s.id === id)).toEqual(created.json());

    const updated = await t.admin.put(`/api/services/${id}`, serviceInput('Cache Update', 9500));
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await services()).find((s) => s.id === id)).toMatchObject({ name: 'Cache Update', price: 9500 });

    expect((await t.admin.del(`/api/services/${id}`)).statusCode).toBe(200);
    expect((await services()).some((s) => s.id === id)).toBe(false);
  });

  it('business hours', async () => {
    const hours = () => t.getJson<BusinessHours[]>('/api/business-hours');
    const before = (await hours()).find((h) => h.dayOfWeek === 2)!;
    const res = await t.admin.post('/api/business-hours', {
      dayOfWeek: 2,
      isOpen: true,
      openTime: '07:30',
      closeTime: '12:15',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await hours()).find((h) => h.dayOfWeek === 2)).toEqual({
      ...before,
      openTime: '07:30',
      closeTime: '12:15',
    });
  });

  it('blocked dates: block and unblock', async () => {
    const blocks = () => t.getJson<BlockedDate[]>('/api/blocked-dates');
    const date = addDaysToDate(nzToday(), 40);
    expect((await blocks()).some((b) => b.date === date)).toBe(false);
    const res = await t.admin.post('/api/blocked-dates', { date, reason: 'Cache test', isFullDay: true });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json<BlockedDate>().id;
    expect((await blocks()).find((b) => b.id === id)).toEqual(res.json());
    expect((await t.admin.del(`/api/blocked-dates/${id}`)).statusCode).toBe(200);
    expect((await blocks()).some((b) => b.id === id)).toBe(false);
  });

  it('reviews: a new one, featured, hidden (visitor, featured and admin lists)', async () => {
    const featured = () => t.getJson<Review[]>('/api/reviews?featured=true');
    const visible = () => t.getJson<Review[]>('/api/reviews');
    const all = () => t.admin.getJson<Review[]>('/api/reviews');
    await Promise.all([featured(), visible(), all()]);

    const created = await t.admin.post('/api/admin/reviews', {
      name: 'Cache Reviewer',
      rating: 5,
      comment: 'Lovely, unhurried session.',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<Review>().id;
    expect((await all()).some((r) => r.id === id)).toBe(true);
    expect((await visible()).some((r) => r.id === id)).toBe(false);
    expect((await featured()).some((r) => r.id === id)).toBe(false);

    expect((await t.admin.patch(`/api/reviews/${id}/featured`)).statusCode).toBe(200);
    expect((await featured()).find((r) => r.id === id)).toMatchObject({ featured: true, hidden: false });
    expect((await visible()).some((r) => r.id === id)).toBe(true);

    expect((await t.admin.patch(`/api/reviews/${id}/hidden`)).statusCode).toBe(200);
    expect((await featured()).some((r) => r.id === id)).toBe(false);
    expect((await visible()).some((r) => r.id === id)).toBe(false);
    expect((await all()).find((r) => r.id === id)).toMatchObject({ featured: true, hidden: true });
  });

  it('a public review waits unfeatured: in her list at once, in no public one', async () => {
    await Promise.all([t.getJson<Review[]>('/api/reviews'), t.admin.getJson<Review[]>('/api/reviews')]);
    const res = await t.post(
      '/api/reviews',
      { name: 'Cache Visitor', rating: 4, comment: 'Very relaxing indeed.' },
      { remoteAddress: '203.0.113.77' },
    );
    expect(res.statusCode, res.body).toBe(201);
    expect((await t.admin.getJson<Review[]>('/api/reviews')).some((r) => r.name === 'Cache Visitor')).toBe(true);
    expect((await t.getJson<Review[]>('/api/reviews')).some((r) => r.name === 'Cache Visitor')).toBe(false);
  });

  it('the data a page carries inline follows a write too', async () => {
    const inlineServices = async () => {
      const res = await t.get('/booking');
      expect(res.statusCode).toBe(200);
      const match = new RegExp(`<script id="${INITIAL_DATA_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(
        res.body,
      );
      return (JSON.parse(match![1]!) as { queries: { '/api/services': Service[] } }).queries['/api/services'];
    };
    expect((await inlineServices()).some((s) => s.name === 'Cache Inline')).toBe(false);
    const created = await t.admin.post('/api/services', serviceInput('Cache Inline'));
    expect(created.statusCode).toBe(201);
    expect((await inlineServices()).some((s) => s.name === 'Cache Inline')).toBe(true);
  });

  it('a statement on the database by another writer shows too', async () => {
    await services();
    await t.sql(`UPDATE services SET name = 'Renamed By Hand' WHERE id = (SELECT min(id) FROM services)`);
    const after = await eventually(services, (list) => list.some((s) => s.name === 'Renamed By Hand'));
    expect(after.some((s) => s.name === 'Renamed By Hand')).toBe(true);
  });

  it('admin routes still refuse a visitor (the cache changes no access rule)', async () => {
    expect((await t.post('/api/services', serviceInput('No Session'))).statusCode).toBe(401);
    expect((await t.patch('/api/reviews/1/featured')).statusCode).toBe(401);
    expect((await services()).some((s) => s.name === 'No Session')).toBe(false);
  });
});

describe.runIf(backend === 'postgres')('two apps on one PostgreSQL database', () => {
  let td: TestDatabase;
  let secondDatabase: Database;
  let first: FastifyInstance;
  let second: FastifyInstance;
  let cookie: string;

  beforeAll(async () => {
    td = await createTestDatabase();
    secondDatabase = await openDatabase({ databaseUrl: td.location.url! });
    const config = { ...loadConfig({ ...TEST_ENV }), clientDir: null };
    first = await buildApp(config, td.database, { logger: false });
    second = await buildApp(config, secondDatabase, { logger: false });
    await Promise.all([first.ready(), second.ready()]);
    cookie = await signIn(first);
  });
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await secondDatabase?.close();
    await td?.database.close();
    await td?.drop();
  });

  const servicesOn = async (app: FastifyInstance) =>
    (await app.inject({ method: 'GET', url: '/api/services' })).json<Service[]>();
  const hoursOn = async (app: FastifyInstance) =>
    (await app.inject({ method: 'GET', url: '/api/business-hours' })).json<BusinessHours[]>();

  it('a write through one app is seen by the other within a short poll', async () => {
    await servicesOn(second);
    const res = await first.inject({
      method: 'POST',
      url: '/api/services',
      headers: { cookie },
      payload: serviceInput('Across Apps'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const seen = await eventually(
      () => servicesOn(second),
      (list) => list.some((s) => s.name === 'Across Apps'),
      2000,
    );
    expect(seen.some((s) => s.name === 'Across Apps')).toBe(true);

    await hoursOn(second);
    const hours = await first.inject({
      method: 'POST',
      url: '/api/business-hours',
      headers: { cookie },
      payload: { dayOfWeek: 4, isOpen: false, openTime: '09:00', closeTime: '17:00' },
    });
    expect(hours.statusCode, hours.body).toBe(200);
    const closed = await eventually(
      () => hoursOn(second),
      (list) => list.find((h) => h.dayOfWeek === 4)?.isOpen === false,
      2000,
    );
    expect(closed.find((h) => h.dayOfWeek === 4)?.isOpen).toBe(false);
  });

  it('reads the database while its change feed is down, and caches again (from empty) once it reconnects', async () => {
    await servicesOn(second);
    expect(second.publicCache.live).toBe(true);
    // Cut every listener of this database (both apps'), as a server restart or a network cut would.
    await td.database.withSession((s) =>
      s.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query = 'LISTEN hv_table_changes'`,
      ),
    );
    await eventually(
      async () => second.publicCache.live,
      (live) => !live,
      2000,
    );
    expect(second.publicCache.live).toBe(false);

    // Meanwhile a change nobody is told about is still read from the database.
    await td.database.withSession((s) =>
      s.query(`UPDATE services SET name = 'While Deaf' WHERE id = (SELECT min(id) FROM services)`),
    );
    expect((await servicesOn(second)).some((s) => s.name === 'While Deaf')).toBe(true);

    await eventually(
      async () => second.publicCache.live && first.publicCache.live,
      (live) => live,
      5000,
    );
    expect(second.publicCache.live).toBe(true);
    // Listening again: a write through the other app still reaches it.
    await servicesOn(second);
    const res = await first.inject({
      method: 'POST',
      url: '/api/services',
      headers: { cookie },
      payload: serviceInput('After Reconnect'),
    });
    expect(res.statusCode, res.body).toBe(201);
    const seen = await eventually(
      () => servicesOn(second),
      (list) => list.some((s) => s.name === 'After Reconnect'),
      2000,
    );
    expect(seen.some((s) => s.name === 'After Reconnect')).toBe(true);
  });
});
