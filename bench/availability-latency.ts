// `npm run bench:availability` (or `npx tsx bench/availability-latency.ts [--requests N]
// [--warmup N]`): issue 13's latency proof. Builds the app on a temporary PGlite DATA_DIR with the
// demo content, fills one open day with a busy route (visits at several places around Raglan,
// booked through POST /api/bookings, so the route rule itself placed them), then times GET
// /api/availability over a real listening HTTP server, one request at a time after a warm-up: the
// day without an address, the day with one (drive-time cache warm) and the 14-day range call with
// one. Prints one Markdown table (p50/p95/p99/max in ms, requests/s) and whether the day with an
// address answered under 25 ms at p99. Figures, not a test: they depend on the machine and its load.
//
// Why four visits and not seven: 60-minute sessions on the 30-minute grid with the 15-minute
// minimum gap fit at most five in a 09:00-17:00 day, and a day with no free time left asks the
// route rule nothing. So the route takes the morning and early afternoon, and the late afternoon
// stays free for the rule to judge on every call.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { minutesToTime, timeToMinutes } from '@shared/clock-time';
import { addDaysToDate, dayOfWeek, nzToday } from '@shared/time';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openConfiguredDatabase } from '../src/server/db/open';
import { prepareDatabase } from '../src/server/prepare';

/** The target for a day with a full route, asked with an address. */
const TARGET_P99_MS = 25;
/** How many days the range call covers (the wizard's two weeks). */
export const RANGE_DAYS = 14;
export const DURATION = 60;
/** Where the visitor asking for times is. */
export const VISITOR_ADDRESS = '8 Wainui Road, Raglan';
/** The day's other visits: places around the base (the practice profile's localities), tried in this order. */
const ROUTE_PLACES = [
  '12 Bow Street, Raglan',
  '4 Calvert Road, Whale Bay',
  '21 Wainui Road, Manu Bay',
  '3 Te Uku Landing Road, Te Uku',
  '60 Te Mata Road, Te Mata',
  '15 Long Street, Raglan',
  '9 Ruapuke Beach Road, Ruapuke',
];
/** Visits on the day: a busy route that still leaves times for the rule to judge (see the top). */
const MAX_VISITS = 4;
const STEP_MINUTES = 15;

interface Options {
  requests: number;
  warmup: number;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({ args: argv, options: { requests: { type: 'string' }, warmup: { type: 'string' } } });
  const count = (name: string, raw: string | undefined, fallback: number) => {
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number, got ${raw}`);
    return n;
  };
  return { requests: count('requests', values.requests, 2000), warmup: count('warmup', values.warmup, 300) };
}

export async function getOk(url: string): Promise<unknown> {
  const res = await fetch(url);
  const body = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${body}`);
  return JSON.parse(body);
}

/** The first open day (Mon-Sat) a week or more ahead that no demo booking touches. */
export async function emptyOpenDay(
  baseUrl: string,
  query: (sql: string, params: unknown[]) => Promise<unknown[]>,
): Promise<string> {
  for (let date = addDaysToDate(nzToday(), 7); ; date = addDaysToDate(date, 1)) {
    if (dayOfWeek(date) === 0) continue;
    const rows = await query("SELECT 1 FROM bookings WHERE date = $1 AND status IN ('pending','confirmed')", [date]);
    const day = (await getOk(`${baseUrl}/api/availability/${date}?duration=${DURATION}`)) as { available: boolean };
    if (rows.length === 0 && day.available) return date;
  }
}

export interface Placed {
  time: string;
  address: string;
}

/**
 * A full route, as visitors would fill it: from opening, each time in 15-minute steps is offered to
 * the places not yet on the day (then any place again); the first one POST /api/bookings accepts
 * takes it. The server's route rule decides, so the day stays drivable.
 */
