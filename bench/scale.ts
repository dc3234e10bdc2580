// `npm run bench:scale` (or `npx tsx bench/scale.ts [--requests N] [--load N] [--pglite-only]`):
// issue 14's scale check. For each database (PGlite in a temp DATA_DIR, then a throw-away
// PostgreSQL server from tests/helpers/pg-server.ts when its binaries are on the machine): the app
// with the demo content, one open day a week ahead filled with a route through POST /api/bookings
// (as bench:availability), then a year of bookings inserted by one SQL statement in one transaction
// (about 3,000 rows from 300 days back to 64 days ahead: per Monday-Saturday four active visits
// around Raglan that leave the afternoon free, and six cancelled or rejected ones; the exclusion
// constraint holds, rows that would meet a demo booking are skipped by ON CONFLICT DO NOTHING).
// Then it prints: the plan of the bookings lookup (EXPLAIN, after ANALYZE), p50/p99 of the three
// availability calls in-process (loadOfferedSlots) and over HTTP one at a time, and the process's
// memory (RSS, heap used) at rest and during a load of concurrent HTTP requests. The server runs in
// this process, so the memory includes the client's share. Figures, not a test.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { addDaysToDate, nzInstant, nzToday } from '@shared/time';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openConfiguredDatabase } from '../src/server/db/open';
import { prepareDatabase } from '../src/server/prepare';
import { loadOfferedSlots } from '../src/server/modules/availability/offered-slots';
import { findPgBinaries, startPgServer, type PgServer } from '../tests/helpers/pg-server';
import {
  DURATION,
  emptyOpenDay,
  fillDay,
  getOk,
  percentile,
  RANGE_DAYS,
  VISITOR_ADDRESS,
} from './availability-latency';

const HISTORY_DAYS = 300;
const FUTURE_DAYS = 64;
const LOAD_CONCURRENCY = 10;

