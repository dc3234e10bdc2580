// `npm run bench:money` (or `npx tsx bench/money.ts [--requests 50] [--no-postgres]`): issue 27's target for the
// Money tab: a year of payments (5,000 visits) summarised under 100 ms. On PGlite (temp DATA_DIR, demo content) and
// on a PostgreSQL server started for the run (skipped, with the reason printed, when its binaries are missing),
// signed in, one request at a time over a kept-alive connection, after a tenth as many untimed: GET /api/admin/money
// for the NZ tax year 2025-04-01..2026-03-31 (median, p95, max), and its CSV export beside it.
//
// The data is written by SQL (what the API would write, much faster): 5,000 confirmed visits over the tax year,
// about fourteen a day at 75-minute steps (so they never overlap), located around Raglan (so the mileage log the km
// come from has real legs to add), $90 each with a $10 travel fee on a third; each visit paid on its day (cash,
// bank transfer, card or voucher in turn), one in five after a $20 deposit a week earlier, one in fifty with a voided
// payment beside it, one in a hundred with a $10 refund; one in ten left unpaid (owed). Figures, not a test: they
// depend on the machine and its load (printed with them).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openConfiguredDatabase } from '../src/server/db/open';
import { prepareDatabase } from '../src/server/prepare';
import type { MoneySummary } from '../src/shared/schemas/money';
import { findPgBinaries, startPgServer, type PgServer } from '../tests/helpers/pg-server';
import { percentile } from './availability-latency';
import { signInCookie, timedGets } from './http-timing';

const VISITS = 5000;
const FROM = '2025-04-01';
const TO = '2026-03-31';
const DAYS = 365;
const PER_DAY = Math.ceil(VISITS / DAYS);
const TARGET_MEDIAN_MS = 100;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password-123' };

function seedStatements(): string[] {
  return [
    `WITH v AS (SELECT i, ('${FROM}'::date + i / ${PER_DAY}) AS day, (6 * 60 + (i % ${PER_DAY}) * 75) AS minute
                FROM generate_series(0, ${VISITS - 1}) AS i)
     INSERT INTO bookings (service_id, service_name, date, time, duration, price, travel_cost, address, location_lat,
                           location_lon, first_name, last_name, email, phone, cancel_token, status, starts_at, ends_at,
                           buffer_ends_at)
     SELECT 1, CASE WHEN i % 4 = 0 THEN 'Deep Tissue' ELSE 'Relaxation Massage' END, day,
            to_char(make_time(minute / 60, minute % 60, 0), 'HH24:MI'), 60, 9000,
            CASE WHEN i % 3 = 0 THEN 1000 ELSE 0 END, (1 + i % 90) || ' Bench Road, Raglan',
            -37.80 - (i % 20) * 0.004, 174.87 + ((i / 20) % 20) * 0.004,
            'Bench', 'Client ' || i, 'bench' || i || '@example.nz', '021 000 0000', md5('money' || i), 'confirmed',
            (day + make_time(minute / 60, minute % 60, 0)) AT TIME ZONE 'Pacific/Auckland',
            (day + make_time(minute / 60, minute % 60, 0)) AT TIME ZONE 'Pacific/Auckland' + interval '60 minutes',
            (day + make_time(minute / 60, minute % 60, 0)) AT TIME ZONE 'Pacific/Auckland' + interval '75 minutes'
     FROM v`,
    `INSERT INTO payments (booking_id, amount_cents, method, paid_at, is_deposit)
     SELECT id, 2000, 'bank-transfer', date - 7, true FROM bookings WHERE id % 5 = 0 AND id % 10 <> 9`,
    `INSERT INTO payments (booking_id, amount_cents, method, paid_at)
     SELECT id, price + travel_cost - CASE WHEN id % 5 = 0 THEN 2000 ELSE 0 END,
            (ARRAY['cash', 'bank-transfer', 'card', 'voucher'])[1 + id % 4], date
     FROM bookings WHERE id % 10 <> 9`,
    `INSERT INTO payments (booking_id, amount_cents, method, paid_at, voided_at, void_reason)
     SELECT id, 5000, 'cash', date, now(), 'entered twice' FROM bookings WHERE id % 50 = 1`,
    `INSERT INTO payments (booking_id, amount_cents, method, paid_at, note)
     SELECT id, -1000, 'bank-transfer', date + 3, 'started late' FROM bookings WHERE id % 100 = 2`,
    'ANALYZE bookings',
    'ANALYZE payments',
  ];
}

interface BackendResult {
  backend: string;
  sizes: string;
  seedMs: number;
  summary: MoneySummary;
  money: number[];
  csv: number[];
  csvBytes: number;
}

