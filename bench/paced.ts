// An open-loop, paced load for bench/api-throughput.ts (issue 14): one request every 1000/rate ms,
// on schedule whatever the answers do, over keep-alive connections. Each latency is measured from
// the request's INTENDED send time, so a stalled server is charged for the requests it delayed
// (no coordinated omission). autocannon's `overallRate` instead lets each connection send its share
// of a second back to back as soon as the second starts, so the whole second's load arrives as one
// burst; the bench reports both.
import http from 'node:http';

export interface PacedFigures {
  rps: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  statuses: Record<string, number>;
  /** How late the client itself sent requests (ms, p99): a busy load generator shows here. */
  sendLagP99: number;
  /** The most requests actually sent within any 10 ms (on schedule: 10 ms x rate / 1000). */
  burst: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round2 = (n: number) => Math.round(n * 100) / 100;

export async function paced(
  url: string,
  options: { rate: number; seconds: number; connections: number },
): Promise<PacedFigures> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const target = new URL(url);
  const interval = 1000 / options.rate;
  const total = Math.round(options.rate * options.seconds);
  const latencies: number[] = [];
  const lags: number[] = [];
  const perBucket = new Map<number, number>();
  const statuses: Record<string, number> = {};
  let done = 0;
  const start = performance.now() + 20;

  await new Promise<void>((resolve, reject) => {
    const send = (intended: number) => {
      const sentAt = performance.now();
      lags.push(sentAt - intended);
      perBucket.set(Math.floor(sentAt / 10), (perBucket.get(Math.floor(sentAt / 10)) ?? 0) + 1);
      const req = http.get(
        { agent, host: target.hostname, port: target.port, path: target.pathname + target.search },
        (res) => {
          res.resume();
          res.on('end', () => {
            latencies.push(performance.now() - intended);
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
      while (next < total && start + next * interval <= now) send(start + next++ * interval);
      if (next < total) setTimeout(tick, Math.max(0, Math.min(1, start + next * interval - performance.now())));
    };
    setTimeout(tick, 20);
  });
  agent.destroy();
  latencies.sort((a, b) => a - b);
  lags.sort((a, b) => a - b);
  const elapsed = (performance.now() - start) / 1000;
  return {
    rps: total / elapsed,
    p50: round2(percentile(latencies, 50)),
    p99: round2(percentile(latencies, 99)),
    max: round2(latencies.at(-1) ?? 0),
    requests: total,
    statuses,
    sendLagP99: round2(percentile(lags, 99)),
    burst: Math.max(0, ...perBucket.values()),
  };
}
