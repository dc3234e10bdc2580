import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../src/server/app';
import { createTestApp, signIn, type TestApp } from '../helpers/app';

const INLINE_SCRIPT = "(function(){document.documentElement.classList.add('dark')})();";
let t: TestApp;
let clientDir: string;

beforeAll(async () => {
  // A stand-in for the built client: an index.html with an inline script and one asset.
  clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-client-'));
  fs.mkdirSync(path.join(clientDir, 'assets'));
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    `<!doctype html><html><head><title>Homevisit</title><meta name="description" content="x" /><script>${INLINE_SCRIPT}</script></head><body><div id="root"></div></body></html>`,
  );
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  fs.writeFileSync(path.join(clientDir, 'assets', 'app-abc123.js.gz'), zlib.gzipSync('console.log(1)'));
  t = await createTestApp({ CLIENT_DIR: clientDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

describe('unknown paths and bad requests', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual({ message: 'Not found' });
    const post = await t.app.inject({ method: 'POST', url: '/api/no-such-thing', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('refuses bodies over 100 kB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x', rating: 5, comment: 'a'.repeat(BODY_LIMIT_BYTES) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBeTruthy();
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin", ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid JSON body' });
  });

  it('answers a bad id with 400, not 500', async () => {
    const cookie = await signIn(t.app);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/services/99999999999999', headers: { cookie } });
    expect(res.statusCode).toBe(400);
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy whose scripts need no unsafe-inline', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(res.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src'))!;
    expect(scriptSrc).not.toContain('unsafe-inline');
    // The inline theme bootstrap is allowed by its hash, and only by it.
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('the client', () => {
  it('serves index.html for client routes (SPA fallback), uncached', async () => {
    for (const url of ['/', '/booking', '/booking/confirm/abc', '/admin/pending', '/some/unknown/page']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('names the practice in the page title and description before any script runs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.body).toContain(`<title>${t.config.practice.name}</title>`);
    expect(res.body).toContain(`<meta name="description" content="${t.config.practice.tagline}"`);
  });

  it('sends the pre-compressed copy of an asset when the browser accepts it', async () => {
    const gz = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('serves hashed assets with a long cache, and 404s a missing asset', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('cross-site request refusal (CSRF)', () => {
  const review = { name: 'Ana', rating: 5, comment: 'Lovely' };

  it('refuses a state-changing request from another origin with 403', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: { origin: 'https://evil.example.com' },
      payload: review,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-site request refused' });
  });

  it('refuses a cross-site request that carries no Origin but says it is cross-site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
  });

  it('accepts the site’s own origin, and reads are never refused', async () => {
    const own = await t.app.inject({
      method: 'POST',
      url: '/api/reviews',
      headers: { origin: 'http://localhost:3000' },
      payload: review,
      remoteAddress: '203.0.113.50',
    });
    expect(own.statusCode).toBe(201);
    const read = await t.app.inject({ method: 'GET', url: '/api/services', headers: { origin: 'https://evil.example.com' } });
    expect(read.statusCode).toBe(200);
  });
});

describe('health', () => {
  it('GET /healthz and /readyz answer when all is well', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe('ready');
  });
});

describe('failures inside the server', () => {
  it('answers 500 without internals, and /readyz 503, when the database is gone', async () => {
    const broken = await createTestApp();
    await broken.database.close();
    try {
      const res = await broken.app.inject({ method: 'GET', url: '/api/services' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Internal Server Error' });
      expect(res.body).not.toMatch(/select|services|stack|pglite|pg\b/i);
      const ready = await broken.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
    } finally {
      await broken.app.close();
    }
  });
});