async function benchBackend(backend: string, env: Record<string, string>, requests: number): Promise<BackendResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-money-'));
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
    CALENDAR_SYNC_ENABLED: 'false',
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    SECRET_KEY: '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
    ...env,
  });
  const database = await openConfiguredDatabase(config);
  const app = await buildApp(config, database, { logger: false });
  try {
    await prepareDatabase(database, config, app.log);
    const query = async <T>(text: string) => (await database.withSession((s) => s.query<T>(text))).rows;
    // The demo's own bookings would overlap the bench's; the bench owns the tables.
    await query(`DELETE FROM bookings WHERE date BETWEEN '${FROM}' AND '${TO}'`);
    const t0 = performance.now();
    for (const statement of seedStatements()) await query(statement);
    const seedMs = performance.now() - t0;
    const [sizes] = await query<Record<string, string>>(
      `SELECT (SELECT count(*) FROM bookings WHERE date BETWEEN '${FROM}' AND '${TO}') AS visits,
              (SELECT count(*) FROM payments) AS payments`,
    );
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = { cookie: await signInCookie(baseUrl, ADMIN) };
    const moneyUrl = `${baseUrl}/api/admin/money?from=${FROM}&to=${TO}`;
    const csvUrl = `${baseUrl}/api/admin/money/export.csv?from=${FROM}&to=${TO}`;
    const summary = (await (await fetch(moneyUrl, { headers })).json()) as MoneySummary;
    const csvBytes = (await (await fetch(csvUrl, { headers })).arrayBuffer()).byteLength;
    const money = await timedGets(moneyUrl, headers, requests);
    process.stderr.write(`${backend}: summary median ${percentile(money, 50).toFixed(1)} ms\n`);
    const csv = await timedGets(csvUrl, headers, Math.max(5, Math.ceil(requests / 5)));
    return {
      backend,
      seedMs,
      sizes: `${sizes!.visits} visits in the tax year, ${sizes!.payments} payments`,
      summary,
      money,
      csv,
      csvBytes,
    };
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const ms = (v: number) => v.toFixed(1);
const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { requests: { type: 'string' }, 'no-postgres': { type: 'boolean' } } });
  const requests = Number(values.requests ?? 50);
  if (!Number.isInteger(requests) || requests < 1) throw new Error('--requests must be a positive whole number');
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join('/');
  const loadBefore = load();
  const results: BackendResult[] = [await benchBackend('PGlite', {}, requests)];
  const notes: string[] = [];
  if (values['no-postgres']) notes.push('PostgreSQL: skipped (--no-postgres).');
  else if (!findPgBinaries()) notes.push('PostgreSQL: skipped: no initdb/pg_ctl/postgres found.');
  else {
    const pg: PgServer = await startPgServer();
    try {
      const version = pg.version.replace(/^PostgreSQL\s*/i, '');
      results.push(await benchBackend(`PostgreSQL ${version}`, { DATABASE_URL: pg.url }, requests));
    } finally {
      await pg.stop();
    }
  }
  const cpus = os.cpus();
  const lines = [
    `Machine: ${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}; load average ${loadBefore} at the start, ${load()} at the end.`,
    ...results.map((r) => {
      const s = r.summary;
      return (
        `${r.backend}: ${r.sizes}, written in ${(r.seedMs / 1000).toFixed(1)} s; the summary: received ` +
        `${dollars(s.receivedCents)}, GST ${dollars(s.gstCents)}, owed ${dollars(s.owedCents)} (${s.owedVisits} visits), ` +
        `${s.km} km; the CSV ${(r.csvBytes / 1024).toFixed(0)} kB.`
      );
    }),
    ...notes,
    '',
    `Signed in, one request at a time, ${FROM}..${TO}:`,
    '',
    '| Backend | Call | Requests | median ms | p95 ms | max ms |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...results.flatMap((r) =>
      (
        [
          ['GET /api/admin/money', r.money],
          ['GET /api/admin/money/export.csv', r.csv],
        ] as const
      ).map(
        ([call, samples]) =>
          `| ${r.backend} | ${call} | ${samples.length} | ${ms(percentile(samples, 50))} | ${ms(percentile(samples, 95))} | ${ms(samples.at(-1)!)} |`,
      ),
    ),
    '',
    '```text',
    ...results.map((r) => {
      const median = percentile(r.money, 50);
      return `${r.backend}: summary median < ${TARGET_MEDIAN_MS} ms: ${median < TARGET_MEDIAN_MS ? 'yes' : 'NO'} (${ms(median)} ms)`;
    }),
    '```',
  ];
  console.log(lines.join('\n'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
