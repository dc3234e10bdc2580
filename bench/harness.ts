// What every bench shares: the build (when stale, under the build lock), the built server started on a temp
// DATA_DIR with the demo content and the bench's own rows written by SQL, PGlite and PostgreSQL in turn, timing
// (one request at a time, or an open-loop Poisson load), percentiles, and the figures table that ends each bench:
// each figure against its budget, exit code 1 when one is over. Figures measured on a loaded machine are
// inflated: the load average is printed with them.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { findPgBinaries, freePort, startPgServer } from '../tests/helpers/pg-server';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ADMIN = { username: 'bench-admin', password: 'bench-admin-password-123' };

/** Builds when stale, holding the lock other builders (e2e, screenshots) hold; `--no-build` measures dist/ as it is. */
export function build(): void {
  if (process.argv.includes('--no-build')) return;
  const script = path.join(root, 'scripts/build.mjs');
  try {
    execFileSync('flock', ['/tmp/hv-build.lock', process.execPath, script], { cwd: root, stdio: 'inherit' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    execFileSync(process.execPath, [script], { cwd: root, stdio: 'inherit' });
  }
}

/** The load averages, '0.41 1.04 1.66'. */
export const load = () =>
  os
    .loadavg()
    .map((v) => v.toFixed(2))
    .join(' ');

export const machine = () =>
  `${os.cpus().length} x ${os.cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}, load ${load()}`;

export const progress = (line: string) => process.stderr.write(`${line}\n`);

/** The p-th percentile of ascending `sorted` (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** The median of the values that are not null; null when there are none. */
export function median(values: ReadonlyArray<number | null | undefined>): number | null {
  const sorted = values.filter((v): v is number => v != null).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

// ---------------------------------------------------------------------------------------------------------------
// The server

export interface Backend {
  name: string;
  /** DATABASE_URL for PostgreSQL; none for PGlite. */
  databaseUrl?: string;
}

/**
 * Runs `fn` on PGlite, then on a PostgreSQL server started for it (skipped, with the reason printed, when its
 * binaries are missing or with `--no-postgres`).
 */
export async function eachBackend<T>(fn: (backend: Backend) => Promise<T>): Promise<T[]> {
  const results = [await fn({ name: 'PGlite' })];
  if (process.argv.includes('--no-postgres')) progress('PostgreSQL: skipped (--no-postgres)');
  else if (!findPgBinaries()) progress('PostgreSQL: skipped: no initdb/pg_ctl/postgres found');
  else {
    const server = await startPgServer();
    try {
      results.push(await fn({ name: 'PostgreSQL', databaseUrl: server.url }));
    } finally {
      await server.stop();
    }
  }
  return results;
}

export type Sql = (text: string, params?: unknown[]) => Promise<Array<Record<string, unknown>>>;

export interface Server {
  baseUrl: string;
  pid: number;
  /** Sign-in headers of the bench's admin. */
  admin(): Promise<{ cookie: string }>;
  stop(): Promise<void>;
}

/**
 * `node dist/server/main.js` (production, demo content, the bench's admin, no mail or reminder workers) on a temp
 * DATA_DIR and a free port. `seed` writes the bench's rows by SQL after the migrations, the server stopped for it
 * (PGlite is one process's database), then the server starts again on them.
 */
export async function startServer(
  options: { backend?: Backend; env?: Record<string, string>; seed?: (sql: Sql) => Promise<void> } = {},
): Promise<Server> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-'));
  const env: Record<string, string> = {
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => ['PATH', 'HOME', 'TMPDIR', 'LANG'].includes(k))),
    NODE_ENV: 'production',
    SEED_DEMO_DATA: 'true',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'info',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    MAIL_WORKER_ENABLED: 'false',
    REMINDERS_ENABLED: 'false',
    CALENDAR_SYNC_ENABLED: 'false',
    // Every request comes from this one machine: no per-address limit (docs/security.md "Limits").
    BOOKING_REQUESTS_PER_HOUR: '0',
    ...(options.backend?.databaseUrl ? { DATABASE_URL: options.backend.databaseUrl } : {}),
    ...options.env,
  };
  let server = await spawnServer(env);
  if (options.seed) {
    if (options.backend?.databaseUrl) {
      const client = new pg.Client({ connectionString: options.backend.databaseUrl });
      await client.connect();
      await options.seed(async (text, params) => (await client.query<Record<string, unknown>>(text, params)).rows);
      await client.end();
    } else {
      await server.stop();
      const db = await PGlite.create(path.join(dataDir, 'pglite'));
      await options.seed(async (text, params) => (await db.query<Record<string, unknown>>(text, params)).rows);
      await db.close();
    }
    await server.stop();
    server = await spawnServer(env);
  }
  const running = server;
  let cookie: string | undefined;
  return {
    baseUrl: running.baseUrl,
    pid: running.pid,
    async admin() {
      cookie ??= await signIn(running.baseUrl);
      return { cookie };
    },
    async stop() {
      await running.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function spawnServer(env: Record<string, string>) {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [path.join(root, 'dist/server/main.js')], {
    cwd: root,
    env: { ...env, PORT: String(port), PUBLIC_URL: baseUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`the server did not start in 180 s\n${output.slice(-3000)}`)),
      180_000,
    );
    const watch = (chunk: Buffer) => {
      // Drained all along (one access-log line per request); the start-up output kept for errors.
      if (output.length < 20_000) output += String(chunk);
      if (output.includes('Homevisit is running')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', watch);
    child.stderr.on('data', watch);
    void exited.then(() => reject(new Error(`the server exited during start-up\n${output.slice(-3000)}`)));
  });
  return {
    baseUrl,
    pid: child.pid!,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
  });
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('hv_session='));
  if (!cookie) throw new Error('no hv_session cookie after sign-in');
  return cookie.split(';')[0]!;
}

