/** What every page gets before it runs: inlined data, site settings, headers; and the .ics download. */
import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { INITIAL_DATA_ELEMENT_ID } from '../../src/shared/constants';
import type { InitialData } from '../../src/shared/site';
import { nzInstant } from '../../src/shared/time';
import { createTestApp, useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';

/** The built client's stand-in. */
const client = {
  'index.html': '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
};
const t = useTestApp({ client, signedIn: true });

function inlineData(html: string): InitialData {
  const match = new RegExp(`<script id="${INITIAL_DATA_ELEMENT_ID}" type="application/json">(.*?)</script>`).exec(html);
  expect(match, 'inline data block').not.toBeNull();
  return JSON.parse(match![1]!) as InitialData;
}

describe('the page’s inline data', () => {
  it('carries practice, services, hours and featured reviews, equal to what the API answers', async () => {
    const page = await t.get('/');
    const data = inlineData(page.body);
    for (const url of [
      '/api/practice',
      '/api/services',
      '/api/business-hours',
      '/api/reviews?featured=true',
    ] as const) {
      const api = await t.get(url);
      expect(data.queries[url], url).toEqual(api.json());
    }
    expect(data.site).toEqual({ analytics: null, mapsEnabled: false, addressSuggestions: false, textsEnabled: false });
  });

  it('follows changes at once (no stale copy), and cannot be broken out of', async () => {
    const created = await t.admin.post('/api/services', {
      name: '</script><script>alert(1)</script>',
      description: 'x',
      durationOptions: [{ duration: 60, price: 100 }],
    });
    expect(created.statusCode).toBe(201);
    const page = await t.get('/booking');
    expect(page.body).not.toContain('</script><script>alert(1)');
    expect(inlineData(page.body).queries['/api/services'].map((s) => s.name)).toContain(
      '</script><script>alert(1)</script>',
    );
  });

  it('marks admin pages noindex, in the header and in the HTML', async () => {
    const robotsMeta = '<meta name="robots" content="noindex, nofollow" />';
    for (const path of ['/admin', '/admin/pending', '/admin/login?next=%2Fadmin%2Fpending']) {
      const admin = await t.get(path);
      expect(admin.headers['x-robots-tag']).toBe('noindex, nofollow');
      expect(admin.body).toContain(robotsMeta);
    }
    for (const path of ['/', '/booking', '/administrator']) {
      const page = await t.get(path);
      expect(page.headers['x-robots-tag']).toBeUndefined();
      expect(page.body).not.toContain('name="robots"');
    }
  });

  it('never serves index.html without its data', async () => {
    expect((await t.get('/index.html')).body).toContain(INITIAL_DATA_ELEMENT_ID);
  });
});

describe('GET /api/site', () => {
  it('says no analytics and no maps by default', async () => {
    expect((await t.get('/api/site')).json()).toEqual({
      analytics: null,
      mapsEnabled: false,
      addressSuggestions: false,
      textsEnabled: false,
    });
  });

  it('names the configured analytics provider and opens the CSP for it and for maps only then', async () => {
    const configured = await createTestApp({
      client,
      env: { ANALYTICS_PROVIDER: 'plausible', PLAUSIBLE_DOMAIN: 'massage.example.nz', GOOGLE_MAPS_API_KEY: 'test-key' },
    });
    try {
      const site = (await configured.app.inject({ method: 'GET', url: '/api/site' })).json();
      expect(site).toEqual({
        analytics: {
          provider: 'plausible',
          domain: 'massage.example.nz',
          scriptUrl: 'https://plausible.io/js/script.manual.js',
        },
        mapsEnabled: true,
        addressSuggestions: false,
        textsEnabled: false,
      });
      const csp = String((await configured.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
      expect(csp).toMatch(/script-src [^;]*https:\/\/plausible\.io/);
      expect(csp).toMatch(/script-src [^;]*https:\/\/maps\.googleapis\.com/);
      const plain = String((await t.get('/')).headers['content-security-policy']);
      expect(plain).not.toContain('plausible');
      expect(plain).not.toContain('googleapis');
    } finally {
      await configured.close();
    }
  });

  it('refuses an analytics provider without its settings', async () => {
    await expect(createTestApp({ env: { ANALYTICS_PROVIDER: 'ga4' } })).rejects.toThrow(/GA4_MEASUREMENT_ID/);
  });
});

describe('GET /api/bookings/token/{token}/calendar.ics', () => {
  it('downloads the appointment as an iCalendar file, and 404s a wrong token', async () => {
    const created = (await book(t, bookingRequest({ date: openDay(2), time: '14:00' }))).json();
    const res = await t.get(`/api/bookings/token/${created.cancelToken}/calendar.ics`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(res.headers['content-disposition']).toContain('appointment.ics');
    const vevent = new ICAL.Component(ICAL.parse(res.body) as unknown[]).getFirstSubcomponent('vevent');
    expect(vevent).not.toBeNull();
    const start = new ICAL.Event(vevent!).startDate;
    expect(start.zone?.tzid).toBe('UTC');
    expect(start.toJSDate()).toEqual(nzInstant(created.date, '14:00'));
    const wrong = await t.get('/api/bookings/token/wrong-token-000000000/calendar.ics');
    expect(wrong.statusCode).toBe(404);
  });
});
