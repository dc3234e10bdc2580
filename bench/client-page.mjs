// `npm run bench:client-page`: issue 24's target "the client page with 200 visits renders on a
// phone in under 1 s (Lighthouse mobile, signed in)".
//
// Builds when stale (under the build lock), starts the production server once on a temp DATA_DIR
// (migrations, demo content, the e2e admin), stops it, and writes one client with 200 visits into
// its PGlite database by SQL (as the API would have written them over the years): 10 upcoming
// confirmed, and 190 past ones every 9 days: completed, no-show, cancelled and a few never marked,
// over the demo's services and lengths, five travel fees and four addresses. Then it starts the
// server again on that data and, through the API, adds three alerts and treatment notes to twelve
// completed visits, and prints what GET /api/admin/clients/{id} answers (visit count, size).
//
// Measured, signed in, on /admin/clients/{id}:
//  - "ready": Playwright, 360x740, 4x CPU slowdown (CDP Emulation.setCPUThrottlingRate), the
//    network unthrottled (localhost): the time from navigation start until the Visits list holds
//    its 200th row, and until the frame after it (a rAF then a task), with the page's FCP and LCP,
//    and when the admin chunk and the API answer arrived. A fresh context (cold cache) per run.
//  - Lighthouse, its default mobile preset (4x CPU, simulated slow 4G, 412x823): performance
//    score, FCP, LCP, TBT, CLS. The session cookie comes from signing in inside the same Chromium
//    (a fetch of POST /api/auth/login from its page); `disableStorageReset` keeps it, and the
//    HTTP cache is cleared by CDP before each run instead. After each run the audited tab must
//    still be the client page showing her name and 200 rows, else the bench stops.
// Medians of N runs (default 3; `--runs 5`), after one untimed warm-up of each. Prints figures;
// not a test. `--no-build` measures dist/ as it is; `--save-lhr file.json` keeps the last Lighthouse result;
// `--save-html file.html` her page as sent.
/* global document, window, requestAnimationFrame, MutationObserver -- the page's code */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
// Lighthouse's own Puppeteer (its dependency): Lighthouse audits a page we hand it, so that the
// page can be checked after the run (which URL, what it shows).
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, E2E_ADMIN, adminCookie, startServer } from '../tests/e2e/harness.mjs';
import { build, load, median } from './harness.ts';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg('runs', '3'));
// `--save-lhr file.json`: the last Lighthouse result as it is, to read its trace-based audits.
const SAVE_LHR = arg('save-lhr', null);
// `--save-html file.html`: her page as the server sent it.
const SAVE_HTML = arg('save-html', null);
const VISITS = 200;
const UPCOMING = 10;
const TARGET_MS = 1000;
const ROWS = 'ul[aria-label="Visits, newest first"] > li';
const CLIENT = {
  firstName: 'Hinemoa',
  lastName: 'Te Whare',
  email: 'hinemoa.tewhare@example.nz',
  phone: '021 555 0200',
  e164: '+64215550200',
};
const NAME = `${CLIENT.firstName} ${CLIENT.lastName}`;
const ADDRESSES = [
  '12 Bow Street, Raglan',
  '4 Wainui Road, Raglan',
  '88 Te Uku Road, Te Uku',
  '3 Calvert Road, Whale Bay',
];
const TRAVEL_FEES = [0, 0, 1000, 1500, 2450];
const TIMES = ['09:00', '10:30', '13:00', '14:30', '16:00'];

const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
const ms = (v) => (v == null ? 'n/a' : `${Math.round(v)} ms`);
const verdict = (v) => (v == null ? '' : v < TARGET_MS ? 'met' : 'missed');

