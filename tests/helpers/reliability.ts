/**
 * Shared parts of the reliability tests (tests/api/reliability-*.test.ts, docs/reliability.md):
 * real server processes on a real PostgreSQL database, plain HTTP, and checks on the stored rows.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import net from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { dayOfWeek, nzInstant } from '../../src/shared/time';
import { loadConfig } from '../../src/server/config';
import { offlineDriveLookup } from '../../src/server/modules/scheduling/drive-estimate';
import { dayLegs, type RouteVisit } from '../../src/server/modules/scheduling/route-rule';
import { bookingRequest } from './bookings';
import { BUILT_SERVER } from './built-server';
import { TEST_ENV } from './fixtures';
import { parseMessage, type Received, type Smtp } from './smtp';

/** Real processes on a loaded 2-core machine: generous, though each test aims at well under a minute. */
export const RELIABILITY_TIMEOUT_MS = 120_000;

export const RAGLAN = '12 Bow Street, Raglan';
export const HAMILTON = '100 Victoria Street, Hamilton';

export interface RunningServer {
  url: string;
  child: ChildProcessWithoutNullStreams;
  output: () => string;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/** Every process a test started, so afterEach can make sure none outlives it. */
const running = new Set<ChildProcessWithoutNullStreams>();

/**
 * A server process with a fast mail worker (off unless SMTP_URL is given), on `databaseUrl`.
 * The built server itself (node dist/server/main.js), so a signal reaches it and SIGKILL leaves no orphan.
 */
export async function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const child = spawn(process.execPath, [BUILT_SERVER], {
    env: {
      ...process.env,
      ...TEST_ENV,
      LOG_LEVEL: 'info',
      PORT: '0',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      MAIL_WORKER_ENABLED: env.SMTP_URL ? 'true' : 'false',
      MAIL_POLL_SECONDS: '0.1',
      MAIL_NOTIFY_TO: 'practice@example.nz',
      ...env,
    },
  });
  running.add(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  void exited.then(() => running.delete(child));
  const url = await Promise.race([
    waitFor('the server to start', () => output.includes('Homevisit is running'), 45_000, 50).then(
      () => /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)![1]!,
    ),
    exited.then((code) => Promise.reject(new Error(`server exited (${code}) before it started:\n${output}`))),
  ]);
  return { url, child, output: () => output, exited };
}

/** SIGKILL for whatever a test left running. */
export async function killAll(): Promise<void> {
  const children = [...running];
  await Promise.all(
    children.map(
      (c) =>
        new Promise<void>((resolve) => {
          if (c.exitCode !== null || c.signalCode !== null) return resolve();
          c.once('exit', () => resolve());
          c.kill('SIGKILL');
        }),
    ),
  );
}

/** The JSON log lines a server wrote, parsed. */
export function logLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

export interface Answer {
  /** 0: no HTTP answer at all (connection refused or reset). */
  status: number;
  body: Record<string, unknown> | null;
  retryAfter?: string | null;
  contentType?: string | null;
  /** The body as text when it is not JSON (a page). */
  text?: string;
  error?: string;
  ms: number;
}

export async function request(url: string, init: RequestInit = {}): Promise<Answer> {
  const t0 = Date.now();
  try {
    const res = await fetch(url, init);
    const text = await res.text();
    let body: Record<string, unknown> | null = null;
    try {
      body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      body = null;
    }
    return {
      status: res.status,
      body,
      retryAfter: res.headers.get('retry-after'),
      contentType: res.headers.get('content-type'),
      ...(body === null ? { text } : {}),
      ms: Date.now() - t0,
    };
  } catch (err) {
    const cause = (err as { cause?: { code?: string; message?: string } }).cause;
    return { status: 0, body: null, error: cause?.code ?? cause?.message ?? String(err), ms: Date.now() - t0 };
  }
}

export const postBooking = (baseUrl: string, over: Record<string, unknown>) =>
  request(`${baseUrl}/api/bookings`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(bookingRequest(over)),
  });

/** Polls `check` until it answers true, or fails naming `what`. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<number> {
  const t0 = Date.now();
  for (;;) {
    if (await check()) return Date.now() - t0;
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A small pool on the test's side, to read what the servers stored. */
export function sqlClient(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  pool.on('error', () => {});
  const sql = async <Row = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<Row[]> =>
    (await pool.query(text, params)).rows as Row[];
  return { sql, pool, close: () => pool.end() };
}
export type Sql = ReturnType<typeof sqlClient>['sql'];

