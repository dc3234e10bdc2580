/**
 * Analytics (docs/product.md §2): with a provider configured, route changes and booking events reach it
 * and booking tokens never do; with none (the shared e2e server), no script is loaded and the
 * page talks to no other origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { baseUrl, openPage, useBrowser } from './browser';
import { confirmCancellation } from './cancel';
import { createBooking, startServer, type RunningServer } from './harness.mjs';

useBrowser();

const SCRIPT_URL = 'https://plausible.example.test/js/script.manual.js';
let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    quiet: true,
    env: {
      ANALYTICS_PROVIDER: 'plausible',
      PLAUSIBLE_DOMAIN: 'homevisit.example.nz',
      PLAUSIBLE_SCRIPT_URL: SCRIPT_URL,
    },
  });
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

/**
 * Stands in for Plausible's script: records every call, including those the app queued in
 * plausible.q before the script arrived (the documented command queue).
 */
const FAKE_PLAUSIBLE = `(function () {
  var queued = (window.plausible && window.plausible.q) || [];
  window.__sent = [];
  window.plausible = function (name, options) {
    window.__sent.push({ name: name, u: (options && options.u) || null, props: (options && options.props) || null });
  };
  queued.forEach(function (args) { window.plausible.apply(null, args); });
})();`;

interface Sent {
  name: string;
  u: string | null;
  props: Record<string, unknown> | null;
}

async function openWithFakePlausible(path: string): Promise<Page> {
  const page = await openPage(null, { viewport: 'desktop' });
  await page.route('https://plausible.example.test/**', (route) =>
    route.fulfill({ status: 200, contentType: 'application/javascript', body: FAKE_PLAUSIBLE }),
  );
  await page.goto(`${server.baseUrl}${path}`);
  return page;
}

const sent = (page: Page) => page.evaluate<Sent[]>('window.__sent || []');
const pageviews = async (page: Page): Promise<string[]> =>
  (await sent(page)).filter((s) => s.name === 'pageview').map((s) => s.u!.replace(server.baseUrl, ''));

describe('analytics with Plausible configured', () => {
  it('reports the first page and every route change', async () => {
    const page = await openWithFakePlausible('/');
    await expect.poll(() => pageviews(page), { timeout: 10_000 }).toEqual(['/']);
    // Analytics loads once the page is hydrated, in a chunk of its own (lib/route-analytics.ts): the first page still
    // counts once.
    await page.waitForLoadState('networkidle');
    expect(await pageviews(page)).toEqual(['/']);
    const script = page.locator(`script[src="${SCRIPT_URL}"]`);
    expect(await script.getAttribute('data-domain')).toBe('homevisit.example.nz');

    await page.getByRole('banner').getByRole('link', { name: 'Reviews' }).first().click();
    await page.getByRole('heading', { name: 'Customer Reviews' }).waitFor();
    await expect.poll(() => pageviews(page)).toEqual(['/', '/review']);
  });

  it('reports a cancellation without the booking token', async () => {
    const booking = await createBooking(server.baseUrl, { time: '15:00', email: 'analytics.visitor@example.nz' });
    const page = await openWithFakePlausible(`/booking/cancel/${encodeURIComponent(booking.cancelToken)}`);
    await confirmCancellation(page);
    await page.getByRole('heading', { name: 'Booking Cancelled' }).waitFor();
    await expect.poll(async () => (await sent(page)).map((s) => s.name)).toContain('booking_cancelled');
    expect(await pageviews(page)).toContain('/booking/cancel/:token');
    expect(JSON.stringify(await sent(page))).not.toContain(booking.cancelToken);
  });
});

describe('analytics with no provider', () => {
  it('loads no script and contacts no other origin', async () => {
    const page = await openPage(null, { viewport: 'desktop' });
    const elsewhere: string[] = [];
    const scripts: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).origin !== new URL(baseUrl()).origin) elsewhere.push(r.url());
      else if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Reviews' }).first().click();
    await page.getByRole('heading', { name: 'Customer Reviews' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(elsewhere).toEqual([]);
    // Nor the analytics chunk (decision 040: nothing would be sent).
    expect(scripts.filter((path) => path.startsWith('/assets/analytics-'))).toEqual([]);
    expect(await page.evaluate('typeof window.plausible + " " + typeof window.gtag')).toBe('undefined undefined');
  });
});
