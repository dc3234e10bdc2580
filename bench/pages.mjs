// `npm run bench:pages` (`[--runs 3] [--pages /,/review] [--no-build]`): the Lighthouse budgets for the
// public pages on a phone: Lighthouse mobile (4x CPU, simulated slow 4G, 412x823) performance at least 95,
// accessibility 100, total blocking time at most 150 ms on /, medians of N runs, and the LCP beside a "floor" in the
// same run: a plain HTML page with the page's visible text, served by node:http (target 1.3x, standing missed:
// docs/performance.md). First-load JS is bench/page-weight.mjs's.
/* global document, NodeFilter -- page.evaluate runs in the browser */
import http from 'node:http';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/e2e/harness.mjs';
import { build, median, report, startServer } from './harness.ts';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const PAGES = arg('pages', '/,/booking,/review').split(',');
const RUNS = Number(arg('runs', '3'));

/** The page's visible text by block, in document order: the floor shows the same words. */
async function visibleText(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    timezoneId: 'America/Los_Angeles',
  });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle' });
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
  await context.close();
  return blocks;
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

build();
const server = await startServer();
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
const floors = new Map();
let floor;
let chrome;
try {
  for (const page of PAGES) floors.set(page, floorHtml(await visibleText(browser, server.baseUrl + page)));
  await browser.close();
  floor = await startFloor(floors);
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  // Warm-up: the server's and Chromium's first-run costs do not count.
  await runLighthouse(chrome.port, server.baseUrl + '/');
  await runLighthouse(chrome.port, floor.baseUrl + '/');
  const figures = [];
  for (const page of PAGES) {
    const runs = { page: [], floor: [] };
    for (let i = 0; i < RUNS; i++) {
      runs.page.push(await runLighthouse(chrome.port, server.baseUrl + page));
      runs.floor.push(await runLighthouse(chrome.port, floor.baseUrl + page));
    }
    const m = (list, key) => median(list.filter(Boolean).map((r) => r[key]));
    const failed = [...new Set(runs.page.filter(Boolean).flatMap((r) => r.failed))];
    if (failed.length) console.log(`${page}: accessibility audits failed: ${failed.join(', ')}`);
    figures.push(
      { figure: `${page} performance`, value: m(runs.page, 'perf'), unit: '', budget: 95, atLeast: true, digits: 0 },
      { figure: `${page} accessibility`, value: m(runs.page, 'a11y'), unit: '', budget: 100, atLeast: true, digits: 0 },
      {
        figure: `${page} TBT`,
        value: m(runs.page, 'tbt'),
        unit: 'ms',
        digits: 0,
        ...(page === '/' ? { budget: 150 } : {}),
      },
      {
        figure: `${page} LCP (floor ${Math.round(m(runs.floor, 'lcp'))} ms)`,
        value: m(runs.page, 'lcp'),
        unit: 'ms',
        digits: 0,
      },
      {
        figure: `${page} LCP / floor (target 1.3)`,
        value: m(runs.page, 'lcp') / m(runs.floor, 'lcp'),
        unit: 'x',
        digits: 2,
      },
    );
  }
  report(`Public pages, Lighthouse mobile, median of ${RUNS}`, figures);
} finally {
  await browser.close().catch(() => {});
  if (chrome) await chrome.kill();
  if (floor) await floor.stop();
  await server.stop();
}