/** The 200 bookings, newest first: what each row of Visits will show. */
function visitRows(services) {
  const options = services.flatMap((s) =>
    s.duration_options.map((o) => ({ id: s.id, name: s.name, duration: o.duration, price: o.price })),
  );
  return Array.from({ length: VISITS }, (_, i) => {
    const past = i - UPCOMING;
    const option = options[(i * 7) % options.length];
    let status = 'confirmed';
    let outcome = null;
    if (past >= 0) {
      if (past % 10 === 3 || past % 10 === 7) status = 'cancelled';
      else if (past % 20 === 11) outcome = 'no-show';
      else if (past % 15 !== 14) outcome = 'completed'; // the rest: never marked
    }
    return {
      day_offset: past < 0 ? 3 + 7 * (UPCOMING - 1 - i) : -4 - 9 * past,
      time: TIMES[i % TIMES.length],
      service_id: option.id,
      service_name: option.name,
      duration: option.duration,
      price: option.price,
      travel_cost: TRAVEL_FEES[i % TRAVEL_FEES.length],
      address: ADDRESSES[Math.min(ADDRESSES.length - 1, Math.floor(Math.max(past, 0) / 50))],
      status,
      outcome,
      token: randomBytes(24).toString('hex'),
    };
  });
}

/** Writes the client, her contacts and her 200 bookings into the (stopped) server's PGlite database. */
async function seed(dataDir) {
  const db = await PGlite.create(path.join(dataDir, 'pglite'));
  try {
    const { rows: services } = await db.query(
      'SELECT id, name, duration_options FROM services ORDER BY sort_order, id',
    );
    const {
      rows: [client],
    } = await db.query(
      `INSERT INTO clients (first_name, last_name, email, phone, created_at, updated_at)
       VALUES ($1, $2, $3, $4, now() - interval '5 years', now()) RETURNING id`,
      [CLIENT.firstName, CLIENT.lastName, CLIENT.email, CLIENT.phone],
    );
    await db.query(`INSERT INTO client_contacts (client_id, kind, value) VALUES ($1, 'email', $2), ($1, 'phone', $3)`, [
      client.id,
      CLIENT.email,
      CLIENT.e164,
    ]);
    await db.query(
      `WITH r AS (
         SELECT x.*, ((now() AT TIME ZONE 'Pacific/Auckland')::date + x.day_offset) AS day
         FROM jsonb_to_recordset($1::jsonb) AS x(day_offset int, time text, service_id int, service_name text,
              duration int, price int, travel_cost int, address text, status text, outcome text, token text)),
       s AS (SELECT r.*, (r.day + r.time::time) AT TIME ZONE 'Pacific/Auckland' AS starts FROM r)
       INSERT INTO bookings (service_id, service_name, date, time, duration, price, travel_cost, address,
                             first_name, last_name, email, phone, cancel_token, status, starts_at, ends_at,
                             buffer_ends_at, client_id, created_at, updated_at, status_changed_at, outcome, outcome_at)
       SELECT service_id, service_name, day, time, duration, price, travel_cost, address, $2, $3, $4, $5, token,
              status, starts, starts + duration * interval '1 minute', starts + (duration + 15) * interval '1 minute',
              $6, least(now(), starts - interval '9 days'), least(now(), starts - interval '9 days'),
              CASE WHEN status = 'cancelled' THEN starts - interval '2 days' ELSE least(now(), starts - interval '9 days') END,
              outcome, CASE WHEN outcome IS NULL THEN NULL ELSE starts + (duration + 120) * interval '1 minute' END
       FROM s`,
      [JSON.stringify(visitRows(services)), CLIENT.firstName, CLIENT.lastName, CLIENT.email, CLIENT.phone, client.id],
    );
    return client.id;
  } finally {
    await db.close();
  }
}