/** GET `url`, its JSON body; throws unless 200. */
export async function getJson<T>(url: string, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(url, { headers });
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** The server process's resident memory, bytes (Linux). */
export function rssOf(pid: number): number {
  const kib = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return Number(kib) * 1024;
}

// ---------------------------------------------------------------------------------------------------------------
// Timing

/** `count` GETs one after another (after a tenth as many untimed), each timed to its last byte; ascending ms. */
export async function timedGets(url: string, headers: Record<string, string>, count: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const t0 = performance.now();
      http
        .get(url, { agent, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            if (res.statusCode !== 200)
              reject(new Error(`GET ${url} answered ${res.statusCode}: ${Buffer.concat(chunks).toString()}`));
            else resolve(performance.now() - t0);
          });
        })
        .on('error', reject);
    });
  for (let i = 0; i < Math.ceil(count / 10); i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < count; i++) samples.push(await once());
  agent.destroy();
  return samples.sort((a, b) => a - b);
}

/** mulberry32: uniform in [0, 1), the same sequence for a seed. */
function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface LoadFigures {
  requests: number;
  rps: number;
  /** Ascending latencies, ms, each from the request's INTENDED send time. */
  samples: number[];
  /** How late this process sent requests, p99 ms: a busy load generator shows here. */
  sendLagP99: number;
  statuses: Record<string, number>;
}

/**
 * An open loop with Poisson arrivals at `rate`/s over `seconds` (seeded: the same schedule every run), sent on
 * schedule whatever the answers do, over keep-alive connections. Latency counts from the intended send time, so a
 * stalled server is charged for the requests it delayed (no coordinated omission). After a 3 s warm-up.
 */
export async function poissonLoad(url: string, rate: number, seconds: number, seed = 1): Promise<LoadFigures> {
  const run = async (secs: number, s: number): Promise<LoadFigures> => {
    const random = seededRandom(s);
    const schedule: number[] = [];
    for (let t = -Math.log(1 - random()) * (1000 / rate); t < secs * 1000; t += -Math.log(1 - random()) * (1000 / rate))
      schedule.push(t);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
    const samples: number[] = [];
    const lags: number[] = [];
    const statuses: Record<string, number> = {};
    const start = performance.now() + 20;
    await new Promise<void>((resolve, reject) => {
      let next = 0;
      let done = 0;
      const send = (intended: number) => {
        lags.push(performance.now() - intended);
        http
          .get(url, { agent }, (res) => {
            res.resume();
            res.on('end', () => {
              samples.push(performance.now() - intended);
              statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
              if (++done === schedule.length) resolve();
            });
          })
          .on('error', reject);
      };
      // Wakes about each millisecond and sends every request whose time has come.
      const tick = () => {
        while (next < schedule.length && start + schedule[next]! <= performance.now()) send(start + schedule[next++]!);
        if (next < schedule.length)
          setTimeout(tick, Math.max(0, Math.min(1, start + schedule[next]! - performance.now())));
      };
      if (schedule.length === 0) resolve();
      else setTimeout(tick, 20);
    });
    agent.destroy();
    const elapsed = (performance.now() - start) / 1000;
    return {
      requests: schedule.length,
      rps: schedule.length / elapsed,
      samples: samples.sort((a, b) => a - b),
      sendLagP99: percentile(
        lags.sort((a, b) => a - b),
        99,
      ),
      statuses,
    };
  };
  await run(3, seed + 1000);
  return run(seconds, seed);
}

// ---------------------------------------------------------------------------------------------------------------
// Output

/** A Markdown table. */
export function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  return [header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

export interface Figure {
  figure: string;
  value: number;
  unit: string;
  /** The budget; a figure with none is printed only. */
  budget?: number;
  /** The budget is a floor (a score), not a ceiling. */
  atLeast?: boolean;
  /** Decimals to print (default 1). */
  digits?: number;
}

/** Prints the figures against their budgets (with the machine and its load) and sets exit code 1 when one is over. */
export function report(title: string, figures: readonly Figure[]): void {
  const rows = figures.map((f) => {
    const ok = f.budget === undefined ? null : f.atLeast ? f.value >= f.budget : f.value <= f.budget;
    if (ok === false) process.exitCode = 1;
    const n = (v: number) => v.toFixed(f.digits ?? 1);
    return [
      f.figure,
      `${n(f.value)} ${f.unit}`.trim(),
      f.budget === undefined ? '-' : `${f.atLeast ? '>=' : '<='} ${n(f.budget)} ${f.unit}`.trim(),
      ok === null ? '' : ok ? 'ok' : '**OVER**',
    ];
  });
  console.log(`\n## ${title}\n\n${machine()}\n\n${table(['figure', 'now', 'budget', ''], rows)}`);
  if (process.exitCode === 1) console.log('\nOver budget: exit code 1.');
}

/** Runs the bench's main; an error prints and exits 1. */
export function run(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
