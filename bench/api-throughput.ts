// `npm run bench:api` (or `npx tsx bench/api-throughput.ts [--duration 5] [--connections 20]
// [--no-postgres] [--app DIR] [--cpu-prof DIR] [--only services,availability,rate,paced,post] [--trace-gc]`): issue
// 14's API throughput figures. Builds the app
// when stale (under the build lock), runs the production server (`node dist/server/main.js`) on PGlite
// (temp DATA_DIR, demo content) and on a real PostgreSQL server started for the run, and beside them a
// bare `node:http` server answering the same bytes, all in the same run. autocannon drives
// GET /api/services, GET /api/availability/{date} (a day with a full route, asked with an address),
// POST /api/bookings (every request a distinct free slot; the status counts are checked) and the
// availability call at a fixed offered rate, twice: autocannon's `overallRate` (which sends each
// second's share in a burst; the bench counts the sends per 10 ms to show it) and a paced open loop
// (bench/paced.ts: one request every 5 ms, latency from the intended send time). With --trace-gc the
// server runs under `node --trace-gc` and each fixed-rate row reports the GC pauses during it. Prints Markdown tables:
// req/s, p50, p99 and the ratio
// to bare. Figures, not a test: they depend on the machine and its load (printed with them).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import pg from 'pg';
import { addDaysToDate, dayOfWeek, nzToday } from '@shared/time';
import { freePort, startPgServer, type PgServer } from '../tests/helpers/pg-server';
import { paced } from './paced';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = 60;
const VISITOR_ADDRESS = '8 Wainui Road, Raglan';
/** A busy route for the availability day, as bench/availability-latency.ts books it. */
const ROUTE_PLACES = [
  '12 Bow Street, Raglan',
  '4 Calvert Road, Whale Bay',
  '21 Wainui Road, Manu Bay',
  '3 Te Uku Landing Road, Te Uku',
  '60 Te Mata Road, Te Mata',
];
const ROUTE_VISITS = 4;
/**
 * Booking slots for the POST run: 90 minutes apart on the half-hour grid (60-minute visits, 15-minute gap at one
 * address), so one address can take them all on a day.
 */
const POST_TIMES = ['09:00', '10:30', '12:00', '13:30', '15:00'];
/** The POST run books days from here on (the availability day is a week ahead). */
const POST_FIRST_DAY = 30;
const HORIZON_DAYS = 365;
const FIXED_RATE = 200;
/** Bookings made before the timed POST run. */
const POST_WARMUP_REQUESTS = 100;

interface Options {
  duration: number;
  connections: number;
  warmup: number;
  postgres: boolean;
  appDir: string | null;
  cpuProfDir: string | null;
  only: Set<string>;
  traceGc: boolean;
}