/** Alerts and treatment notes through the API (both are sealed with the server's key). */
async function addAlertsAndNotes(baseUrl, cookie, id) {
  const headers = { cookie, origin: baseUrl, 'content-type': 'application/json' };
  const post = async (url, body) => {
    const res = await fetch(baseUrl + url, { method: 'POST', headers, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`POST ${url} answered ${res.status}: ${await res.text()}`);
  };
  for (const text of ['Dog at the gate', 'Prefers firm pressure', 'Park on the street, not the drive'])
    await post(`/api/admin/clients/${id}/alerts`, { text });
  const detail = await (await fetch(`${baseUrl}/api/admin/clients/${id}`, { headers: { cookie } })).json();
  const completed = detail.visits.filter((v) => v.outcome === 'completed').slice(0, 12);
  for (const v of completed)
    await post(`/api/admin/bookings/${v.bookingId}/notes`, {
      subjective: 'Tight shoulders after a week of gardening; lower back fine.',
      objective: 'Trigger points in both upper trapezius, left worse.',
      treatment: `${v.serviceName}, ${v.duration} minutes; focus on neck and shoulders.`,
      plan: 'Stretches twice a day; again in three weeks.',
    });
  return completed.length;
}

/** What the API answers for her, and how long it takes (median of 10, signed in, one at a time). */
async function describeApi(baseUrl, cookie, id) {
  const url = `${baseUrl}/api/admin/clients/${id}`;
  const samples = [];
  let body = '';
  for (let i = 0; i < 11; i++) {
    const t0 = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    body = await res.text();
    if (i > 0) samples.push(performance.now() - t0);
    if (!res.ok) throw new Error(`GET ${url} answered ${res.status}: ${body}`);
  }
  const data = JSON.parse(body);
  const count = (pred) => data.visits.filter(pred).length;
  return {
    data,
    raw: Buffer.byteLength(body),
    gzip: zlib.gzipSync(body).length,
    ms: median(samples),
    breakdown:
      `${count((v) => v.status === 'confirmed' && v.outcome === 'completed')} completed, ` +
      `${count((v) => v.outcome === 'no-show')} no-show, ${count((v) => v.status === 'cancelled')} cancelled, ` +
      `${count((v) => v.status === 'confirmed' && v.outcome === null)} confirmed unmarked ` +
      `(${data.totals.upcoming} of them upcoming), ${count((v) => v.hasNote)} flagged hasNote; ` +
      `${new Set(data.visits.map((v) => v.serviceName)).size} services, ` +
      `${new Set(data.visits.map((v) => v.price)).size} prices, ${new Set(data.visits.map((v) => v.travelCost)).size} travel fees, ` +
      `${data.addresses.length} addresses, ${data.alerts.length} alerts`,
  };
}

/** Runs before any of the page's scripts: marks when the Visits list holds its last row. */
function readyProbe({ selector, rows }) {
  const mark = { rows: null, painted: null, fcp: null, lcp: null, longTasks: 0 };
  window.__bench = mark;
  new MutationObserver((_, observer) => {
    if (document.querySelectorAll(selector).length < rows) return;
    mark.rows = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => setTimeout(() => (mark.painted = performance.now())));
  }).observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) mark.lcp = e.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') mark.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) mark.longTasks += e.duration;
  }).observe({ type: 'longtask', buffered: true });
}

/** One Playwright run: a fresh signed-in context on a phone-sized viewport, the CPU 4x slower. */
async function readyRun(browser, baseUrl, url, files) {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    timezoneId: 'Pacific/Auckland',
  });
  try {
    const login = await context.request.post(`${baseUrl}/api/auth/login`, {
      data: E2E_ADMIN,
      headers: { origin: baseUrl },
    });
    if (!login.ok()) throw new Error(`sign-in answered ${login.status()}`);
    const page = await context.newPage();
    if (files) {
      page.on('response', (r) => {
        const type = r.request().resourceType();
        if (['script', 'stylesheet', 'fetch', 'document'].includes(type)) files.push({ url: r.url(), type });
      });
    }
    await page.addInitScript(readyProbe, { selector: ROWS, rows: VISITS });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => window.__bench.painted != null, null, { timeout: 60_000 });
    if (new URL(page.url()).pathname !== new URL(url).pathname) throw new Error(`ended on ${page.url()}`);
    return await page.evaluate(() => {
      const entries = performance.getEntriesByType('resource');
      const end = (test) => entries.find((e) => test(e.name))?.responseEnd ?? null;
      return {
        ...window.__bench,
        heading: document.querySelector('h2')?.textContent ?? null,
        api: end((n) => /\/api\/admin\/clients\/\d+$/.test(n)),
        me: end((n) => n.includes('/api/auth/me')),
        adminChunk: end((n) => /admin-routes|admin-dashboard/.test(n)),
        lastScript: Math.max(
          0,
          ...entries.filter((e) => e.initiatorType === 'script' || e.name.endsWith('.js')).map((e) => e.responseEnd),
        ),
      };
    });
  } finally {
    await context.close();
  }
}

