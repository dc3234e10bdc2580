// Shared by the e2e global setup (tests/e2e/setup.ts), `npm run screenshots` and
// `npm run bench:weight`: build the app when stale, start the built server on a temp
// PGlite data dir and a free port, and the Chromium launch options.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

export const E2E_ADMIN = { username: 'e2e-admin', password: 'e2e-admin-password-123' };

/** Builds the client and server when stale (scripts/build.mjs decides). */
export function buildApp() {
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
}

/** A port nothing listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

// Variables of src/server/config.ts a developer's shell might carry that would change
// what the test server does (another database, real maps, analytics, SMTP...).
const CONFIG_KEYS =
  /^(NODE_ENV|PORT|HOST|PUBLIC_URL|DATA_DIR|DATABASE_URL|DATABASE_POOL_SIZE|TRUST_PROXY|LOG_LEVEL|SEED_DEMO_DATA|SESSION_.*|ADMIN_.*|BOOKING_.*|PENDING_.*|REMINDER.*|GOOGLE_.*|TRAVEL_.*|GEOCODER_.*|ROUTER_.*|MAPS_.*|ANALYTICS_.*|PLAUSIBLE_.*|GA4_.*|SMTP_.*|MAIL_.*|PRACTICE_.*|STRIPE_.*|TWILIO_.*|SMS_.*|PUSH_.*|CALDAV_.*|SECRET_KEY.*)$/;

/** The hashed assets a built index.html refers to. */
function referencedAssets(clientDir) {
  const html = fs.readFileSync(path.join(clientDir, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]);
}

/**
 * A private copy of the build (dist/ and config/, node_modules linked) under `dir`, so a
 * rebuild of dist/ while the server runs (another terminal, `npm run dev`) cannot pull
 * its assets away. Retries when the copy caught a build half-written.
 */
function snapshotApp(dir) {
  const appDir = path.join(dir, 'app');
  for (let attempt = 1; ; attempt++) {
    fs.rmSync(appDir, { recursive: true, force: true });
    fs.mkdirSync(appDir, { recursive: true });
    fs.cpSync(path.join(root, 'dist'), path.join(appDir, 'dist'), { recursive: true });
    if (fs.existsSync(path.join(root, 'config')))
      fs.cpSync(path.join(root, 'config'), path.join(appDir, 'config'), { recursive: true });
    fs.symlinkSync(path.join(root, 'node_modules'), path.join(appDir, 'node_modules'), 'dir');
    const clientDir = path.join(appDir, 'dist/client');
    const complete =
      fs.existsSync(path.join(appDir, 'dist/server/main.js')) &&
      fs.existsSync(path.join(clientDir, 'index.html')) &&
      referencedAssets(clientDir).every((asset) => fs.existsSync(path.join(clientDir, asset)));
    if (complete) return appDir;
    if (attempt >= 5) throw new Error('dist/ is incomplete (a build is running elsewhere?); run `npm run build`');
    execFileSync('sleep', ['3']);
    buildApp();
  }
}

/**
 * Variables that change what a first start writes (the demo, the first administrator, the key things are sealed with,
 * where the demo's visits are placed): a server started with one of them seeds a database of its own.
 */
const FIRST_START_KEYS =
  /^(SEED_DEMO_DATA|ADMIN_.*|DATABASE_URL|SECRET_KEY.*|GEOCODER_.*|ROUTER_.*|GOOGLE_.*|TRAVEL_.*|MAPS_.*|PRACTICE_.*)$/;

/**
 * For a whole e2e run (tests/e2e/setup.ts; issue 42): one copy of the build that every server runs from, and one
 * DATA_DIR a server has migrated and seeded (demo content, the e2e admin) and stopped cleanly. startServer then copies
 * that folder instead of migrating and seeding anew (about a third of a start's time), unless its `env` sets one of
 * FIRST_START_KEYS or its DATA_DIR holds a database already. Passed to the test workers in the environment.
 * @returns {Promise<() => void>} removes both
 */
