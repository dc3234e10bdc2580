import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../src/server/app';
import { createTestApp, useTestApp } from '../helpers/app';
import { expectScriptsByNonce } from '../helpers/csp';
import { expectRejected } from '../helpers/expect-rejected';

const INLINE_SCRIPT = "(function(){document.documentElement.classList.add('dark')})();";
// The built client's stand-in: an index.html with an inline script, and one asset.
const t = useTestApp({
  signedIn: true,
  client: {
    'index.html': `<!doctype html><html><head><title>Homevisit</title><meta name="description" content="x" /><script>${INLINE_SCRIPT}</script></head><body><div id="root"></div></body></html>`,
    'assets/app-abc123.js': 'console.log(1)',
    'assets/app-abc123.js.gz': zlib.gzipSync('console.log(1)'),
  },
});

describe('unknown paths and bad requests', () => {
  it('answers unknown /api paths with a JSON 404', async () => {
    const res = await t.get('/api/no-such-thing');
    expectRejected(res, 404, { message: 'Not found' });
    expect(res.headers['content-type']).toMatch(/application\/json/);
    const post = await t.post('/api/no-such-thing', {});
    expect(post.statusCode).toBe(404);
  });

  it('refuses bodies over 100 kB with 413', async () => {
    const res = await t.post(
      '/api/reviews',
      JSON.stringify({ name: 'x', rating: 5, comment: 'a'.repeat(BODY_LIMIT_BYTES) }),
      {
        headers: { 'content-type': 'application/json' },
      },
    );
    expect(expectRejected(res, 413).message).toBeTruthy();
  });

  it('answers malformed JSON with 400', async () => {
    const res = await t.post('/api/auth/login', '{"username": "admin", ', {
      headers: { 'content-type': 'application/json' },
    });
    expectRejected(res, 400, { message: 'Invalid JSON body' });
  });

  it('answers a bad id with 400, not 500', async () => {
    expect((await t.admin.del('/api/services/99999999999999')).statusCode).toBe(400);
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy whose scripts need no unsafe-inline', async () => {
    const res = await t.get('/');
    const csp = String(res.headers['content-security-policy']);
    // The inline theme bootstrap is allowed by this response's nonce, and a second page gets another.
    const nonce = expectScriptsByNonce(res);
    expect(res.body).toContain(`<script nonce="${nonce}">${INLINE_SCRIPT}</script>`);
    expect(expectScriptsByNonce(await t.get('/'))).not.toBe(nonce);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
  });
});

describe('the client', () => {
  it('serves index.html for client routes (SPA fallback), uncached', async () => {
    for (const url of ['/', '/booking', '/booking/confirm/abc', '/admin/pending', '/some/unknown/page']) {
      const res = await t.get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<div id="root">');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('names the practice in the page title and description before any script runs', async () => {
    const res = await t.get('/');
    expect(res.body).toContain(`<title>${t.config.practice.name}</title>`);
    expect(res.body).toContain(`<meta name="description" content="${t.config.practice.tagline}"`);
  });

  it('sends the pre-compressed copy of an asset when the browser accepts it', async () => {
    const gz = await t.get('/assets/app-abc123.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe('console.log(1)');
    const plain = await t.get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it('serves hashed assets with a long cache, and 404s a missing asset', async () => {
    const asset = await t.get('/assets/app-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.get('/assets/missing.js');
    expect(missing.statusCode).toBe(404);
  });
});

describe('cross-site request refusal (CSRF)', () => {
  const review = { name: 'Ana', rating: 5, comment: 'Lovely' };

  it('refuses a state-changing request from another origin with 403', async () => {
    const res = await t.post('/api/reviews', review, { headers: { origin: 'https://evil.example.com' } });
    expectRejected(res, 403, { message: 'Cross-site request refused' });
  });

  it('refuses a cross-site request that carries no Origin but says it is cross-site', async () => {
    const res = await t.post('/api/auth/logout', undefined, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.statusCode).toBe(403);
  });

  it('accepts the site’s own origin, and reads are never refused', async () => {
    const own = await t.post('/api/reviews', review, {
      headers: { origin: 'http://localhost:3000' },
      remoteAddress: '203.0.113.50',
    });
    expect(own.statusCode).toBe(201);
    const read = await t.get('/api/services', { headers: { origin: 'https://evil.example.com' } });
    expect(read.statusCode).toBe(200);
  });
});

describe('health', () => {
  it('GET /healthz and /readyz answer when all is well', async () => {
    expect((await t.get('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await t.get('/readyz');
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
      expectRejected(res, 500, { message: 'Internal Server Error' });
      expect(res.body).not.toMatch(/select|services|stack|pglite|pg\b/i);
      const ready = await broken.app.inject({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
    } finally {
      await broken.app.close();
    }
  });
});
