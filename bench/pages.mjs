// `npm run bench:pages`: what the public pages cost a phone, beside a static floor.
// Builds when stale (holding the build lock), starts the production server on a temp
// DATA_DIR, and for /, /booking and /review prints:
//  - first-load JS and CSS gzipped: every script and stylesheet fetched until the network is
//    idle without any interaction (the entry, its modulepreloads, the lazy route chunk), and
//    the stylesheets inlined in the HTML (counted in CSS, and in the HTML's size too);
//  - Lighthouse (mobile preset: 4x CPU, slow 4G, 412x823) performance, accessibility, LCP,
//    CLS and TBT, median of N runs (default 3; `--runs 5`);
//  - the same Lighthouse run on a "floor": a plain HTML page holding the page's visible
//    text (read from the rendered page), served as a string by node:http, measured in the
//    same run, interleaved; and the LCP ratio page / floor.
// Prints figures; not a test. `--pages /,/review` limits the pages; `--no-build` skips the build.
/* global document, NodeFilter -- page.evaluate runs in the browser */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH, startServer } from '../tests/e2e/harness.mjs';
import { build, load, median } from './bench-common.mjs';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const PAGES = arg('pages', '/,/booking,/review').split(',');
const RUNS = Number(arg('runs', '3'));
const kB = (n) => `${(n / 1000).toFixed(1)} kB`;

const gzipCache = new Map();
async function gzipSize(url) {
  if (!gzipCache.has(url)) {
    const body = Buffer.from(await (await fetch(url)).arrayBuffer());
    gzipCache.set(url, { raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length });
  }
  return gzipCache.get(url);
}

/** Scripts and stylesheets fetched until network idle, and the page's visible text by block. */
async function inspect(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    timezoneId: 'America/Los_Angeles',
  });
  const page = await context.newPage();
  const files = [];
  page.on('response', (r) => {
    const type = r.request().resourceType();
    if (type === 'script' || type === 'stylesheet') files.push({ url: r.url(), type });
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  // Each visible leaf block's text, in document order: the floor shows the same words.
  const blocks = await page.evaluate(() => {
    const out = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    let parent = null;
    let text = '';
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest('script,style,noscript') || !el.checkVisibility?.()) continue;
      const value = node.textContent.replace(/\s+/g, ' ').trim();
      if (!value) continue;
      const block = el.closest('h1,h2,h3,h4,p,li,a,button,label,dt,dd,td,th,span,div');
      if (block !== parent && text) out.push({ tag: parent?.tagName === 'H1' ? 'h1' : 'p', text });
      if (block !== parent) text = '';
      parent = block;
      text = text ? `${text} ${value}` : value;
    }
    if (text) out.push({ tag: parent?.tagName === 'H1' ? 'h1' : 'p', text });
    return out;
  });
  const html = await (await fetch(url)).text();
  await context.close();
  return { files, blocks, html };
}

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
function floorHtml(blocks) {
  const body = blocks.map((b) => `<${b.tag}>${escape(b.text)}</${b.tag}>`).join('\n');
  return `<!doctype html><html lang="en-NZ"><head><meta charset="UTF-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Floor</title><meta name="description" content="floor"></head><body>\n${body}\n</body></html>`;
}

/** A node:http server answering each floor path with its string. */
async function startFloor(pages) {
  const server = http.createServer((req, res) => {
    const html = pages.get(new URL(req.url, 'http://x').pathname);
    if (!html) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' }).end(html);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { baseUrl: `http://127.0.0.1:${server.address().port}`, stop: () => new Promise((r) => server.close(r)) };
}

async function runLighthouse(port, url) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
  });
  const lhr = result.lhr;
  // A failed run (e.g. NO_FCP when the machine is busy) is reported and left out of the medians.
  if (lhr.runtimeError || lhr.categories.performance.score == null) {
    console.log(`  (a Lighthouse run of ${url} failed: ${lhr.runtimeError?.code ?? 'no performance score'})`);
    return null;
  }
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  const failed = Object.values(lhr.audits)
    .filter((a) => lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id && r.weight > 0) && a.score === 0)
    .map((a) => a.id);
  return {
    perf: Math.round(lhr.categories.performance.score * 100),
    a11y: Math.round(lhr.categories.accessibility.score * 100),
    lcp: audit('largest-contentful-paint'),
    fcp: audit('first-contentful-paint'),
    cls: audit('cumulative-layout-shift'),
    tbt: audit('total-blocking-time'),
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
    failed,
  };
}

const summarize = (runs) => ({
  perf: median(runs.map((r) => r.perf)),
  a11y: median(runs.map((r) => r.a11y)),
  lcp: median(runs.map((r) => r.lcp)),
  fcp: median(runs.map((r) => r.fcp)),
  cls: median(runs.map((r) => r.cls)),
  tbt: median(runs.map((r) => r.tbt)),
});