export async function prepareRun() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-e2e-run-'));
  process.env.HV_E2E_APP_DIR = snapshotApp(dir);
  const seeded = path.join(dir, 'seeded');
  fs.mkdirSync(seeded);
  const server = await startServer({ quiet: true, env: { DATA_DIR: seeded } });
  await server.stop();
  process.env.HV_E2E_SEEDED_DATA_DIR = seeded;
  return () => {
    delete process.env.HV_E2E_APP_DIR;
    delete process.env.HV_E2E_SEEDED_DATA_DIR;
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * Starts `node dist/server/main.js` on a temp DATA_DIR (PGlite, demo content) and a free
 * port; resolves once it logs 'Homevisit is running'.
 * @param {{ env?: Record<string, string>, quiet?: boolean }} [options]
 */
export async function startServer(options = {}) {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-e2e-'));
  const appDir = process.env.HV_E2E_APP_DIR ?? snapshotApp(dataDir);
  const baseUrl = `http://127.0.0.1:${port}`;
  const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !CONFIG_KEYS.test(key)));
  Object.assign(env, {
    NODE_ENV: 'production',
    SEED_DEMO_DATA: 'true',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ADMIN_USERNAME: E2E_ADMIN.username,
    ADMIN_PASSWORD: E2E_ADMIN.password,
    ADMIN_NAME: 'E2E Admin',
    MAIL_WORKER_ENABLED: 'false',
    REMINDERS_ENABLED: 'false',
    // The suites book many times from one address (127.0.0.1); the limit is tested in tests/api/security.
    BOOKING_REQUESTS_PER_HOUR: '0',
    ...options.env,
  });
  const seeded = process.env.HV_E2E_SEEDED_DATA_DIR;
  if (
    seeded &&
    !Object.keys(options.env ?? {}).some((key) => FIRST_START_KEYS.test(key)) &&
    !fs.existsSync(path.join(env.DATA_DIR, 'pglite'))
  )
    fs.cpSync(seeded, env.DATA_DIR, { recursive: true });

  const child = spawn(process.execPath, [path.join(appDir, 'dist/server/main.js')], {
    cwd: appDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  /** The last lines the server wrote, shown when something goes wrong. */
  const tail = [];
  const remember = (chunk) => {
    for (const line of String(chunk).split('\n')) {
      if (!line) continue;
      tail.push(line);
      if (tail.length > 200) tail.shift();
      if (!options.quiet && /"level":(50|60)/.test(line)) console.error(`[server] ${line}`);
    }
  };
  child.stderr.on('data', remember);

  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  try {
    await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the server did not start within 60 s')), 60_000);
      let recent = '';
      child.stdout.on('data', (chunk) => {
        remember(chunk);
        // A chunk may end mid-line: look at what came last plus this chunk.
        recent = (recent + String(chunk)).slice(-4000);
        if (recent.includes('Homevisit is running')) {
          clearTimeout(timer);
          resolve(undefined);
        }
      });
      void exited.then(({ code, signal }) => {
        clearTimeout(timer);
        reject(new Error(`the server exited during start-up (code ${code}, signal ${signal})`));
      });
    });
  } catch (err) {
    child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`${err.message}\n--- server output ---\n${tail.join('\n')}`, { cause: err });
  }

  let stopped = false;
  return {
    baseUrl,
    dataDir,
    tail,
    /** SIGTERM, wait for a clean exit (SIGKILL after 15 s), remove the data dir. */
    async stop() {
      if (stopped) return;
      stopped = true;
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The `n`-th weekday (Monday to Friday, open in the demo hours) after today in Pacific/Auckland, as yyyy-MM-dd.
 * Counted in weekdays, not calendar days, so two different `n` are always two different dates, whatever day the
 * suite runs on (a weekend moved to the Monday made days 5, 6 and 7 one date on some weeks); never a weekend, so
 * never a DST change day (NZ changes on Sundays); at most 42 days ahead for n <= 30, inside the 60-day horizon.
 * @param {number} n at least 1
 */
export function nzWeekdayAhead(n) {
  const today = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Pacific/Auckland',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date());
  const [y, m, d] = today.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  for (let seen = 0; seen < n;) {
    date.setUTCDate(date.getUTCDate() + 1);
    if (date.getUTCDay() !== 0 && date.getUTCDay() !== 6) seen++;
  }
  return date.toISOString().slice(0, 10);
}

/**
 * Creates a booking through the public API (as the wizard would) and answers it.
 * @param {string} baseUrl
 * @param {Record<string, unknown>} [overrides]
 */
export async function createBooking(baseUrl, overrides = {}) {
  const services = await (await fetch(`${baseUrl}/api/services`)).json();
  const service = services[0];
  const option = service.durationOptions?.[0] ?? { duration: service.duration, price: service.price };
  const body = {
    serviceLengthId: service.id,
    date: nzWeekdayAhead(9),
    time: '10:00',
    duration: option.duration,
    price: option.price,
    address: 'Bow Street, Raglan',
    firstName: 'Mere',
    lastName: 'Tester',
    email: 'mere.tester@example.nz',
    phone: '021 123 4567',
    hasInjuries: false,
    ...overrides,
  };
  const res = await fetch(`${baseUrl}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST /api/bookings answered ${res.status}: ${text}`);
  return JSON.parse(text);
}

/**
 * Signs in as the e2e admin and answers the session cookie header.
 * @param {string} baseUrl
 */
export async function adminCookie(baseUrl) {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(E2E_ADMIN),
  });
  if (!res.ok) throw new Error(`POST /api/auth/login answered ${res.status}: ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  return cookies.join('; ');
}