/** Pairs of active bookings whose occupied ranges (visit + the least gap) overlap: must be 0. */
export async function activeOverlaps(sql: Sql): Promise<number> {
  const [row] = await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM bookings a JOIN bookings b ON a.id < b.id AND a.occupied && b.occupied
     WHERE a.status IN ('pending','confirmed') AND b.status IN ('pending','confirmed')`,
  );
  return row!.n;
}

/**
 * Half-written bookings: a booking without exactly its two "requested" e-mails, or an e-mail
 * about a booking that does not exist. Must be 0: they commit in one transaction.
 */
export async function halfWritten(sql: Sql): Promise<{ bookingsWithoutMail: number; mailWithoutBooking: number }> {
  const [row] = await sql<{ bookings_without_mail: number; mail_without_booking: number }>(
    `SELECT (SELECT count(*) FROM bookings b
              WHERE (SELECT count(*) FROM email_outbox o WHERE o.booking_id = b.id) <> 2)::int AS bookings_without_mail,
            (SELECT count(*) FROM email_outbox o
              WHERE o.booking_id IS NOT NULL AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.id = o.booking_id))::int AS mail_without_booking`,
  );
  return { bookingsWithoutMail: row!.bookings_without_mail, mailWithoutBooking: row!.mail_without_booking };
}

/** Legs of the day's active visits that the route rule (docs/product.md §10) finds infeasible: must be 0. */
export async function infeasibleLegs(sql: Sql, date: string): Promise<number> {
  const config = loadConfig({ ...TEST_ENV });
  const rows = await sql<{ starts_at: Date; ends_at: Date; location_lat: number | null; location_lon: number | null }>(
    `SELECT starts_at, ends_at, location_lat, location_lon FROM bookings
     WHERE date = $1 AND status IN ('pending','confirmed') ORDER BY starts_at, id`,
    [date],
  );
  if (rows.length === 0) return 0;
  const [hours] = await sql<{ open_time: string; close_time: string }>(
    'SELECT open_time, close_time FROM business_hours WHERE day_of_week = $1 AND is_open',
    [dayOfWeek(date)],
  );
  if (!hours) throw new Error(`${date} is not an open day`);
  const visits: RouteVisit[] = rows.map((r) => ({
    start: new Date(r.starts_at),
    end: new Date(r.ends_at),
    location: r.location_lat === null || r.location_lon === null ? null : { lat: r.location_lat, lon: r.location_lon },
  }));
  const day = {
    openAt: nzInstant(date, hours.open_time),
    closeAt: nzInstant(date, hours.close_time),
    base: config.practice.base,
  };
  const drive = offlineDriveLookup({
    roadFactor: config.travel.roadFactor,
    averageSpeedKmh: config.travel.averageSpeedKmh,
  });
  return dayLegs(visits, day, config.booking.route, drive).legs.filter((leg) => !leg.feasible).length;
}

/** The one-line JSON result docs/reliability.md quotes. */
export function printSummary(test: string, figures: Record<string, unknown>): void {
  console.log(`[reliability] ${JSON.stringify({ test, ...figures })}`);
}

/** Distinct times on one day that never conflict for a 60-minute visit at one address. */
export const SPREAD_TIMES = ['10:00', '11:30', '13:00', '14:30'] as const;

/** Counts of each HTTP status, e.g. { '201': 30, '409': 10 }. */
export function statusCounts(answers: Answer[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const a of answers) out[String(a.status)] = (out[String(a.status)] ?? 0) + 1;
  return out;
}

export interface SlowSmtp extends Smtp {
  /** How long the server waits before it accepts each message (changeable while running). */
  delayMs: number;
  /** Messages whose DATA has started arriving (accepted or not yet). */
  started: number;
}

/** An SMTP sink that takes its time to accept each message, so a delivery can be caught in flight. */
export async function startSlowSmtp(delayMs: number): Promise<SlowSmtp> {
  const received: Received[] = [];
  const state = { delayMs, started: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      state.started++;
      const chunks: Buffer[] = [];
      const rcptTo = session.envelope.rcptTo.map((r) => r.address);
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        setTimeout(() => {
          parseMessage(Buffer.concat(chunks), rcptTo).then(
            (message) => {
              received.push(message);
              callback();
            },
            (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
          );
        }, state.delayMs);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as net.AddressInfo;
  return Object.assign(state, {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

/** Whether a new TCP connection to the server's address is refused. */
export function connectionRefused(baseUrl: string): Promise<boolean> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}
