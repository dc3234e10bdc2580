// `npm run bench:weight`: what the public pages cost to load. Builds when stale, starts
// the server on a temp data dir, loads /, /booking and /review in Chromium with the cache
// disabled, and prints the JS/CSS transferred, their gzip sizes (the server itself does
// not compress, a proxy in front would), the initial JS of / against the 150 kB budget,
// and first contentful paint / largest contentful paint.
// Decision 040: ends with each page's first-load JS (gzip, every script a phone in Chromium fetched
// until the network was idle) against its budget (BUDGETS_JS_GZIP), and exits 1 when one is over.
import fs from 'node:fs';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { BUDGETS_JS_GZIP } from '../scripts/page-weight.mjs';
import { buildApp, CHROMIUM_ARGS, CHROMIUM_PATH, startServer } from '../tests/e2e/harness.mjs';

const PAGES = ['/', '/booking', '/review'];
const BUDGET_JS_GZIP = 150_000;
const PROFILES = [
  { name: 'desktop 1366x900, unthrottled', viewport: { width: 1366, height: 900 } },
  // Lighthouse's mobile preset: 4x CPU slowdown, 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up.
  {
    name: 'phone 360x740, 4x CPU, slow 4G',
    viewport: { width: 360, height: 740 },
    cpu: 4,
    network: {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    },
  },
];

const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
const gzipCache = new Map();

async function gzipSize(url) {
  if (!gzipCache.has(url)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    gzipCache.set(url, {
      raw: body.length,
      gzip: zlib.gzipSync(body, { level: 6 }).length,
      brotli: zlib.brotliCompressSync(body).length,
    });
  }
  return gzipCache.get(url);
}

const LCP = `new Promise((resolve) => {
  let last = null;
  try {
    new PerformanceObserver((list) => { const e = list.getEntries(); last = e[e.length - 1]; })
      .observe({ type: 'largest-contentful-paint', buffered: true });
  } catch (e) {}
  setTimeout(() => resolve(last ? { time: last.startTime, element: last.element ? last.element.tagName.toLowerCase() + (last.element.id ? '#' + last.element.id : '') : null, size: last.size } : null), 300);
})`;
const FCP = `new Promise((resolve) => {
  let fcp = null;
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') fcp = e.startTime; })
      .observe({ type: 'paint', buffered: true });
  } catch (e) {}
  setTimeout(() => resolve(fcp), 300);
})`;
const NAV = `(() => { const n = performance.getEntriesByType('navigation')[0]; return n ? { ttfb: n.responseStart, dcl: n.domContentLoadedEventEnd, load: n.loadEventEnd } : null; })()`;

async function measure(browser, baseUrl, path, profile) {
  const context = await browser.newContext({ viewport: profile.viewport, timezoneId: 'America/Los_Angeles' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (profile.network) await cdp.send('Network.emulateNetworkConditions', profile.network);
  if (profile.cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpu });
  const requests = new Map();
  cdp.on('Network.requestWillBeSent', (e) => requests.set(e.requestId, { url: e.request.url, type: e.type, bytes: 0 }));
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.type = e.type;
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.bytes = e.encodedDataLength;
  });
  await page.goto(baseUrl + path, { waitUntil: 'networkidle' });
  const [fcp, lcp, nav] = [await page.evaluate(FCP), await page.evaluate(LCP), await page.evaluate(NAV)];
  await context.close();
  return { requests: [...requests.values()], fcp, lcp, nav };
}