interface Options {
  requests: number;
  load: number;
  pgliteOnly: boolean;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: { requests: { type: 'string' }, load: { type: 'string' }, 'pglite-only': { type: 'boolean' } },
  });
  const count = (name: string, raw: string | undefined, fallback: number) => {
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number, got ${raw}`);
    return n;
  };
  return {
    requests: count('requests', values.requests, 1000),
    load: count('load', values.load, 2000),
    pgliteOnly: Boolean(values['pglite-only']),
  };
}

/**
 * A year of bookings in one statement: per open day (Mon-Sat), visits at 09:00, 10:30, 12:00 and
 * 13:30 (60 min, 15-minute buffer; confirmed in the past, confirmed or pending ahead) at places
 * around Raglan, and six inactive rows (cancelled or rejected) at other times. The `skip` date keeps
 * the route the server placed.
 */
const HISTORY_SQL = `
WITH days AS (
  SELECT d::date AS date FROM generate_series($1::date, $2::date, interval '1 day') AS d
  WHERE extract(dow FROM d) <> 0 AND d::date <> $3::date
), slots AS (
  SELECT s.n, s.time, s.active FROM (VALUES
    (0, '09:00', true), (1, '10:30', true), (2, '12:00', true), (3, '13:30', true),
    (4, '09:30', false), (5, '11:00', false), (6, '14:00', false), (7, '15:00', false), (8, '15:30', false), (9, '16:00', false)
  ) AS s(n, time, active)
), rows AS (
  SELECT days.date, slots.n, slots.time, slots.active,
         ((days.date::text || ' ' || slots.time)::timestamp AT TIME ZONE 'Pacific/Auckland') AS starts_at
  FROM days CROSS JOIN slots
)
INSERT INTO bookings (service_name, date, time, duration, price, address, first_name, last_name, email, phone,
                      cancel_token, status, expires_at, starts_at, ends_at, buffer_ends_at, location_lat, location_lon)
SELECT 'Relaxation Massage', date, time, 60, 9000, (n + 1) || ' Bow Street, Raglan', 'Scale', 'Visit' || n,
       'scale' || n || '@example.nz', '021 123 4567', md5(date::text || time || n) || 'scale-bench-token',
       CASE WHEN NOT active THEN (CASE WHEN n % 2 = 0 THEN 'cancelled' ELSE 'rejected' END)
            WHEN date < $4::date OR n % 2 = 0 THEN 'confirmed' ELSE 'pending' END,
       CASE WHEN active AND date >= $4::date AND n % 2 = 1 THEN starts_at END,
       starts_at, starts_at + interval '60 minutes', starts_at + interval '75 minutes',
       -37.80 + (n % 4) * 0.01, 174.87 - (n % 3) * 0.02
FROM rows
ON CONFLICT DO NOTHING`;

/** The bookings part of loadAvailabilityInput, for EXPLAIN (same predicate). */
const BUSY_SQL = `SELECT starts_at FROM bookings b
  WHERE b.status IN ('pending', 'confirmed')
    AND b.occupied && tstzrange($1::timestamptz, $2::timestamptz, '[)')
    AND (b.status = 'confirmed' OR b.expires_at > now())`;

interface Row {
  name: string;
  samples: number[];
}

const ms = (v: number) => v.toFixed(2);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

function table(title: string, rows: readonly Row[]): string {
  const lines = [`| ${title} | Calls | p50 ms | p99 ms | max ms |`, '| --- | ---: | ---: | ---: | ---: |'];
  for (const r of rows) {
    const s = [...r.samples].sort((a, b) => a - b);
    lines.push(
      `| ${r.name} | ${s.length} | ${ms(percentile(s, 50))} | ${ms(percentile(s, 99))} | ${ms(s[s.length - 1]!)} |`,
    );
  }
  return lines.join('\n');
}

async function timeEach(
  calls: ReadonlyArray<{ name: string; run: () => Promise<unknown> }>,
  requests: number,
): Promise<Row[]> {
  for (let i = 0; i < Math.min(200, requests); i++) for (const c of calls) await c.run();
  const rows = calls.map((c) => ({ name: c.name, samples: [] as number[] }));
  for (let i = 0; i < requests; i++) {
    for (const [k, c] of calls.entries()) {
      const t0 = performance.now();
      await c.run();
      rows[k]!.samples.push(performance.now() - t0);
    }
  }
  return rows;
}

/** `total` requests from `LOAD_CONCURRENCY` clients, the URLs in turn; memory sampled every 50 ms. */
async function underLoad(urls: readonly string[], total: number) {
  let next = 0;
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const timer = setInterval(sample, 50);
  const t0 = performance.now();
  const latencies: number[] = [];
  await Promise.all(
    Array.from({ length: LOAD_CONCURRENCY }, async () => {
      while (next < total) {
        const url = urls[next++ % urls.length]!;
        const t = performance.now();
        const res = await fetch(url);
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}`);
        latencies.push(performance.now() - t);
        sample();
      }
    }),
  );
  clearInterval(timer);
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    peakRss,
    peakHeap,
    reqPerSec: total / seconds,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
  };
}

