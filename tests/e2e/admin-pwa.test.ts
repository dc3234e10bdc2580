/**
 * Decision 026, "Installable": the admin area meets Chromium's install criteria (a manifest link, a manifest with the
 * practice's name, icons and /admin scope, a service worker active for /admin and /admin/...), and no public page has
 * any of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAsAdmin } from './admin';
import { openPage, useBrowser } from './browser';
import { startServer, type RunningServer } from './harness.mjs';

useBrowser();

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ quiet: true });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('the admin area as an app', () => {
  it('links a manifest and runs a service worker scoped to /admin', async () => {
    const page = await openPage(null);
    await signInAsAdmin(page, server.baseUrl, '/admin/today');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/admin/manifest.webmanifest');
    expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toMatch(/\.png$/);

    const manifest = await page.evaluate(async () => {
      const res = await fetch('/admin/manifest.webmanifest');
      return { type: res.headers.get('content-type'), body: (await res.json()) as Record<string, unknown> };
    });
    expect(manifest.type).toMatch(/^application\/manifest\+json/);
    expect(manifest.body).toMatchObject({
      start_url: '/admin/today',
      scope: '/admin',
      display: 'standalone',
      name: expect.any(String),
    });
    // Every icon the manifest names is served as a PNG of its size.
    const icons = manifest.body.icons as { src: string; sizes: string }[];
    for (const icon of icons) {
      const size = await page.evaluate<string>(
        `(async () => { const b = await createImageBitmap(await (await fetch(${JSON.stringify(icon.src)})).blob());
          return b.width + 'x' + b.height; })()`,
      );
      expect(size, icon.src).toBe(icon.sizes);
    }

    // Strings: these run in the page (the tests' own types are Node's).
    const scope = await page.evaluate<string>('navigator.serviceWorker.ready.then((r) => r.scope)');
    expect(scope).toBe(`${server.baseUrl}/admin`);
    const active = await page.evaluate<string>('navigator.serviceWorker.ready.then((r) => r.active.scriptURL)');
    expect(active).toBe(`${server.baseUrl}/admin/sw.js`);
  });

  it('leaves the public pages alone: no manifest, no worker controls them', async () => {
    const page = await openPage(null);
    await signInAsAdmin(page, server.baseUrl, '/admin/today');
    await page.evaluate('navigator.serviceWorker.ready.then(() => true)');
    for (const path of ['/', '/booking']) {
      await page.goto(path);
      expect(await page.locator('link[rel="manifest"]').count(), path).toBe(0);
      expect(await page.evaluate('navigator.serviceWorker.controller'), path).toBeNull();
      const registration = "navigator.serviceWorker.getRegistration('/').then((r) => (r ? r.scope : null))";
      expect(await page.evaluate(registration), path).toBeNull();
    }
  });
});
