// `npm run bench:client-page` (`[--runs 3] [--no-build]`): the budget for her client page (docs/product.md §12):
// with 200 visits it renders on a phone in under 1 s (Lighthouse mobile, signed in; LCP).
//
// The server starts on a temp DATA_DIR (migrations, demo content, the bench's admin), and with it stopped one client
// with 200 visits is written by SQL (as the API would have written them over the years): 10 upcoming confirmed, and
// 190 past ones every 9 days: completed, no-show, cancelled and a few never marked, over the demo's services and
// lengths, five travel fees and four addresses. Through the API it then gets three alerts and treatment notes on
// twelve completed visits. Lighthouse's default mobile preset (4x CPU, simulated slow 4G, 412x823) runs in a Chromium
// signed in from its own page (`disableStorageReset` keeps the cookie; the HTTP cache is cleared by CDP before each
// run); each run must have audited her page, signed in, showing her name. Medians of N runs after one warm-up.
/* global document -- the page's code */
import { randomBytes } from 'node:crypto';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
// Lighthouse's own Puppeteer (its dependency): Lighthouse audits a page handed to it, checked after the run.
import puppeteer from 'puppeteer-core';
import { CHROMIUM_PATH } from '../tests/e2e/harness.mjs';
import { ADMIN, build, median, report, startServer } from './harness.ts';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const RUNS = Number(arg('runs', '3'));

const VISITS = 200;
const UPCOMING = 10;
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

/** Writes the client, her contacts and her 200 bookings (the harness runs it with the server stopped). */
async function seed(sql) {
  const services = await sql('SELECT id, name, duration_options FROM services ORDER BY sort_order, id');
  const [client] = await sql(
    `INSERT INTO clients (first_name, last_name, email, phone, created_at, updated_at)
       VALUES ($1, $2, $3, $4, now() - interval '5 years', now()) RETURNING id`,
    [CLIENT.firstName, CLIENT.lastName, CLIENT.email, CLIENT.phone],
  );
  await sql(`INSERT INTO client_contacts (client_id, kind, value) VALUES ($1, 'email', $2), ($1, 'phone', $3)`, [
    client.id,
    CLIENT.email,
    CLIENT.e164,
  ]);
  await sql(
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
  clientId = client.id;
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
    return {
      perf: Math.round(lhr.categories.performance.score * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      tbt: audit('total-blocking-time'),
    };
  } finally {
    await page.close().catch(() => {});
  }
}

build();
let clientId;
const server = await startServer({ seed });
let chrome;
let pptr;
try {
  const { cookie } = await server.admin();
  await addAlertsAndNotes(server.baseUrl, cookie, clientId);
  const url = `${server.baseUrl}/admin/clients/${clientId}`;
  const answer = await (await fetch(`${server.baseUrl}/api/admin/clients/${clientId}`, { headers: { cookie } })).json();
  if (answer.visits.length !== VISITS) throw new Error(`the API answers ${answer.visits.length} visits, not ${VISITS}`);

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
    JSON.stringify(ADMIN),
  );
  await signIn.close();
  if (status !== 200) throw new Error(`signing in from Chromium answered ${status}`);
  await lighthouseRun(pptr, url); // warm-up
  const lh = [];
  for (let i = 0; i < RUNS; i++) lh.push(await lighthouseRun(pptr, url));
  const m = (key) => median(lh.filter(Boolean).map((r) => r[key]));
  report(`Her client page with ${VISITS} visits, Lighthouse mobile signed in, median of ${RUNS}`, [
    { figure: 'LCP', value: m('lcp'), unit: 'ms', budget: 1000, digits: 0 },
    { figure: 'FCP', value: m('fcp'), unit: 'ms', digits: 0 },
    { figure: 'performance score', value: m('perf'), unit: '', digits: 0 },
    { figure: 'TBT', value: m('tbt'), unit: 'ms', digits: 0 },
  ]);
} finally {
  await pptr?.disconnect().catch(() => {});
  if (chrome) await chrome.kill();
  await server.stop();
}