if (!fs.existsSync(CHROMIUM_PATH)) {
  console.error(`Chromium not found at ${CHROMIUM_PATH} (set CHROMIUM_PATH).`);
  process.exit(1);
}
build();
console.log(
  `load average before: ${load()}  (${os.cpus().length} cores, ${os.cpus()[0]?.model ?? '?'}, Node ${process.version})`,
);
const server = await startServer({ quiet: true });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const floors = new Map();
const weights = new Map();
let floor;
let chrome;
try {
  for (const page of PAGES) {
    const { files, blocks, html } = await inspect(browser, server.baseUrl + page);
    floors.set(page, floorHtml(blocks));
    const inHtml = new Set(
      [...html.matchAll(/<(?:script[^>]*\bsrc|link[^>]*\bhref)="([^"]+\.(?:js|css))"/g)].map(
        (m) => new URL(m[1], server.baseUrl).href,
      ),
    );
    const w = { js: 0, css: 0, jsInHtml: 0, files: [] };
    for (const f of files) {
      const s = await gzipSize(f.url);
      if (f.type === 'script') w.js += s.gzip;
      else w.css += s.gzip;
      if (f.type === 'script' && inHtml.has(f.url)) w.jsInHtml += s.gzip;
      w.files.push(
        `${f.type === 'script' ? 'JS ' : 'CSS'} ${new URL(f.url).pathname.padEnd(44)} ${kB(s.gzip).padStart(8)} gzip${inHtml.has(f.url) ? '  (in the HTML)' : ''}`,
      );
    }
    // Stylesheets written into the page (the server-rendered pages inline theirs) count as CSS too.
    for (const m of html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)) {
      const gzip = zlib.gzipSync(m[1], { level: 9 }).length;
      w.css += gzip;
      w.files.push(`CSS ${'(inline <style> in the HTML)'.padEnd(44)} ${kB(gzip).padStart(8)} gzip`);
    }
    w.htmlGzip = zlib.gzipSync(html).length;
    weights.set(page, w);
  }
  await browser.close();
  floor = await startFloor(floors);
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  // Warm-up: the server's and Chromium's first-run costs do not count.
  await runLighthouse(chrome.port, server.baseUrl + '/');
  await runLighthouse(chrome.port, floor.baseUrl + '/');
  const results = new Map();
  for (const page of PAGES) {
    const runs = { page: [], floor: [] };
    for (let i = 0; i < RUNS; i++) {
      runs.page.push(await runLighthouse(chrome.port, server.baseUrl + page));
      runs.floor.push(await runLighthouse(chrome.port, floor.baseUrl + page));
    }
    runs.page = runs.page.filter(Boolean);
    runs.floor = runs.floor.filter(Boolean);
    results.set(page, runs);
    const p = summarize(runs.page);
    const f = summarize(runs.floor);
    const w = weights.get(page);
    console.log(`\n=== ${page}`);
    for (const line of w.files) console.log(`  ${line}`);
    console.log(
      `  first-load JS ${kB(w.js)} gzip (${kB(w.jsInHtml)} named in the HTML), CSS ${kB(w.css)} gzip, HTML ${kB(w.htmlGzip)} gzip`,
    );
    const ms = (v) => (v == null ? 'n/a' : `${Math.round(v)} ms`);
    console.log(
      `  page : perf ${p.perf}, a11y ${p.a11y}, FCP ${ms(p.fcp)}, LCP ${ms(p.lcp)}, CLS ${p.cls?.toFixed(3)}, TBT ${ms(p.tbt)}`,
    );
    console.log(
      `  floor: perf ${f.perf}, a11y ${f.a11y}, FCP ${ms(f.fcp)}, LCP ${ms(f.lcp)}, CLS ${f.cls?.toFixed(3)}, TBT ${ms(f.tbt)}`,
    );
    console.log(
      `  LCP ratio page/floor: ${(p.lcp / f.lcp).toFixed(2)}x   ${runs.page.length} + ${runs.floor.length} good runs, LCP: ${runs.page.map((r) => Math.round(r.lcp)).join(', ')} / floor ${runs.floor.map((r) => Math.round(r.lcp)).join(', ')}`,
    );
    const element = runs.page.at(-1)?.lcpElement;
    if (element) console.log(`  LCP element: ${element.slice(0, 120)}`);
    const failed = [...new Set(runs.page.flatMap((r) => r.failed))];
    if (failed.length) console.log(`  accessibility audits failed: ${failed.join(', ')}`);
  }
  console.log(`\nTable (median of ${RUNS}; load average after: ${load()})`);
  // HTML gzip: under one TCP window (~14 kB), the first paint needs a single round trip.
  console.log(
    '| Page | HTML gzip | First-load JS gzip | CSS gzip | Perf | A11y | LCP ms | Floor LCP ms | LCP ratio | CLS | TBT ms |',
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const page of PAGES) {
    const w = weights.get(page);
    const p = summarize(results.get(page).page);
    const f = summarize(results.get(page).floor);
    console.log(
      `| ${page} | ${kB(w.htmlGzip)} | ${kB(w.js)} | ${kB(w.css)} | ${p.perf} | ${p.a11y} | ${Math.round(p.lcp)} | ${Math.round(f.lcp)} | ${(p.lcp / f.lcp).toFixed(2)}x | ${p.cls?.toFixed(3)} | ${Math.round(p.tbt)} |`,
    );
  }
} finally {
  await browser.close().catch(() => {});
  if (chrome) await chrome.kill();
  if (floor) await floor.stop();
  await server.stop();
}
