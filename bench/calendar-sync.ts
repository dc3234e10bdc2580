// `npm run bench:calendars` (or `npx tsx bench/calendar-sync.ts [--rounds 5] [--seconds 20] [--rate 200]
// [--horizon 60] [--explain 500] [--no-postgres] [--no-baseline]`): issue 23's performance targets for
// her other calendars. On PGlite (temp DATA_DIR, demo content) and on a PostgreSQL server started for
// the run (skipped, with the reason printed, when its binaries are missing), in this process:
//
// 1. Sync. Three ICS calendars totalling 5,000 events (a quarter weekly series with no end, written as
//    Google writes them, with a VTIMEZONE), served from a local HTTP server on 127.0.0.1, are added
//    through POST /api/admin/calendars (CALENDAR_ALLOW_PRIVATE_URLS=true, CALENDAR_SYNC_ENABLED=false),
//    then each and all three are synced in full (`syncCalendar(deps, id, { full: true })`, what
//    POST /api/admin/calendars/{id}/sync does) over several rounds: time, and extra memory (RSS sampled
//    every 10 ms from a worker thread, so a synchronous parse on the main thread cannot hide a peak;
//    heap used sampled on the main thread and right after the sync; gc() before each baseline).
// 2. Availability. The day of bench/availability-latency.ts (a full route booked through
//    POST /api/bookings) plus busy blocks on it from the three calendars, asked with an address by an
//    open-loop POISSON load (bench/poisson.ts, run in its own process) at 200 requests/s, latency from
//    the intended send time; with --no-baseline, not also before the calendars were added. Twice with
//    the calendars: as served (the day's answer kept in memory until something it depends on changes,
//    availability/cached-day-answer.ts), and with every answer rebuilt (its kept copy dropped before
//    each request), which is what a miss costs.
// 3. Explain. GET /api/admin/availability/explain for that day, signed in, one request at a time.
//
// Prints Markdown tables and verdicts against the targets: a full sync under 2 s and 100 MB extra
// memory, the day's availability under 25 ms p99 at 200 requests/s, explain under 50 ms. Figures, not
// a test: they depend on the machine and its load (printed with them).
//
// Why not big-calendar.fixture.ts's events: its weekly series fall on every weekday from 07:00 to 18:00,
// so any day would be busy all day and the route rule would have nothing left to judge. The calendars
// here are as large and as Google-like (the fixture's VTIMEZONE header), but the weekly series avoid the
// bench day's weekday and the single events its date; the day gets a few blocks of its own (a weekly
// series, a single event, an evening event and an all-day event on a calendar whose all-day events
// do not block).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Worker } from 'node:worker_threads';
import { addDaysToDate, dayOfWeek, nzToday } from '@shared/time';
import { minutesToTime, timeToMinutes } from '@shared/clock-time';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openConfiguredDatabase } from '../src/server/db/open';
import { prepareDatabase } from '../src/server/prepare';
import { bigCalendar } from '../src/server/modules/calendars/big-calendar.fixture';
import { readCalendar, syncCalendar, syncWindow, type SyncDeps } from '../src/server/modules/calendars/sync';
import { startCalendarServer, type CalendarServer } from '../tests/helpers/calendar-server';
import { findPgBinaries, startPgServer, type PgServer } from '../tests/helpers/pg-server';
import { DURATION, VISITOR_ADDRESS, emptyOpenDay, fillDay, getOk, percentile } from './availability-latency';
import { signInCookie, timedGets } from './http-timing';
import type { PoissonFigures } from './poisson';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TOTAL_EVENTS = 5000;
const CALENDARS = ['Personal', 'Family', 'Studio'];
const TARGET_SYNC_MS = 2000;
const TARGET_EXTRA_MB = 100;
const TARGET_P99_MS = 25;
const TARGET_EXPLAIN_MS = 50;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password-123' };
const WITH_CALENDARS = 'route + 3 calendars';
const REBUILT = 'route + 3 calendars, every answer rebuilt';