export async function fillDay(baseUrl: string, date: string): Promise<Placed[]> {
  const services = (await getOk(`${baseUrl}/api/services`)) as Array<{
    id: number;
    durationOptions?: Array<{ duration: number; price: number }>;
  }>;
  const service = services[0]!;
  const price = service.durationOptions?.find((o) => o.duration === DURATION)?.price ?? 0;
  const placed: Placed[] = [];
  for (
    let minute = timeToMinutes('09:00');
    minute + DURATION <= timeToMinutes('17:00') && placed.length < MAX_VISITS;
  ) {
    const time = minutesToTime(minute);
    const unused = ROUTE_PLACES.filter((a) => !placed.some((p) => p.address === a));
    let accepted: string | null = null;
    for (const address of [...unused, ...ROUTE_PLACES.filter((a) => !unused.includes(a))]) {
      const res = await fetch(`${baseUrl}/api/bookings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          serviceLengthId: service.id,
          duration: DURATION,
          price,
          date,
          time,
          address,
          firstName: 'Bench',
          lastName: `Visit${placed.length + 1}`,
          email: `bench${placed.length + 1}@example.nz`,
          phone: '021 123 4567',
          hasInjuries: false,
        }),
      });
      await res.text();
      if (res.status === 201) {
        accepted = address;
        break;
      }
      if (res.status !== 409) throw new Error(`POST /api/bookings answered ${res.status} for ${time} at ${address}`);
    }
    if (accepted) {
      placed.push({ time, address: accepted });
      minute += DURATION;
    } else {
      minute += STEP_MINUTES;
    }
  }
  return placed;
}

interface Measured {
  name: string;
  samples: number[];
  seconds: number;
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * `warmup` rounds untimed, then `requests` rounds timed, each round one call of every kind in turn
 * (so a burst of other work on the machine lands on all rows alike), each call timed to its last byte.
 */
async function measure(calls: ReadonlyArray<{ name: string; url: string }>, options: Options): Promise<Measured[]> {
  for (let i = 0; i < options.warmup; i++) for (const call of calls) await getOk(call.url);
  const rows: Measured[] = calls.map((call) => ({ name: call.name, samples: [], seconds: 0 }));
  for (let i = 0; i < options.requests; i++) {
    for (const [k, call] of calls.entries()) {
      const t0 = performance.now();
      const res = await fetch(call.url);
      await res.arrayBuffer();
      const ms = performance.now() - t0;
      if (res.status !== 200) throw new Error(`GET ${call.url} answered ${res.status}`);
      rows[k]!.samples.push(ms);
      rows[k]!.seconds += ms / 1000;
    }
  }
  return rows;
}

function markdownTable(rows: readonly Measured[]): string {
  const header = ['Call', 'Requests', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'Requests/s'];
  const lines = [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i === 0 ? ' --- ' : ' ---: ')).join('|')}|`];
  for (const r of rows) {
    const sorted = [...r.samples].sort((a, b) => a - b);
    const ms = (v: number) => v.toFixed(2);
    lines.push(
      `| ${[r.name, String(r.samples.length), ms(percentile(sorted, 50)), ms(percentile(sorted, 95)), ms(percentile(sorted, 99)), ms(sorted[sorted.length - 1]!), (r.samples.length / r.seconds).toFixed(0)].join(' | ')} |`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-availability-'));
  // Only these settings: a developer's shell (DATABASE_URL, GOOGLE_MAPS_API_KEY...) must not change what is measured.
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
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
    const query = async (sql: string, params: unknown[]) =>
      (await database.withSession((s) => s.query(sql, params))).rows;

    const date = await emptyOpenDay(baseUrl, query);
    const placed = await fillDay(baseUrl, date);
    const address = encodeURIComponent(VISITOR_ADDRESS);
    const to = addDaysToDate(date, RANGE_DAYS - 1);
    const withAddress = (await getOk(
      `${baseUrl}/api/availability/${date}?duration=${DURATION}&address=${address}`,
    )) as { timeSlots: string[] };

    const loadBefore = os.loadavg()[0]!;
    const rows = await measure(
      [
        { name: 'Day, no address', url: `${baseUrl}/api/availability/${date}?duration=${DURATION}` },
        {
          name: 'Day, with address (cache warm)',
          url: `${baseUrl}/api/availability/${date}?duration=${DURATION}&address=${address}`,
        },
        {
          name: `${RANGE_DAYS}-day range, with address`,
          url: `${baseUrl}/api/availability?from=${date}&to=${to}&duration=${DURATION}&address=${address}`,
        },
      ],
      options,
    );

    const cpus = os.cpus();
    const dayRow = [...rows[1]!.samples].sort((a, b) => a - b);
    console.log(
      [
        `Machine: ${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}, 1-minute load average ${loadBefore.toFixed(1)} before and ` +
          `${os.loadavg()[0]!.toFixed(1)} after (other work on the machine shows in the tail), PGlite in a temp DATA_DIR (demo content), offline drive estimate.`,
        `Day ${date}: ${placed.length} visits of ${DURATION} min booked through POST /api/bookings: ` +
          placed.map((p) => `${p.time} ${p.address.split(', ').pop()}`).join(', ') +
          `. Visitor: ${VISITOR_ADDRESS}, offered ${withAddress.timeSlots.length} times that day.`,
        `One request at a time over HTTP (fetch, keep-alive) to the server in this process, the three calls in turn; ` +
          `${options.warmup} warm-up rounds, then ${options.requests} timed. Requests/s = 1 / mean latency (one client).`,
        '',
        markdownTable(rows),
        '',
        '```text',
        `day with address p99 < ${TARGET_P99_MS} ms: ${percentile(dayRow, 99) < TARGET_P99_MS ? 'yes' : 'no'}`,
        '```',
      ].join('\n'),
    );
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// bench/scale.ts imports the day-filling helpers above; only a direct run measures.
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
