// An open-loop load with POISSON arrivals (issue 23's availability target): requests arrive at
// `rate` per second on average, the gaps between them drawn from the exponential distribution with a
// seeded PRNG (the same schedule every run), sent on schedule whatever the answers do, over
// keep-alive connections. Each latency is measured from the request's INTENDED send time, so a
// stalled server (or a stalled client) is charged for the requests it delayed. Unlike bench/paced.ts
// (one request every 1000/rate ms), arrivals bunch up now and then as real visitors' do.
//
// As a module: `await poisson(url, { rate, seconds, seed })`. Run directly
// (`npx tsx bench/poisson.ts --url URL [--rate 200] [--seconds 20] [--seed 1] [--warmup 3]`), it
// prints the figures as one JSON line: bench/calendar-sync.ts runs it so, in its own process, so
// the load generator's work does not share an event loop with the server it measures.
import http from 'node:http';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

export interface PoissonOptions {
  /** Mean arrivals per second. */
  rate: number;
  seconds: number;
  /** PRNG seed for the arrival schedule. */
  seed?: number;
  /** Most sockets at once (requests beyond wait in the agent; their wait counts in the latency). */
  connections?: number;
}

export interface PoissonFigures {
  requests: number;
  /** Requests sent / wall time from the first intended send to the last answer. */
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  statuses: Record<string, number>;
  /** How late the client itself sent requests (ms): a busy load generator shows here. */
  sendLagP50: number;
  sendLagP99: number;
  sendLagMax: number;
  /** The most requests waiting for an answer at once. */
  maxInFlight: number;
  /** The most requests scheduled within any 10 ms (Poisson bunching; the mean is rate / 100). */
  burst: number;
}

/** mulberry32: small, fast, good enough for arrival times; uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** Arrival offsets (ms from the start) of a Poisson process at `rate`/s over `seconds`. */
export function poissonSchedule(rate: number, seconds: number, seed: number): number[] {
  const random = seededRandom(seed);
  const meanGap = 1000 / rate;
  const times: number[] = [];
  for (let t = -Math.log(1 - random()) * meanGap; t < seconds * 1000; t += -Math.log(1 - random()) * meanGap)
    times.push(t);
  return times;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
const round2 = (n: number) => Math.round(n * 100) / 100;

export async function poisson(url: string, options: PoissonOptions): Promise<PoissonFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections ?? 64 });
  const target = new URL(url);
  const schedule = poissonSchedule(options.rate, options.seconds, options.seed ?? 1);
  const total = schedule.length;
  const latencies: number[] = [];
  const lags: number[] = [];
  const statuses: Record<string, number> = {};
  let done = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  const start = performance.now() + 20;

  if (total > 0) {
    await new Promise<void>((resolve, reject) => {
      const send = (intended: number) => {
        lags.push(performance.now() - intended);
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        const req = http.get(
          { agent, host: target.hostname, port: target.port, path: target.pathname + target.search },
          (res) => {
            res.resume();
            res.on('end', () => {
              latencies.push(performance.now() - intended);
              inFlight--;
              statuses[res.statusCode ?? 0] = (statuses[res.statusCode ?? 0] ?? 0) + 1;
              if (++done === total) resolve();
            });
          },
        );
        req.on('error', reject);
      };
      let next = 0;
      // A timer that wakes about each millisecond and sends every request whose time has come.
      const tick = () => {
        const now = performance.now();
        while (next < total && start + schedule[next]! <= now) send(start + schedule[next++]!);
        if (next < total) setTimeout(tick, Math.max(0, Math.min(1, start + schedule[next]! - performance.now())));
      };
      setTimeout(tick, 20);
    });
  }
  const elapsed = (performance.now() - start) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  const perBucket = new Map<number, number>();
  for (const t of schedule) perBucket.set(Math.floor(t / 10), (perBucket.get(Math.floor(t / 10)) ?? 0) + 1);
  return {
    requests: total,
    rps: round2(total / elapsed),
    p50: round2(percentile(latencies, 50)),
    p95: round2(percentile(latencies, 95)),
    p99: round2(percentile(latencies, 99)),
    max: round2(latencies.at(-1) ?? 0),
    statuses,
    sendLagP50: round2(percentile(lags, 50)),
    sendLagP99: round2(percentile(lags, 99)),
    sendLagMax: round2(lags.at(-1) ?? 0),
    maxInFlight,
    burst: Math.max(0, ...perBucket.values()),
  };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      url: { type: 'string' },
      rate: { type: 'string' },
      seconds: { type: 'string' },
      seed: { type: 'string' },
      warmup: { type: 'string' },
    },
  });
  if (!values.url) throw new Error('--url is required');
  const rate = Number(values.rate ?? 200);
  const seconds = Number(values.seconds ?? 20);
  const seed = Number(values.seed ?? 1);
  const warmup = Number(values.warmup ?? 3);
  for (const [name, n] of Object.entries({ rate, seconds, seed, warmup }))
    if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number >= 0`);
  // The warm-up uses another seed, so the timed run's schedule is the same whether or not one ran.
  if (warmup > 0) await poisson(values.url, { rate, seconds: warmup, seed: seed + 1000 });
  console.log(JSON.stringify(await poisson(values.url, { rate, seconds, seed })));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