const CALLS = ['services', 'availability', 'rate', 'paced', 'post'];

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      duration: { type: 'string' },
      connections: { type: 'string' },
      warmup: { type: 'string' },
      'no-postgres': { type: 'boolean' },
      app: { type: 'string' },
      'cpu-prof': { type: 'string' },
      only: { type: 'string' },
      'trace-gc': { type: 'boolean' },
    },
  });
  const count = (name: string, raw: string | undefined, fallback: number) => {
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number, got ${raw}`);
    return n;
  };
  const options: Options = {
    duration: count('duration', values.duration, 5),
    connections: count('connections', values.connections, 20),
    warmup: count('warmup', values.warmup, 2),
    postgres: !values['no-postgres'],
    appDir: values.app ? path.resolve(values.app) : null,
    cpuProfDir: values['cpu-prof'] ? path.resolve(values['cpu-prof']) : null,
    only: new Set(values.only ? values.only.split(',').map((c) => c.trim()) : CALLS),
    traceGc: values['trace-gc'] ?? false,
  };
  for (const call of options.only)
    if (!CALLS.includes(call)) throw new Error(`--only takes ${CALLS.join(',')}; got ${call}`);
  return options;
}

/** dist/ built when stale (holding the build lock), copied so a rebuild cannot pull it away mid-run. */
function snapshotBuild(options: Options, into: string): string {
  const source = options.appDir ?? root;
  if (!options.appDir) {
    execFileSync('flock', ['/tmp/hv-build.lock', process.execPath, path.join(root, 'scripts/build.mjs')], {
      cwd: root,
      stdio: 'inherit',
    });
  }
  const appDir = path.join(into, 'app');
  fs.mkdirSync(appDir, { recursive: true });
  fs.cpSync(path.join(source, 'dist'), path.join(appDir, 'dist'), { recursive: true });
  fs.cpSync(path.join(source, 'config'), path.join(appDir, 'config'), { recursive: true });
  fs.symlinkSync(path.join(root, 'node_modules'), path.join(appDir, 'node_modules'), 'dir');
  return appDir;
}

interface Running {
  baseUrl: string;
  stop(): Promise<void>;
}

interface GcStats {
  count: number;
  totalMs: number;
  maxMs: number;
}

interface RunningApp extends Running {
  /** The GC pauses the server reported (--trace-gc) from now until the returned function is called. */
  gcFrom(): () => GcStats;
}

/** `--trace-gc` lines: "... ms: Scavenge 9.8 (12.3) -> 9.1 (13.3) MB, 0.85 / 0.00 ms ...". */
const GC_LINE =
  /ms: [A-Za-z() -]+? [\d.]+ \([\d.]+\) -> [\d.]+ \([\d.]+\) MB, (?:pooled: [\d.]+ MB, )?([\d.]+) \/ [\d.]+ ms/;

/** The production server, as `npm start` runs it, on a free port; resolves once it says it is running. */
async function startApp(
  appDir: string,
  env: Record<string, string>,
  options: Options,
  label: string,
): Promise<RunningApp> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-api-'));
  const baseUrl = `http://127.0.0.1:${port}`;
  const keep = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => ['PATH', 'HOME', 'TMPDIR', 'LANG'].includes(k)),
  ) as Record<string, string>;
  const args = options.cpuProfDir
    ? ['--cpu-prof', `--cpu-prof-dir=${options.cpuProfDir}`, `--cpu-prof-name=${label}.cpuprofile`]
    : [];
  if (options.traceGc) args.push('--trace-gc');
  const gcPauses: number[] = [];
  let partial = '';
  const readGc = (chunk: Buffer) => {
    const lines = (partial + String(chunk)).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const m = GC_LINE.exec(line);
      if (m) gcPauses.push(Number(m[1]));
    }
  };
  const child = spawn(process.execPath, [...args, path.join(appDir, 'dist/server/main.js')], {
    cwd: appDir,
    env: {
      ...keep,
      NODE_ENV: 'production',
      SEED_DEMO_DATA: 'true',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      // The production default: one access-log line per request, written to a pipe this process drains.
      LOG_LEVEL: 'info',
      ADMIN_USERNAME: 'bench-admin',
      ADMIN_PASSWORD: 'bench-admin-password-123',
      MAIL_WORKER_ENABLED: 'false',
      REMINDERS_ENABLED: 'false',
      // Every request comes from this one machine: no per-address limit (docs/security.md "Limits").
      BOOKING_REQUESTS_PER_HOUR: '0',
      BOOKING_HORIZON_DAYS: String(HORIZON_DAYS),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`${label}: the server did not start within 60 s\n${output.slice(-3000)}`)),
      60_000,
    );
    const watch = (chunk: Buffer) => {
      if (output.length < 20_000) output += String(chunk);
      if (output.includes('Homevisit is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', watch);
    child.stderr.on('data', watch);
    if (options.traceGc) child.stdout.on('data', readGc);
    void exited.then(() => reject(new Error(`${label}: the server exited during start-up\n${output.slice(-3000)}`)));
  });
  return {
    baseUrl,
    gcFrom() {
      const from = gcPauses.length;
      return () => {
        const pauses = gcPauses.slice(from);
        return { count: pauses.length, totalMs: pauses.reduce((a, b) => a + b, 0), maxMs: Math.max(0, ...pauses) };
      };
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Answer {
  status: number;
  contentType: string;
  body: Buffer;
}

async function fetchAnswer(url: string, init?: RequestInit): Promise<Answer> {
  const res = await fetch(url, init);
  return {
    status: res.status,
    contentType: res.headers.get('content-type') ?? 'application/json',
    body: Buffer.from(await res.arrayBuffer()),
  };
}

async function getJson<T>(url: string): Promise<T> {
  const answer = await fetchAnswer(url);
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}: ${answer.body.toString()}`);
  return JSON.parse(answer.body.toString()) as T;
}

function bookingBody(serviceId: number, price: number, date: string, time: string, address: string, n: number): string {
  return JSON.stringify({
    serviceLengthId: serviceId,
    duration: DURATION,
    price,
    date,
    time,
    address,
    firstName: 'Bench',
    lastName: `Visit${n}`,
    email: `bench${n}@example.nz`,
    phone: '021 123 4567',
    hasInjuries: false,
  });
}

interface Scenario {
  serviceId: number;
  price: number;
  day: string;
  availabilityPath: string;
  /** Distinct free slots for the POST run, in order. */
  postBodies: string[];
}

/** The first open day a week ahead, filled with a route booked through POST /api/bookings; and free slots to book. */
async function prepareScenario(baseUrl: string): Promise<Scenario> {
  const services = await getJson<Array<{ id: number; durationOptions: Array<{ duration: number; price: number }> }>>(
    `${baseUrl}/api/services`,
  );
  const service = services[0]!;
  const price = service.durationOptions.find((o) => o.duration === DURATION)?.price ?? 0;
  const hours = await getJson<Array<{ dayOfWeek: number; isOpen: boolean }>>(`${baseUrl}/api/business-hours`);
  const blocked = new Set((await getJson<Array<{ date: string }>>(`${baseUrl}/api/blocked-dates`)).map((b) => b.date));
  const isOpen = (date: string) => !blocked.has(date) && hours.some((h) => h.dayOfWeek === dayOfWeek(date) && h.isOpen);
  const post = (body: string) =>
    fetchAnswer(`${baseUrl}/api/bookings`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });

  let day = addDaysToDate(nzToday(), 7);
  for (; ; day = addDaysToDate(day, 1)) {
    if (!isOpen(day)) continue;
    const free = await getJson<{ available: boolean; timeSlots: string[] }>(
      `${baseUrl}/api/availability/${day}?duration=${DURATION}`,
    );
    if (free.available && free.timeSlots.includes('09:00')) break;
  }
  let placed = 0;
  for (let minute = 9 * 60; minute + DURATION <= 17 * 60 && placed < ROUTE_VISITS;) {
    const time = `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
    let accepted = false;
    for (const address of ROUTE_PLACES) {
      const res = await post(bookingBody(service.id, price, day, time, address, placed + 1));
      if (res.status === 201) {
        accepted = true;
        break;
      }
      if (res.status !== 409) throw new Error(`POST /api/bookings answered ${res.status}: ${res.body.toString()}`);
    }
    if (accepted) {
      placed++;
      minute += DURATION;
    } else minute += 15;
  }
  if (placed < ROUTE_VISITS) throw new Error(`only ${placed} route visits fitted on ${day}`);

  const postBodies: string[] = [];
  for (let d = POST_FIRST_DAY; d < HORIZON_DAYS; d++) {
    const date = addDaysToDate(nzToday(), d);
    if (!isOpen(date)) continue;
    for (const time of POST_TIMES)
      postBodies.push(bookingBody(service.id, price, date, time, '12 Bow Street, Raglan', 100 + postBodies.length));
  }
  const availabilityPath = `/api/availability/${day}?duration=${DURATION}&address=${encodeURIComponent(VISITOR_ADDRESS)}`;
  return { serviceId: service.id, price, day, availabilityPath, postBodies };
}

