/**
 * Decision 026: GET /api/admin/day-sheet (her confirmed visits in route order, kept on her phone), and the admin app's
 * manifest and service worker as the server serves them.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { HEALTH_CONSENT } from '../../src/shared/health-form';
import type { DaySheet } from '../../src/shared/schemas/day-sheet';
import { addDaysToDate, nzToday } from '../../src/shared/time';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { expectRejected } from '../helpers/expect-rejected';
import { ON_WARFARIN_ANSWERS } from '../helpers/health-answers';

/** The built client's stand-in: the page and the service worker the build writes (with its compressed copy). */
const SW_SOURCE = 'self.addEventListener("fetch", () => {});';
const client = {
  'index.html': '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
  'admin/sw.js': SW_SOURCE,
  'admin/sw.js.gz': gzipSync(SW_SOURCE),
};
const t = useTestApp({ client, signedIn: true });

async function visit(date: string, time: string, over: Record<string, unknown> = {}) {
  const res = await book(t, bookingRequest({ date, time, ...over }));
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number; cancelToken: string }>();
}
// Confirmed in the database: the approval's own rules (red flags) are tested with the bookings.
const confirm = (id: number) => t.sql(`UPDATE bookings SET status = 'confirmed' WHERE id = $1`, [id]);

const sheet = async (query = '') => {
  const res = await t.admin.get(`/api/admin/day-sheet${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DaySheet>();
};

describe('GET /api/admin/day-sheet', () => {
  it('lists her confirmed visits in route order with address, phone, drives, km, alerts and red flags', async () => {
    const date = openDay(0);
    // Booked in an order the route rule lets through; the sheet orders them by the route.
    const pending = await visit(date, '12:00', { email: 'p@example.nz', address: '3 Wainui Road, Raglan' });
    const early = await visit(date, '10:00', { address: '12 Bow Street, Whale Bay, Raglan 3225' });
    const late = await visit(date, '15:00', {
      address: '100 Victoria Street, Hamilton',
      email: 'h@example.nz',
      firstName: 'Hine',
      lastName: 'Walker',
      phone: '027 222 3333',
    });
    await confirm(late.id);
    await confirm(early.id);
    const [row] = await t.sql<{ client_id: number }>('SELECT client_id FROM bookings WHERE id = $1', [early.id]);
    expect(
      (await t.admin.post(`/api/admin/clients/${row!.client_id}/alerts`, { text: 'Dog at the gate' })).statusCode,
    ).toBe(201);
    const form = await t.post(`/api/bookings/token/${early.cancelToken}/health-form`, {
      answers: ON_WARFARIN_ANSWERS,
      consent: {
        version: HEALTH_CONSENT.version,
        fullName: 'Ana Smith',
      },
    });
    expect(form.statusCode, form.body).toBe(201);

    const s = await sheet(`?date=${date}`);
    expect(s.date).toBe(date);
    expect(Date.now() - Date.parse(s.generatedAt)).toBeLessThan(60_000);
    // The pending request is not on her sheet.
    expect(s.visits.map((v) => v.bookingId)).toEqual([early.id, late.id]);
    expect(s.visits.map((v) => v.bookingId)).not.toContain(pending.id);
    const [first, second] = s.visits;
    expect(first).toMatchObject({
      clientName: 'Ana Smith',
      address: '12 Bow Street, Whale Bay, Raglan 3225',
      suburb: 'Whale Bay',
      phone: '021 123 4567',
      durationMinutes: 60,
      alerts: ['Dog at the gate'],
      healthFlags: ['blood thinners'],
    });
    expect(Date.parse(first!.endsAt) - Date.parse(first!.startsAt)).toBe(60 * 60_000);
    expect(first!.service).toEqual(expect.any(String));
    expect(second).toMatchObject({ clientName: 'Hine Walker', phone: '027 222 3333', alerts: [], healthFlags: [] });
    // Raglan to Hamilton: about 45 km by road.
    expect(second!.driveKm).toBeGreaterThan(35);
    expect(second!.driveKm).toBeLessThan(60);
    expect(second!.driveFromPreviousMinutes).toBeGreaterThan(30);
    // The day's km are the day route's: from base, between, and home.
    const route = await t.admin.getJson<{ totalKm: number }>(`/api/admin/bookings/day-route?date=${date}`);
    expect(s.totalKm).toBeGreaterThan(first!.driveKm! + second!.driveKm!);
    expect(s.totalKm).toBeLessThanOrEqual(route.totalKm + 0.1);
  });

  it('is today in New Zealand by default, an empty day is empty, and Tomorrow is the next date', async () => {
    expect((await sheet()).date).toBe(nzToday());
    const tomorrow = addDaysToDate(nzToday(), 1);
    const s = await sheet(`?date=${tomorrow}`);
    expect(s.date).toBe(tomorrow);
    expect(s.visits.every((v) => v.startsAt.length > 0)).toBe(true);
  });

  it('is 400 for a date that is not one, and 401 without a session', async () => {
    expectRejected(await t.admin.get('/api/admin/day-sheet?date=2026-02-30'), 400);
    expectRejected(await t.admin.get('/api/admin/day-sheet?date=tomorrow'), 400);
    expectRejected(await t.get(`/api/admin/day-sheet?date=${openDay(0)}`), 401);
    expectRejected(await t.get('/api/admin/day-sheet'), 401);
  });
});

describe('the admin app', () => {
  it('serves its manifest with the practice profile’s name, scoped to /admin (and /admin/...)', async () => {
    const res = await t.get('/admin/manifest.webmanifest');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const m = res.json<Record<string, unknown>>();
    expect(m).toMatchObject({
      name: t.config.practice.name,
      short_name: t.config.practice.shortName,
      start_url: '/admin/today',
      scope: '/admin',
      display: 'standalone',
      theme_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      background_color: expect.stringMatching(/^#[0-9a-f]{6}$/),
    });
    const icons = m.icons as { sizes: string; purpose: string }[];
    expect(icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  });

  it('serves the service worker uncached, allowed the /admin scope (/admin itself is hers too)', async () => {
    const res = await t.get('/admin/sw.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['service-worker-allowed']).toBe('/admin');
    expect(res.headers['content-type']).toMatch(/javascript/);
    // As a browser asks for it: its compressed copy, allowed the same scope (decision 026: it was not, so /admin could
    // never be the worker's).
    const compressed = await t.get('/admin/sw.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(compressed.headers['service-worker-allowed']).toBe('/admin');
  });

  it('links the manifest and icon on admin pages only: no public page is installable or registers a worker', async () => {
    for (const path of ['/admin', '/admin/today', '/admin/login']) {
      const page = await t.get(path);
      expect(page.body, path).toContain('<link rel="manifest" href="/admin/manifest.webmanifest" />');
      expect(page.body, path).toContain('<link rel="apple-touch-icon"');
      expect(page.body, path).toContain('<meta name="theme-color" media="(prefers-color-scheme: dark)"');
    }
    for (const path of ['/', '/booking', '/review', '/administrator']) {
      const page = await t.get(path);
      expect(page.body, path).not.toContain('manifest');
      expect(page.body, path).not.toContain('sw.js');
      expect(page.headers['service-worker-allowed'], path).toBeUndefined();
    }
  });
});