async function runOn(kind: 'pglite' | 'postgres', options: Options, pgServer: PgServer | null): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-scale-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    ...(pgServer ? { DATABASE_URL: pgServer.url } : {}),
    SEED_DEMO_DATA: 'true',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    PUBLIC_URL: 'http://127.0.0.1',
    MAIL_WORKER_ENABLED: 'false',
    REMINDERS_ENABLED: 'false',
    // Every request comes from this one machine: no per-address limit (docs/security.md "Limits").
    BOOKING_REQUESTS_PER_HOUR: '0',
  });
  const database = await openConfiguredDatabase(config);
  const app = await buildApp(config, database, { logger: false });
  try {
    await prepareDatabase(database, config, app.log);
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const query = async (text: string, params: unknown[] = []) =>
      (await database.withSession((s) => s.query(text, params))).rows;

    const date = await emptyOpenDay(baseUrl, query);
    const placed = await fillDay(baseUrl, date);
    const today = nzToday();
    const t0 = performance.now();
    await database.withSession(async (s) => {
      await s.exec('BEGIN');
      await s.query(HISTORY_SQL, [addDaysToDate(today, -HISTORY_DAYS), addDaysToDate(today, FUTURE_DAYS), date, today]);
      await s.exec('COMMIT');
      await s.exec('ANALYZE bookings');
    });
    const insertMs = performance.now() - t0;
    const [counts] = (await query(
      "SELECT count(*)::int AS total, count(*) FILTER (WHERE status IN ('pending','confirmed'))::int AS active FROM bookings",
    )) as Array<{ total: number; active: number }>;
    const to = addDaysToDate(date, RANGE_DAYS - 1);
    const plan = (await query(`EXPLAIN ${BUSY_SQL}`, [
      nzInstant(date).toISOString(),
      nzInstant(addDaysToDate(to, 1)).toISOString(),
    ])) as Array<{
      'QUERY PLAN': string;
    }>;

    const address = encodeURIComponent(VISITOR_ADDRESS);
    const deps = { db: app.db, config: app.config, drives: app.drives };
    const visitor = { location: (await app.travel.assess(VISITOR_ADDRESS)).location };
    const offered = (range: { from: string; to: string }, withVisitor: boolean) =>
      loadOfferedSlots(deps, range, DURATION, new Date(), withVisitor ? visitor : undefined);
    const urls = {
      day: `${baseUrl}/api/availability/${date}?duration=${DURATION}`,
      dayAddress: `${baseUrl}/api/availability/${date}?duration=${DURATION}&address=${address}`,
      range: `${baseUrl}/api/availability?from=${date}&to=${to}&duration=${DURATION}&address=${address}`,
    };
    const dayAnswer = (await getOk(urls.dayAddress)) as { timeSlots: string[] };
    const rest = process.memoryUsage();

    const inProcess = await timeEach(
      [
        { name: 'Day, no address', run: () => offered({ from: date, to: date }, false) },
        { name: 'Day, with address', run: () => offered({ from: date, to: date }, true) },
        { name: `${RANGE_DAYS}-day range, with address`, run: () => offered({ from: date, to }, true) },
      ],
      options.requests,
    );
    const overHttp = await timeEach(
      [
        { name: 'Day, no address', run: () => getOk(urls.day) },
        { name: 'Day, with address', run: () => getOk(urls.dayAddress) },
        { name: `${RANGE_DAYS}-day range, with address`, run: () => getOk(urls.range) },
      ],
      options.requests,
    );
    const load = await underLoad([urls.day, urls.dayAddress, urls.range], options.load);
    const after = process.memoryUsage();

    return [
      `### ${kind === 'pglite' ? 'PGlite' : `PostgreSQL ${pgServer?.version ?? ''}`}`,
      '',
      `${counts!.total} bookings (${counts!.active} pending or confirmed), the year inserted in ${ms(insertMs)} ms (one transaction). ` +
        `Day ${date}: ${placed.length} visits placed by POST /api/bookings (${placed.map((p) => p.time).join(', ')}); ` +
        `${VISITOR_ADDRESS} is offered ${dayAnswer.timeSlots.length} times. Range ${date}..${to}.`,
      '',
      'Plan of the bookings lookup (14-day range):',
      '',
      '```text',
      ...plan.map((p) => p['QUERY PLAN']),
      '```',
      '',
      table(`In-process (loadOfferedSlots), ${options.requests} rounds`, inProcess),
      '',
      table(`Over HTTP, one at a time, ${options.requests} rounds`, overHttp),
      '',
      `| Memory (this process: server and client) | RSS MB | heap used MB |`,
      `| --- | ---: | ---: |`,
      `| At rest, after the insert | ${mb(rest.rss)} | ${mb(rest.heapUsed)} |`,
      `| Peak during ${options.load} requests, ${LOAD_CONCURRENCY} at a time (the three calls in turn) | ${mb(load.peakRss)} | ${mb(load.peakHeap)} |`,
      `| After the load | ${mb(after.rss)} | ${mb(after.heapUsed)} |`,
      '',
      `Under that load: ${load.reqPerSec.toFixed(0)} requests/s, p50 ${ms(load.p50)} ms, p99 ${ms(load.p99)} ms (all three calls together).`,
    ].join('\n');
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const cpus = os.cpus();
  const sections: string[] = [];
  const loadBefore = os.loadavg()[0]!;
  sections.push(await runOn('pglite', options, null));
  if (!options.pgliteOnly && findPgBinaries()) {
    const server = await startPgServer();
    try {
      sections.push(await runOn('postgres', options, server));
    } finally {
      await server.stop();
    }
  } else {
    sections.push(
      options.pgliteOnly
        ? 'PostgreSQL: skipped (--pglite-only).'
        : 'PostgreSQL: skipped (initdb/pg_ctl/postgres not found).',
    );
  }
  console.log(
    [
      `Machine: ${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, 1-minute load average ` +
        `${loadBefore.toFixed(1)} before and ${os.loadavg()[0]!.toFixed(1)} after; offline drive estimate, demo content.`,
      '',
      ...sections.flatMap((s) => [s, '']),
    ].join('\n'),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