/** A bare node:http server answering each path with the bytes the app gave for it. */
async function startBare(answers: Map<string, Answer>): Promise<Running & { server: http.Server }> {
  const server = http.createServer((req, res) => {
    const answer = answers.get(`${req.method} ${req.url}`);
    const send = () => {
      if (!answer) {
        res.writeHead(404).end();
        return;
      }
      res.writeHead(answer.status, { 'content-type': answer.contentType, 'content-length': answer.body.length });
      res.end(answer.body);
    };
    // Read the body (if any) first, as the app does.
    req.on('data', () => {});
    req.on('end', send);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    server,
    baseUrl: `http://127.0.0.1:${port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  statuses: Record<string, number>;
  max?: number;
  /** The most requests sent within any 10 ms (a paced 200 req/s sends 2). */
  burst?: number;
  /** Paced runs: how late the client sent (p99 ms); above a few ms the load generator was starved. */
  sendLagP99?: number;
  gc?: GcStats;
}

/** The most requests sent within one 10 ms bucket. */
function maxPer10ms(sendTimes: number[]): number {
  const buckets = new Map<number, number>();
  for (const t of sendTimes) buckets.set(Math.floor(t / 10), (buckets.get(Math.floor(t / 10)) ?? 0) + 1);
  return Math.max(0, ...buckets.values());
}

async function cannon(opts: autocannon.Options): Promise<Figures> {
  const statuses: Record<string, number> = {};
  const sendTimes: number[] = [];
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(opts, (err, done) => (err ? reject(err as Error) : resolve(done)));
    instance.on('response', (_client, status, _bytes, responseTime) => {
      statuses[status] = (statuses[status] ?? 0) + 1;
      // When this request was written: its answer's arrival less its latency.
      sendTimes.push(performance.now() - responseTime);
    });
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    statuses,
    burst: maxPer10ms(sendTimes),
  };
}

interface Row {
  backend: string;
  call: string;
  app: Figures;
  bare: Figures;
}

async function measureGet(
  url: string,
  bareUrl: string,
  options: Options,
  server: RunningApp,
  rate?: number,
): Promise<{ app: Figures; bare: Figures }> {
  const base = { connections: options.connections, ...(rate ? { overallRate: rate } : {}) };
  await cannon({ url, ...base, duration: options.warmup });
  const gc = server.gcFrom();
  const app = { ...(await cannon({ url, ...base, duration: options.duration })), gc: gc() };
  await cannon({ url: bareUrl, ...base, duration: options.warmup });
  const bare = await cannon({ url: bareUrl, ...base, duration: options.duration });
  return { app, bare };
}

/** The paced open loop at `rate` (bench/paced.ts), app and bare in turn, each after a warm-up. */
async function measurePaced(
  url: string,
  bareUrl: string,
  options: Options,
  server: RunningApp,
  rate: number,
): Promise<{ app: Figures; bare: Figures }> {
  const load = (seconds: number) => ({ rate, seconds, connections: options.connections });
  await paced(url, load(options.warmup));
  const gc = server.gcFrom();
  const app = { ...(await paced(url, load(options.duration))), gc: gc() };
  await paced(bareUrl, load(options.warmup));
  const bare = await paced(bareUrl, load(options.duration));
  return { app, bare };
}

async function measurePost(
  baseUrl: string,
  bareUrl: string,
  bodies: string[],
  options: Options,
  server: RunningApp,
): Promise<{ app: Figures; bare: Figures }> {
  let next = 0;
  const request = {
    method: 'POST' as const,
    path: '/api/bookings',
    headers: { 'content-type': 'application/json' },
    // Each request takes the next free slot; none is booked twice.
    setupRequest: (req: autocannon.Request) => ({ ...req, body: bodies[next++ % bodies.length] }),
  };
  // A warm-up of its own (distinct slots too), as the GET rows have: the first burst of 20
  // bookings otherwise meets cold code and query plans, and with a few hundred samples it is the p99.
  const warm = await cannon({
    url: baseUrl,
    connections: options.connections,
    amount: POST_WARMUP_REQUESTS,
    requests: [request],
  });
  const gc = server.gcFrom();
  const app = {
    ...(await cannon({
      url: baseUrl,
      connections: options.connections,
      duration: options.duration,
      requests: [request],
    })),
    gc: gc(),
  };
  if (next > bodies.length)
    throw new Error(`the POST run needed more than ${bodies.length} distinct slots: lower --duration`);
  if (Object.keys(warm.statuses).some((status) => status !== '201'))
    throw new Error(`POST warm-up answered other than 201: ${JSON.stringify(warm.statuses)}`);
  const bare = await cannon({
    url: bareUrl,
    connections: options.connections,
    duration: options.duration,
    requests: [{ ...request, body: bodies[0] }],
  });
  return { app, bare };
}

async function benchBackend(
  label: string,
  appDir: string,
  env: Record<string, string>,
  options: Options,
): Promise<Row[]> {
  const app = await startApp(appDir, env, options, label);
  try {
    const scenario = await prepareScenario(app.baseUrl);
    const answers = new Map<string, Answer>();
    for (const p of ['/api/services', scenario.availabilityPath])
      answers.set(`GET ${p}`, await fetchAnswer(`${app.baseUrl}${p}`));
    // A booking's answer, for the bare server: one more distinct slot, booked once.
    const spare = scenario.postBodies.pop()!;
    answers.set(
      'POST /api/bookings',
      await fetchAnswer(`${app.baseUrl}/api/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: spare,
      }),
    );
    for (const [key, answer] of answers)
      if (answer.status >= 300)
        throw new Error(`${label}: ${key} answered ${answer.status}: ${answer.body.toString()}`);
    const bare = await startBare(answers);
    try {
      const rows: Row[] = [];
      const add = (call: string, figures: { app: Figures; bare: Figures }) =>
        rows.push({ backend: label, call, ...figures });
      const availabilityUrls = [
        `${app.baseUrl}${scenario.availabilityPath}`,
        `${bare.baseUrl}${scenario.availabilityPath}`,
      ] as const;
      if (options.only.has('services'))
        add(
          'GET /api/services',
          await measureGet(`${app.baseUrl}/api/services`, `${bare.baseUrl}/api/services`, options, app),
        );
      if (options.only.has('availability'))
        add('GET /api/availability/{date} (full route, address)', await measureGet(...availabilityUrls, options, app));
      if (options.only.has('rate'))
        add(
          `GET /api/availability/{date} at ${FIXED_RATE} req/s offered`,
          await measureGet(...availabilityUrls, options, app, FIXED_RATE),
        );
      if (options.only.has('paced'))
        add(
          `GET /api/availability/{date} at ${FIXED_RATE} req/s, paced open loop`,
          await measurePaced(...availabilityUrls, options, app, FIXED_RATE),
        );
      if (options.only.has('post')) {
        const posted = await measurePost(app.baseUrl, bare.baseUrl, scenario.postBodies, options, app);
        const failed = Object.entries(posted.app.statuses).filter(([status]) => status !== '201');
        if (failed.length > 0)
          throw new Error(
            `${label}: POST /api/bookings answered other than 201: ${JSON.stringify(posted.app.statuses)}`,
          );
        add(`POST /api/bookings (distinct slots; ${posted.app.statuses['201'] ?? 0} x 201)`, posted);
      }
      return rows;
    } finally {
      await bare.stop();
    }
  } finally {
    await app.stop();
  }
}