interface Options {
  rounds: number;
  seconds: number;
  rate: number;
  horizon: number;
  explain: number;
  postgres: boolean;
  baseline: boolean;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      rounds: { type: 'string' },
      seconds: { type: 'string' },
      rate: { type: 'string' },
      horizon: { type: 'string' },
      explain: { type: 'string' },
      'no-postgres': { type: 'boolean' },
      'no-baseline': { type: 'boolean' },
    },
  });
  const count = (name: string, raw: string | undefined, fallback: number) => {
    const n = raw === undefined ? fallback : Number(raw);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive whole number, got ${raw}`);
    return n;
  };
  return {
    rounds: count('rounds', values.rounds, 5),
    seconds: count('seconds', values.seconds, 20),
    rate: count('rate', values.rate, 200),
    // The configuration's default (BOOKING_HORIZON_DAYS); --horizon 365, the most it allows, is the worst case.
    horizon: count('horizon', values.horizon, 60),
    explain: count('explain', values.explain, 500),
    postgres: !values['no-postgres'],
    baseline: !values['no-baseline'],
  };
}

const progress = (line: string) => process.stderr.write(`${line}\n`);
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join('/');
const MB = 1024 * 1024;

// ---------------------------------------------------------------------------
// The calendars

const stamp = (date: string, minutes: number) =>
  `${date.replaceAll('-', '')}T${minutesToTime(minutes).replace(':', '')}00`;

/** One VEVENT in Auckland wall time. */
function vevent(uid: string, title: string, date: string, start: number, end: number, rrule?: string): string[] {
  return [
    'BEGIN:VEVENT',
    `UID:${uid}`,
    `SUMMARY:${title}`,
    `DTSTART;TZID=Pacific/Auckland:${stamp(date, start)}`,
    `DTEND;TZID=Pacific/Auckland:${stamp(date, end)}`,
    ...(rrule ? [rrule] : []),
    'END:VEVENT',
  ];
}

/**
 * Calendar `k`: `count` events in all, `onDay` among them. Every fourth of the others a weekly series
 * with no end that started up to a year ago (never on the bench day's weekday), the rest single
 * 90-minute events over the coming year (never on the bench day), all between 07:00 and 18:30.
 */
function benchCalendar(k: number, count: number, today: string, day: string, onDay: string[][]): string {
  const lines: string[] = [];
  for (let i = 0; i < count - onDay.length; i++) {
    const hour = 7 + ((i + k * 3) % 11);
    if (i % 4 === 0) {
      let start = addDaysToDate(today, -((i * 37 + k * 11) % 365));
      if (dayOfWeek(start) === dayOfWeek(day)) start = addDaysToDate(start, -1);
      lines.push(
        ...vevent(`s${k}-${i}@example.com`, `Series ${k}.${i}`, start, hour * 60, hour * 60 + 60, 'RRULE:FREQ=WEEKLY'),
      );
    } else {
      let date = addDaysToDate(today, (i * 53 + k * 17) % 365);
      if (date === day) date = addDaysToDate(date, 1);
      lines.push(...vevent(`e${k}-${i}@example.com`, `Event ${k}.${i}`, date, hour * 60, hour * 60 + 90));
    }
  }
  for (const event of onDay) lines.push(...event);
  // The fixture's header (Google's PRODID, X-WR-TIMEZONE, the Auckland VTIMEZONE) with no events of its own.
  return bigCalendar(0, new Date()).replace('END:VCALENDAR', `${lines.join('\n')}\nEND:VCALENDAR`);
}

/**
 * The bench day's own blocks: the first offered time (30 min, a weekly series that started ten weeks
 * before) on the first calendar, a morning block over a route visit on the second, an evening event
 * and an all-day event on the third (whose all-day events do not block).
 */
function dayEvents(day: string, offered: readonly string[]): string[][][] {
  const first = timeToMinutes(offered[0] ?? '16:00');
  const allDay = [
    'BEGIN:VEVENT',
    'UID:allday@example.com',
    'SUMMARY:Birthday',
    `DTSTART;VALUE=DATE:${day.replaceAll('-', '')}`,
    `DTEND;VALUE=DATE:${addDaysToDate(day, 1).replaceAll('-', '')}`,
    'END:VEVENT',
  ];
  return [
    [vevent('day-series@example.com', 'Pilates', addDaysToDate(day, -70), first, first + 30, 'RRULE:FREQ=WEEKLY')],
    [vevent('day-morning@example.com', 'Dentist', day, 9 * 60 + 30, 10 * 60)],
    [vevent('day-evening@example.com', 'Choir', day, 18 * 60, 19 * 60), allDay],
  ];
}

// ---------------------------------------------------------------------------
// Memory

v8.setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Process RSS sampled every 10 ms on another thread: the peak since the last reset, in KiB. */
function startRssSampler(): { reset(): void; peakBytes(): number; stop(): Promise<number> } {
  const shared = new Int32Array(new SharedArrayBuffer(4));
  const worker = new Worker(
    `const { workerData } = require('node:worker_threads');
     const peak = new Int32Array(workerData);
     setInterval(() => {
       const kib = Math.round(process.memoryUsage.rss() / 1024);
       if (kib > Atomics.load(peak, 0)) Atomics.store(peak, 0, kib);
     }, 10);`,
    { eval: true, workerData: shared.buffer },
  );
  return {
    reset: () => Atomics.store(shared, 0, 0),
    peakBytes: () => Atomics.load(shared, 0) * 1024,
    stop: () => worker.terminate(),
  };
}

interface MemoryUse {
  ms: number;
  extraRss: number;
  extraHeap: number;
}

/** Runs `work` from a collected baseline: its time, peak extra RSS and peak extra heap used. */
async function measured(sampler: ReturnType<typeof startRssSampler>, work: () => Promise<void>): Promise<MemoryUse> {
  gc();
  const rss0 = process.memoryUsage.rss();
  const heap0 = v8.getHeapStatistics().used_heap_size;
  let heapPeak = heap0;
  const timer = setInterval(() => (heapPeak = Math.max(heapPeak, v8.getHeapStatistics().used_heap_size)), 10);
  sampler.reset();
  const t0 = performance.now();
  await work();
  const ms = performance.now() - t0;
  heapPeak = Math.max(heapPeak, v8.getHeapStatistics().used_heap_size);
  clearInterval(timer);
  await new Promise((resolve) => setTimeout(resolve, 15));
  const rssPeak = Math.max(sampler.peakBytes(), process.memoryUsage.rss());
  return { ms, extraRss: rssPeak - rss0, extraHeap: heapPeak - heap0 };
}

// ---------------------------------------------------------------------------
// Load

/** bench/poisson.ts in its own process (tsx as a loader), so its work does not share this event loop. */
function poissonRun(url: string, options: Options, seed: number): Promise<PoissonFigures> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(root, 'bench/poisson.ts'),
        `--url=${url}`,
        `--rate=${options.rate}`,
        `--seconds=${options.seconds}`,
        `--seed=${seed}`,
        '--warmup=3',
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += String(chunk)));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`bench/poisson.ts exited with ${code}`));
      try {
        resolve(JSON.parse(out.trim().split('\n').pop()!) as PoissonFigures);
      } catch (err) {
        reject(err instanceof Error ? err : new Error(String(err)));
      }
    });
  });
}

// ---------------------------------------------------------------------------
// One backend

interface SyncRow {
  calendar: string;
  events: number;
  busy: number;
  /** POST /api/admin/calendars: the first read and the first insert (null for the all-three row). */
  add: MemoryUse | null;
  readMs: number[];
  runs: MemoryUse[];
}

interface LoadRow {
  label: string;
  figures: PoissonFigures;
}

interface BackendResult {
  backend: string;
  day: string;
  route: string;
  offeredBefore: number;
  offeredAfter: number;
  busyOnDay: number;
  busyRows: number;
  /** RSS after gc() after the adds and sync rounds, minus before the adds (PGlite's memory grows and stays). */
  rssKept: number;
  sync: SyncRow[];
  load: LoadRow[];
  /** One request at a time: the explain call, and the day's availability (its service time, so its capacity). */
  explain: Array<{ call: string; label: string; samples: number[]; slots: number }>;
  loadAvg: string[];
}

async function benchBackend(
  backend: string,
  env: Record<string, string>,
  options: Options,
  sampler: ReturnType<typeof startRssSampler>,
  calendarServer: CalendarServer,
): Promise<BackendResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-calendars-'));
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
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    CALENDAR_ALLOW_PRIVATE_URLS: 'true',
    CALENDAR_SYNC_ENABLED: 'false',
    BOOKING_HORIZON_DAYS: String(options.horizon),
    SECRET_KEY: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
    ...env,
  });
  const database = await openConfiguredDatabase(config);
  const app = await buildApp(config, database, { logger: false });
  // While set, every availability answer is built again (its kept copy dropped before each request, as
  // if a booking changed each time): what a miss costs, next to what visitors asking again get.
  let rebuildEveryAnswer = false;
  app.addHook('onRequest', async () => {
    if (rebuildEveryAnswer) app.publicCache.invalidate('bookings');
  });
  const loadAvg = [load()];
  try {
    await prepareDatabase(database, config, app.log);
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const query = async (sql: string, params: unknown[]) =>
      (await database.withSession((s) => s.query(sql, params))).rows;
    const cookie = await signInCookie(baseUrl, ADMIN);
    const admin = { cookie };

    const day = await emptyOpenDay(baseUrl, query);
    const placed = await fillDay(baseUrl, day);
    const address = encodeURIComponent(VISITOR_ADDRESS);
    const dayUrl = `${baseUrl}/api/availability/${day}?duration=${DURATION}&address=${address}`;
    const explainUrl = `${baseUrl}/api/admin/availability/explain?date=${day}&address=${address}&serviceId=1&duration=${DURATION}`;
    const offeredBefore = ((await getOk(dayUrl)) as { timeSlots: string[] }).timeSlots;
    progress(`${backend}: day ${day}, ${placed.length} visits, offered ${offeredBefore.join(' ')}`);

    const result: BackendResult = {
      backend,
      day,
      route: placed.map((p) => `${p.time} ${p.address.split(', ').pop()}`).join(', '),
      offeredBefore: offeredBefore.length,
      offeredAfter: 0,
      busyOnDay: 0,
      busyRows: 0,
      rssKept: 0,
      sync: [],
      load: [],
      explain: [],
      loadAvg,
    };
    const explainOnce = async () => {
      const samples = await timedGets(explainUrl, admin, options.explain);
      const answer = (await (await fetch(explainUrl, { headers: admin })).json()) as { slots: unknown[] };
      return { samples, slots: answer.slots.length };
    };
    const dayOnce = async () => ({
      samples: await timedGets(dayUrl, {}, options.explain),
      slots: ((await getOk(dayUrl)) as { timeSlots: string[] }).timeSlots.length,
    });

    if (options.baseline) {
      progress(`${backend}: explain and Poisson load without calendars (load ${load()})`);
      result.explain.push({ call: 'explain', label: 'route only', ...(await explainOnce()) });
      result.explain.push({ call: 'availability', label: 'route only', ...(await dayOnce()) });
      result.load.push({ label: 'route only', figures: await poissonRun(dayUrl, options, 1) });
      loadAvg.push(load());
    }

    // The calendars, served on loopback and added through the API (each read once, as the form does).
    const today = nzToday();
    const perCalendar = CALENDARS.map(
      (_, k) => Math.floor(TOTAL_EVENTS / CALENDARS.length) + (k < TOTAL_EVENTS % CALENDARS.length ? 1 : 0),
    );
    const onDay = dayEvents(day, offeredBefore);
    gc();
    const rssBeforeCalendars = process.memoryUsage.rss();
    const ids: number[] = [];
    const urls: string[] = [];
    for (const [k, name] of CALENDARS.entries()) {
      const file = `/${backend.split(' ')[0]!.toLowerCase()}-${k}.ics`;
      calendarServer.setFile(file, benchCalendar(k, perCalendar[k]!, today, day, onDay[k]!));
      let body = { id: 0, eventCount: 0 };
      const add = await measured(sampler, async () => {
        const res = await fetch(`${baseUrl}/api/admin/calendars`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...admin },
          body: JSON.stringify({ name, url: calendarServer.url(file), allDayBlocks: k !== 2 }),
        });
        body = (await res.json()) as typeof body;
        if (res.status !== 201)
          throw new Error(`POST /api/admin/calendars answered ${res.status}: ${JSON.stringify(body)}`);
      });
      ids.push(body.id);
      urls.push(calendarServer.url(file));
      result.sync.push({
        calendar: name,
        events: body.eventCount,
        busy: 0,
        add,
        readMs: [],
        runs: [],
      });
    }

    const deps: SyncDeps = {
      db: app.db,
      box: app.secretBox,
      fetcher: app.calendarFetch,
      horizonDays: config.booking.horizonDays,
    };
    const syncOne = async (id: number) => {
      const r = await syncCalendar(deps, id, { full: true });
      if (r.status !== 'synced') throw new Error(`sync of calendar ${id}: ${r.status}`);
    };
    const all: SyncRow = {
      calendar: 'All three, one after another',
      events: 0,
      busy: 0,
      add: null,
      readMs: [],
      runs: [],
    };
    progress(`${backend}: ${options.rounds} sync rounds (load ${load()})`);
    for (let round = 0; round < options.rounds; round++) {
      for (const [k, id] of ids.entries()) {
        const row = result.sync[k]!;
        row.runs.push(await measured(sampler, () => syncOne(id)));
        // The read alone (fetch + parse), to split the sync's time between reading and storing.
        const source = { kind: 'ics' as const, url: urls[k]!, username: null, password: null };
        const t0 = performance.now();
        const read = await readCalendar(source, null, syncWindow(new Date(), deps.horizonDays), deps.fetcher);
        row.readMs.push(performance.now() - t0);
        if (read.unchanged) throw new Error('a full read answered unchanged');
      }
      all.runs.push(
        await measured(sampler, async () => {
          for (const id of ids) await syncOne(id);
        }),
      );
    }
    for (const [k, id] of ids.entries()) {
      const [row] = await query('SELECT count(*)::int AS n FROM calendar_busy WHERE calendar_id = $1', [id]);
      result.sync[k]!.busy = (row as { n: number }).n;
    }
    all.events = result.sync.reduce((n, r) => n + r.events, 0);
    all.busy = result.sync.reduce((n, r) => n + r.busy, 0);
    result.sync.push(all);
    result.busyRows = all.busy;
    gc();
    result.rssKept = process.memoryUsage.rss() - rssBeforeCalendars;
    loadAvg.push(load());

    const offeredAfter = ((await getOk(dayUrl)) as { timeSlots: string[] }).timeSlots;
    result.offeredAfter = offeredAfter.length;
    const busy = (await (
      await fetch(`${baseUrl}/api/admin/calendar-busy?from=${day}&to=${day}`, { headers: admin })
    ).json()) as unknown[];
    result.busyOnDay = busy.length;
    progress(`${backend}: with calendars offered ${offeredAfter.join(' ')}; ${busy.length} busy blocks on the day`);
    if (offeredAfter.length === 0 || offeredAfter.length >= offeredBefore.length)
      progress(`${backend}: WARNING the calendars should leave some but not all of the day's times`);

    progress(`${backend}: Poisson load and explain with calendars (load ${load()})`);
    result.load.push({ label: WITH_CALENDARS, figures: await poissonRun(dayUrl, options, 1) });
    loadAvg.push(load());
    rebuildEveryAnswer = true;
    result.load.push({ label: REBUILT, figures: await poissonRun(dayUrl, options, 2) });
    result.explain.push({ call: 'availability', label: REBUILT, ...(await dayOnce()) });
    rebuildEveryAnswer = false;
    loadAvg.push(load());
    result.explain.push({ call: 'explain', label: WITH_CALENDARS, ...(await explainOnce()) });
    result.explain.push({ call: 'availability', label: WITH_CALENDARS, ...(await dayOnce()) });
    loadAvg.push(load());
    return result;
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------
// Output

const f1 = (n: number) => n.toFixed(1);
const f2 = (n: number) => n.toFixed(2);

/** The first `text` columns left-aligned, the figures right-aligned. */
function table(header: string[], rows: string[][], text: number): string {
  return [
    `| ${header.join(' | ')} |`,
    `|${header.map((_, i) => (i < text ? ' --- ' : ' ---: ')).join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

function syncTable(results: BackendResult[]): string {
  const rows: string[][] = [];
  for (const r of results)
    for (const s of r.sync) {
      const ms = s.runs.map((x) => x.ms).sort((a, b) => a - b);
      const read = [...s.readMs].sort((a, b) => a - b);
      rows.push([
        r.backend,
        s.calendar,
        String(s.events),
        String(s.busy),
        s.add ? `${f1(s.add.ms)} / ${f1(s.add.extraRss / MB)}` : '-',
        read.length ? f1(percentile(read, 50)) : '-',
        f1(percentile(ms, 50)),
        f1(ms.at(-1)!),
        f1(Math.max(...s.runs.map((x) => x.extraRss)) / MB),
        f1(Math.max(...s.runs.map((x) => x.extraHeap)) / MB),
      ]);
    }
  return table(
    [
      'Backend',
      'Calendar',
      'Events',
      'Busy intervals',
      'Add (POST): ms / extra RSS MB',
      'Read ms p50 (fetch + parse)',
      'Sync ms p50',
      'Sync ms max',
      'Peak extra RSS MB',
      'Peak extra heap MB',
    ],
    rows,
    2,
  );
}

function loadTable(results: BackendResult[]): string {
  const rows: string[][] = [];
  for (const r of results)
    for (const l of r.load) {
      const x = l.figures;
      rows.push([
        r.backend,
        l.label,
        String(x.requests),
        f1(x.rps),
        f2(x.p50),
        f2(x.p95),
        f2(x.p99),
        f2(x.max),
        `${f2(x.sendLagP50)} / ${f2(x.sendLagP99)} / ${f2(x.sendLagMax)}`,
        String(x.maxInFlight),
        Object.entries(x.statuses)
          .map(([s, n]) => `${s}: ${n}`)
          .join(', '),
      ]);
    }
  return table(
    [
      'Backend',
      'Day',
      'Requests',
      'Sent/s',
      'p50 ms',
      'p95 ms',
      'p99 ms',
      'max ms',
      'Client send lag p50 / p99 / max ms',
      'Most in flight',
      'Statuses',
    ],
    rows,
    2,
  );
}

function explainTable(results: BackendResult[]): string {
  const rows: string[][] = [];
  for (const r of results)
    for (const e of r.explain)
      rows.push([
        r.backend,
        e.call === 'explain' ? 'Explain' : 'Availability, day',
        e.label,
        String(e.samples.length),
        String(e.slots),
        f2(percentile(e.samples, 50)),
        f2(percentile(e.samples, 95)),
        f2(percentile(e.samples, 99)),
        f2(e.samples.at(-1)!),
      ]);
  return table(
    ['Backend', 'Call', 'Day', 'Requests', 'Slots (explained / offered)', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms'],
    rows,
    3,
  );
}

function verdicts(results: BackendResult[]): string[] {
  const lines: string[] = [];
  for (const r of results) {
    const all = r.sync.at(-1)!;
    const maxSync = Math.max(...r.sync.slice(0, -1).flatMap((s) => s.runs.map((x) => x.ms)));
    const maxAllSync = Math.max(...all.runs.map((x) => x.ms));
    const maxRss = Math.max(...r.sync.flatMap((s) => s.runs.map((x) => x.extraRss))) / MB;
    const withCalendars = r.load.find((l) => l.label === WITH_CALENDARS)!.figures;
    const rebuilt = r.load.find((l) => l.label === REBUILT)!.figures;
    const explain = r.explain.filter((e) => e.call === 'explain').at(-1)!.samples;
    const yes = (ok: boolean) => (ok ? 'yes' : 'NO');
    lines.push(
      `${r.backend}: full sync of all three < ${TARGET_SYNC_MS} ms: ${yes(maxAllSync < TARGET_SYNC_MS)} (max ${f1(maxAllSync)} ms; slowest single-calendar sync ${f1(maxSync)} ms)`,
      `${r.backend}: extra memory < ${TARGET_EXTRA_MB} MB: ${yes(maxRss < TARGET_EXTRA_MB)} (peak extra RSS ${f1(maxRss)} MB)`,
      `${r.backend}: day with route + busy blocks p99 < ${TARGET_P99_MS} ms at ${f1(withCalendars.rps)} req/s (Poisson): ${yes(withCalendars.p99 < TARGET_P99_MS)} (p99 ${f2(withCalendars.p99)} ms; with every answer rebuilt ${f2(rebuilt.p99)} ms)`,
      `${r.backend}: explain < ${TARGET_EXPLAIN_MS} ms: p99 ${yes(percentile(explain, 99) < TARGET_EXPLAIN_MS)} (p99 ${f2(percentile(explain, 99))} ms, max ${f2(explain.at(-1)!)} ms)`,
    );
  }
  return lines;
}

async function main(): Promise<void> {
  const options = parseOptions(process.argv.slice(2));
  const loadBefore = load();
  const sampler = startRssSampler();
  const calendarServer = await startCalendarServer();
  let pgServer: PgServer | null = null;
  const results: BackendResult[] = [];
  const notes: string[] = [];
  try {
    results.push(await benchBackend('PGlite', {}, options, sampler, calendarServer));
    if (!options.postgres) notes.push('PostgreSQL: skipped (--no-postgres).');
    else if (!findPgBinaries())
      notes.push('PostgreSQL: skipped: no initdb/pg_ctl/postgres on PATH, $PG_BIN_DIR or /usr/lib/postgresql/15/bin.');
    else {
      pgServer = await startPgServer();
      const version = pgServer.version.replace(/^PostgreSQL\s*/i, '');
      results.push(
        await benchBackend(`PostgreSQL ${version}`, { DATABASE_URL: pgServer.url }, options, sampler, calendarServer),
      );
    }
  } finally {
    await pgServer?.stop();
    await calendarServer.close();
    await sampler.stop();
  }
  const cpus = os.cpus();
  console.log(
    [
      `Machine: ${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}; load average (1/5/15 min) ${loadBefore} at the start, ${load()} at the end; ` +
        `per backend, 1-minute load at its start and after each phase: ${results.map((r) => `${r.backend} ${r.loadAvg.map((l) => l.split('/')[0]).join(' → ')}`).join('; ')}.`,
      `Calendars: ${CALENDARS.length} ICS files, ${TOTAL_EVENTS} events in all (a quarter weekly series with no end), served on 127.0.0.1; ` +
        `BOOKING_HORIZON_DAYS=${options.horizon}, so the sync window is today..+${options.horizon + 1} days. ${options.rounds} rounds of full syncs.`,
      ...results.map(
        (r) =>
          `${r.backend}: day ${r.day}, route ${r.route}; the visitor at ${VISITOR_ADDRESS} is offered ${r.offeredBefore} times before the calendars, ` +
          `${r.offeredAfter} after (${r.busyOnDay} busy blocks on the day, ${r.busyRows} busy rows stored in all); RSS kept after the adds and syncs (after gc()): ${f1(r.rssKept / MB)} MB.`,
      ),
      ...notes,
      '',
      '**Sync** (each calendar, then all three one after another, per round; memory from a gc() baseline, RSS sampled every 10 ms on another thread):',
      '',
      syncTable(results),
      '',
      `**Availability** GET /api/availability/{date}?duration=${DURATION}&address=…, Poisson arrivals at ${options.rate}/s for ${options.seconds} s after 3 s of warm-up, ` +
        'from a separate process, latency from the intended send time:',
      '',
      loadTable(results),
      '',
      `**One request at a time** (after ${Math.ceil(options.explain / 10)} untimed): GET /api/admin/availability/explain?date=…&address=…&serviceId=1&duration=${DURATION} signed in, and the day's availability as above (its service time: 1000 / p50 is about what one core can answer per second):`,
      '',
      explainTable(results),
      '',
      '```text',
      ...verdicts(results),
      '```',
    ].join('\n'),
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