async function gzipOf(url) {
  const body = Buffer.from(await (await fetch(url)).arrayBuffer());
  return { raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length };
}

/**
 * Her page as the server sends it to her browser (brotli, her session): the document Lighthouse times. Its parts raw
 * and compressed alone: the inline CSS (decision 029: the page's critical CSS), the two data blocks, the drawn page.
 */
async function documentOf(url, cookie) {
  // node:http, not fetch: fetch decompresses, and the bytes on the wire are the figure.
  const { headers, body: sent } = await new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie, 'accept-encoding': 'br' } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
  const html = headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(sent).toString() : String(sent);
  if (SAVE_HTML) fs.writeFileSync(SAVE_HTML, html);
  const br = (text) => zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } }).length;
  const part = (re) => re.exec(html)?.[0] ?? '';
  const parts = {
    'inline CSS': part(/<style>[\s\S]*?<\/style>/),
    'site data': part(/<script id="hv-initial-data"[\s\S]*?<\/script>/),
    'page data': part(/<script id="hv-admin-data"[\s\S]*?<\/script>/),
    'drawn page': part(/<div id="root"[\s\S]*<\/div>/),
  };
  const list = Object.entries(parts).map(([name, text]) => `${name} ${kB(text.length)} (${kB(br(text))} br alone)`);
  return { sent: sent.length, raw: html.length, detail: list.join(', ') };
}