if (!fs.existsSync(CHROMIUM_PATH)) {
  console.error(`Chromium not found at ${CHROMIUM_PATH} (set CHROMIUM_PATH).`);
  process.exit(1);
}
buildApp();
const server = await startServer({ quiet: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const firstLoadJs = {};
try {
  // One warm-up load so the server's first-request costs do not count.
  await measure(browser, server.baseUrl, '/', PROFILES[0]);
  for (const path of PAGES) {
    console.log(`\n=== ${path}`);
    const first = await measure(browser, server.baseUrl, path, PROFILES[0]);
    const files = first.requests.filter((r) => r.type === 'Script' || r.type === 'Stylesheet');
    let totals = {
      Script: { wire: 0, raw: 0, gzip: 0, brotli: 0, n: 0 },
      Stylesheet: { wire: 0, raw: 0, gzip: 0, brotli: 0, n: 0 },
    };
    for (const f of files) {
      const s = await gzipSize(f.url);
      const t = totals[f.type];
      t.wire += f.bytes;
      t.raw += s.raw;
      t.gzip += s.gzip;
      t.brotli += s.brotli;
      t.n += 1;
      console.log(
        `  ${f.type === 'Script' ? 'JS ' : 'CSS'} ${new URL(f.url).pathname.padEnd(48)} raw ${kB(s.raw).padStart(9)}  gzip ${kB(s.gzip).padStart(8)}  brotli ${kB(s.brotli).padStart(8)}  wire ${kB(f.bytes)}`,
      );
    }
    const html = first.requests.find((r) => r.type === 'Document');
    const api = first.requests.filter((r) => r.type === 'Fetch' || r.type === 'XHR');
    const other = first.requests.filter((r) => !['Script', 'Stylesheet', 'Document', 'Fetch', 'XHR'].includes(r.type));
    console.log(`  HTML document: ${kB(html?.bytes ?? 0)} on the wire`);
    console.log(
      `  API calls during load: ${api.length}${api.length ? ` (${api.map((r) => new URL(r.url).pathname).join(', ')})` : ''}`,
    );
    if (other.length)
      console.log(`  other: ${other.map((r) => `${r.type} ${new URL(r.url).pathname} ${kB(r.bytes)}`).join(', ')}`);
    for (const [type, t] of Object.entries(totals)) {
      console.log(
        `  ${type === 'Script' ? 'JS ' : 'CSS'} total: ${t.n} files, ${kB(t.wire)} on the wire, ${kB(t.gzip)} gzip, ${kB(t.brotli)} brotli`,
      );
    }
    // Render-critical JS: what the HTML itself loads (the entry module and its modulepreloads);
    // the rest was fetched later (lazy routes, deferred chrome such as menus).
    const html_ = await (await fetch(server.baseUrl + path)).text();
    const critical = new Set(
      [...html_.matchAll(/<(?:script[^>]*\bsrc|link[^>]*rel="modulepreload"[^>]*\bhref)="([^"]+\.js)"/g)].map(
        (m) => new URL(m[1], server.baseUrl).href,
      ),
    );
    let criticalGzip = 0;
    let laterGzip = 0;
    for (const f of files.filter((f) => f.type === 'Script')) {
      const size = (await gzipSize(f.url)).gzip;
      if (critical.has(f.url)) criticalGzip += size;
      else laterGzip += size;
    }
    console.log(
      `  JS gzip: ${kB(criticalGzip)} in the HTML (entry + modulepreload), ${kB(laterGzip)} loaded after it (lazy route, deferred parts)`,
    );
    if (path === '/') {
      const verdict = (n) => (n <= BUDGET_JS_GZIP ? 'within' : 'OVER');
      console.log(
        `  Initial JS for / gzipped: ${kB(criticalGzip)} render-critical (${verdict(criticalGzip)} the ${kB(BUDGET_JS_GZIP)} budget); ` +
          `${kB(totals.Script.gzip)} with everything fetched until the network is idle (${verdict(totals.Script.gzip)})`,
      );
    }
    for (const profile of PROFILES) {
      const m = profile === PROFILES[0] ? first : await measure(browser, server.baseUrl, path, profile);
      if (profile.cpu) {
        let gzip = 0;
        for (const r of m.requests.filter((r) => r.type === 'Script')) gzip += (await gzipSize(r.url)).gzip;
        firstLoadJs[path] = gzip;
      }
      const ms = (v) => (v == null ? 'n/a' : `${Math.round(v)} ms`);
      console.log(
        `  [${profile.name}] FCP ${ms(m.fcp)}, LCP ${ms(m.lcp?.time)}${m.lcp?.element ? ` (<${m.lcp.element}>)` : ''}, TTFB ${ms(m.nav?.ttfb)}, DCL ${ms(m.nav?.dcl)}, load ${ms(m.nav?.load)}`,
      );
    }
  }
  console.log('\nFirst-load JS, gzip, as the phone profile fetched it (issue 42 budgets):');
  for (const [path, budget] of Object.entries(BUDGETS_JS_GZIP)) {
    const over = (firstLoadJs[path] ?? Infinity) > budget;
    if (over) process.exitCode = 1;
    console.log(
      `  ${path.padEnd(9)} ${kB(firstLoadJs[path] ?? NaN).padStart(9)}  budget ${kB(budget)}  ${over ? 'OVER' : 'ok'}`,
    );
  }
  console.log(
    '\nNote: "wire" is what Chromium received (the server sends the pre-compressed brotli copies);\n"gzip" and "brotli" are computed here from the raw file, for comparison with the budget.',
  );
} finally {
  await browser.close();
  await server.stop();
}