function table(rows: Row[]): string {
  const header = [
    'Backend',
    'Call',
    'req/s',
    'p50 ms',
    'p99 ms',
    'bare req/s',
    'bare p50 ms',
    'bare p99 ms',
    'req/s vs bare',
  ];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i < 2 ? ' --- ' : ' ---: ')).join('|')}|`];
  for (const r of rows) {
    const ratio = r.bare.rps > 0 ? `${((100 * r.app.rps) / r.bare.rps).toFixed(0)}%` : '-';
    lines.push(
      `| ${[r.backend, r.call, r.app.rps.toFixed(0), String(r.app.p50), String(r.app.p99), r.bare.rps.toFixed(0), String(r.bare.p50), String(r.bare.p99), ratio].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

/** The tail's suspects per row: the slowest answer, how bursty the sending was, and the server's GC pauses. */
function diagnosticsTable(rows: Row[], traceGc: boolean): string {
  const header = [
    'Backend',
    'Call',
    'app max ms',
    'most sends in 10 ms',
    'client send lag p99 ms',
    ...(traceGc ? ['GC pauses', 'GC total ms', 'GC max ms'] : []),
  ];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i < 2 ? ' --- ' : ' ---: ')).join('|')}|`];
  for (const r of rows) {
    const gc = r.app.gc;
    const gcCells = traceGc
      ? [String(gc?.count ?? '-'), gc ? gc.totalMs.toFixed(1) : '-', gc ? gc.maxMs.toFixed(1) : '-']
      : [];
    lines.push(
      `| ${[r.backend, r.call, String(r.app.max ?? '-'), String(r.app.burst ?? '-'), String(r.app.sendLagP99 ?? '-'), ...gcCells].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-api-build-'));
  let pgServer: PgServer | null = null;
  try {
    const appDir = snapshotBuild(options, work);
    const loadBefore = os.loadavg();
    const rows = await benchBackend('PGlite', appDir, {}, options);
    if (options.postgres) {
      pgServer = await startPgServer();
      const admin = new pg.Client({ connectionString: pgServer.url });
      await admin.connect();
      await admin.query('CREATE DATABASE hv_bench');
      await admin.end();
      const url = new URL(pgServer.url);
      url.pathname = '/hv_bench';
      rows.push(
        ...(await benchBackend(
          `PostgreSQL ${pgServer.version.replace(/^PostgreSQL\s*/i, '')}`,
          appDir,
          { DATABASE_URL: url.toString() },
          options,
        )),
      );
    }
    const cpus = os.cpus();
    console.log(
      [
        `Machine: ${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}; load average (1/5/15 min) ` +
          `${loadBefore.map((l) => l.toFixed(1)).join('/')} before, ${os
            .loadavg()
            .map((l) => l.toFixed(1))
            .join('/')} after.`,
        `autocannon ${options.connections} connections, ${options.warmup} s warm-up then ${options.duration} s per call; the fixed-rate row offers ` +
          `${FIXED_RATE} req/s in all. The bare node:http server answers the bytes the app gave, in the same run. ` +
          `Server: node dist/server/main.js, NODE_ENV=production, LOG_LEVEL=info.`,
        `The paced row sends one request every ${1000 / FIXED_RATE} ms on ${options.connections} keep-alive connections, latency from the intended send time.`,
        '',
        table(rows),
        '',
        diagnosticsTable(rows, options.traceGc),
      ].join('\n'),
    );
  } finally {
    await pgServer?.stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