/** One Lighthouse run on a tab of the signed-in Chromium; checks what it audited. */
async function lighthouseRun(pptr, url) {
  const page = await pptr.newPage();
  try {
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
    const result = await lighthouse(
      url,
      { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: true },
      undefined,
      page,
    );
    const lhr = result.lhr;
    if (SAVE_LHR) fs.writeFileSync(SAVE_LHR, JSON.stringify(lhr));
    if (lhr.runtimeError || lhr.categories.performance.score == null) {
      console.log(`  (a Lighthouse run failed: ${lhr.runtimeError?.code ?? 'no performance score'})`);
      return null;
    }
    // The numbers mean something only if it audited her page, signed in.
    const seen = await page.evaluate(
      (selector) => ({
        heading: document.querySelector('h2')?.textContent ?? '',
        rows: document.querySelectorAll(selector).length,
      }),
      ROWS,
    );
    const finalPath = new URL(lhr.finalDisplayedUrl).pathname;
    if (finalPath !== new URL(url).pathname || new URL(page.url()).pathname !== finalPath || seen.heading !== NAME) {
      throw new Error(
        `Lighthouse did not audit the signed-in client page: final URL ${lhr.finalDisplayedUrl}, tab ${page.url()}, heading "${seen.heading}"`,
      );
    }
    const audit = (id) => lhr.audits[id]?.numericValue ?? null;
    const display = (id) => lhr.audits[id]?.displayValue ?? null;
    // LH 13: the LCP element and its subparts are in the LCP breakdown insight (a table and a node).
    const lcpItems = lhr.audits['lcp-breakdown-insight']?.details?.items ?? [];
    return {
      perf: Math.round(lhr.categories.performance.score * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      si: audit('speed-index'),
      tti: audit('interactive'),
      rows: seen.rows,
      finalUrl: lhr.finalDisplayedUrl,
      lcpElement: lcpItems.find((item) => item.type === 'node') ?? null,
      lcpParts: (lcpItems.find((item) => item.type === 'table')?.items ?? [])
        .map((part) => `${part.label} ${Math.round(part.duration)} ms`)
        .join(', '),
      mainThread: display('mainthread-work-breakdown'),
      bootup: display('bootup-time'),
      bytes: display('total-byte-weight'),
      dom: lhr.audits['dom-size-insight']?.details?.debugData ?? null,
    };
  } finally {
    await page.close().catch(() => {});
  }
}

if (!fs.existsSync(CHROMIUM_PATH)) {
  console.error(`Chromium not found at ${CHROMIUM_PATH} (set CHROMIUM_PATH).`);
  process.exit(1);
}
build();
console.log(
  `load average before: ${load()}  (${os.cpus().length} cores, ${os.cpus()[0]?.model ?? '?'}, Node ${process.version})`,
);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-client-page-'));
let server;
let browser;
let chrome;
let pptr;
try {
  // First start: migrations, demo content, the admin. Then the visits, written while it is stopped
  // (PGlite is one process's database).
  const first = await startServer({ quiet: true, env: { DATA_DIR: dataDir } });
  await first.stop();
  const clientId = await seed(dataDir);
  server = await startServer({ quiet: true, env: { DATA_DIR: dataDir } });
  const cookie = await adminCookie(server.baseUrl);
  const notes = await addAlertsAndNotes(server.baseUrl, cookie, clientId);
  const api = await describeApi(server.baseUrl, cookie, clientId);
  const url = `${server.baseUrl}/admin/clients/${clientId}`;
  console.log(`\n${url}: ${api.data.name} (${notes} treatment notes written through the API)`);
  console.log(`  GET /api/admin/clients/${clientId} answers ${api.data.visits.length} visits: ${api.breakdown}`);
  console.log(
    `  its answer: ${kB(api.raw)} raw, ${kB(api.gzip)} gzip; ${ms(api.ms)} median server time (localhost, 10 GETs)`,
  );
  if (api.data.visits.length !== VISITS)
    throw new Error(`the API answers ${api.data.visits.length} visits, not ${VISITS}`);

  // "Ready": Playwright, 360x740, 4x CPU.
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const files = [];
  await readyRun(browser, server.baseUrl, url, files); // warm-up, and what the page fetches
  const ready = [];
  for (let i = 0; i < RUNS; i++) ready.push(await readyRun(browser, server.baseUrl, url));
  await browser.close();
  browser = null;
  console.log('\nWhat the page fetches (cold cache):');
  let js = 0;
  let css = 0;
  for (const f of files) {
    const size = f.type === 'script' || f.type === 'stylesheet' || f.type === 'document' ? await gzipOf(f.url) : null;
    if (f.type === 'script') js += size.gzip;
    if (f.type === 'stylesheet') css += size.gzip;
    console.log(
      `  ${f.type.padEnd(10)} ${new URL(f.url).pathname.padEnd(48)} ${size ? `${kB(size.gzip).padStart(9)} gzip` : ''}`,
    );
  }
  console.log(`  JS ${kB(js)} gzip, CSS ${kB(css)} gzip (the API answer: ${kB(api.gzip)} gzip)`);
  // The document above is what a fetch without her session gets (the empty shell); hers:
  const doc = await documentOf(url, cookie);
  console.log(`  her page as sent: ${kB(doc.sent)} brotli, ${kB(doc.raw)} raw: ${doc.detail}`);
  console.log('\nReady (Playwright, 360x740, 4x CPU, network unthrottled), ms from navigation start:');
  for (const r of ready)
    console.log(
      `  admin chunk ${ms(r.adminChunk)}, /api/auth/me ${ms(r.me)}, API answer ${ms(r.api)}, FCP ${ms(r.fcp)}, ` +
        `LCP ${ms(r.lcp)}, row ${VISITS} in the DOM ${ms(r.rows)}, painted ${ms(r.painted)}; long tasks ${ms(r.longTasks)}`,
    );
  if (ready.some((r) => r.heading !== NAME)) throw new Error('the ready run did not show her name');

  // Lighthouse on a Chromium signed in from its own page.
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  pptr = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const signIn = await pptr.newPage();
  await signIn.goto(`${server.baseUrl}/admin/login`);
  const status = await signIn.evaluate(
    async (body) =>
      (await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body }))
        .status,
    JSON.stringify(E2E_ADMIN),
  );
  await signIn.close();
  if (status !== 200) throw new Error(`signing in from Chromium answered ${status}`);
  await lighthouseRun(pptr, url); // warm-up
  const lh = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await lighthouseRun(pptr, url);
    if (!r) continue;
    lh.push(r);
    console.log(
      `  Lighthouse run ${i + 1}: perf ${r.perf}, FCP ${ms(r.fcp)}, LCP ${ms(r.lcp)}, TBT ${ms(r.tbt)}, CLS ${r.cls?.toFixed(3)}, ` +
        `SI ${ms(r.si)}, TTI ${ms(r.tti)}; audited ${new URL(r.finalUrl).pathname} showing "${NAME}" and ${r.rows} rows`,
    );
  }
  const last = lh.at(-1);
  if (last) {
    console.log(
      `  last run: LCP element "${last.lcpElement?.nodeLabel ?? '?'}" (${last.lcpElement?.snippet?.slice(0, 80) ?? '?'}); ` +
        `LCP subparts (simulated): ${last.lcpParts || '?'}`,
    );
    console.log(
      `  main thread ${last.mainThread ?? '?'}, JS execution ${last.bootup ?? '?'}, ${last.bytes ?? '?'}, ` +
        `DOM ${last.dom ? `${last.dom.totalElements} elements, at most ${last.dom.maxChildren} children` : '?'}`,
    );
  }

  const m = (list, key) => median(list.map((r) => r[key]));
  const rows = [
    ['Lighthouse performance score', m(lh, 'perf'), lh.map((r) => r.perf), (v) => String(v), '-'],
    ['Lighthouse FCP', m(lh, 'fcp'), lh.map((r) => r.fcp), ms, `< ${TARGET_MS} ms`],
    ['Lighthouse LCP', m(lh, 'lcp'), lh.map((r) => r.lcp), ms, `< ${TARGET_MS} ms`],
    ['Lighthouse TBT', m(lh, 'tbt'), lh.map((r) => r.tbt), ms, '-'],
    ['Lighthouse CLS', m(lh, 'cls'), lh.map((r) => r.cls), (v) => v.toFixed(3), '-'],
    [`Ready: row ${VISITS} in the DOM (4x CPU)`, m(ready, 'rows'), ready.map((r) => r.rows), ms, `< ${TARGET_MS} ms`],
    [
      `Ready: row ${VISITS} painted (4x CPU)`,
      m(ready, 'painted'),
      ready.map((r) => r.painted),
      ms,
      `< ${TARGET_MS} ms`,
    ],
    ['Playwright FCP (4x CPU)', m(ready, 'fcp'), ready.map((r) => r.fcp), ms, `< ${TARGET_MS} ms`],
  ];
  console.log(
    `\nTable (median of ${RUNS}; ${api.data.visits.length} visits from the API, ${kB(api.gzip)} gzip; load average after: ${load()})`,
  );
  console.log('| Figure | Median | Runs | Target | |');
  console.log('| --- | ---: | --- | --- | --- |');
  for (const [label, value, runs, fmt, target] of rows) {
    const mark = target === '-' || value == null ? '' : verdict(value);
    const list = runs.map((v) => (v == null ? 'n/a' : fmt === ms ? Math.round(v) : fmt(v))).join(', ');
    console.log(`| ${label} | ${value == null ? 'n/a' : fmt(value)} | ${list} | ${target} | ${mark} |`);
  }
} finally {
  await pptr?.disconnect().catch(() => {});
  await browser?.close().catch(() => {});
  if (chrome) await chrome.kill();
  await server?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
