// `npm run bench:clients` (or `npx tsx bench/clients-search.ts [--requests 300] [--no-postgres]`): issue 24's
// target for her client list: GET /api/admin/clients?q= over 5,000 clients and 30,000 bookings answers
// under 50 ms p99. On PGlite (temp DATA_DIR, demo content) and on a PostgreSQL server started for the run
// (skipped, with the reason printed, when its binaries are missing), signed in, one request at a time
// over a kept-alive connection, after a tenth as many untimed.
//
// The data is written by SQL in a few statements (what the API would write, much faster): 5,000 clients
// with an e-mail and a phone contact each, and 30,000 bookings over ten years (eight a day at 90-minute
// steps, so confirmed ones never overlap), 60% confirmed, 25% cancelled, 15% declined, at addresses in
// twelve towns. The searches: none (the most recent 50), a surname, an e-mail fragment, phone digits, a
// town (many matches, cut at 50) and a word nobody has (every row looked at). Prints the table sizes beside
// the figures. Figures, not a test: they depend on the machine and its load (printed with them).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { openConfiguredDatabase } from '../src/server/db/open';
import { prepareDatabase } from '../src/server/prepare';
import { findPgBinaries, startPgServer, type PgServer } from '../tests/helpers/pg-server';
import { percentile } from './availability-latency';
import { signInCookie, timedGets } from './http-timing';

const CLIENTS = 5000;
const BOOKINGS = 30000;
const TARGET_P99_MS = 50;
const ADMIN = { username: 'bench-admin', password: 'bench-admin-password-123' };
const SEARCHES: [label: string, q: string][] = [
  ['no search (most recent 50)', ''],
  ['a surname', 'Ngata'],
  ['an e-mail fragment', 'client4321@'],
  ['phone digits', '021 000 43'],
  ['a town (many matches)', 'Raglan'],
  ['nobody has it', 'zqxj'],
];

const FIRST = ['Aroha', 'Mere', 'Tama', 'Hine', 'James', 'Olivia', 'Liam', 'Charlotte', 'Noah', 'Isla'];
const LAST = ['Ngata', 'Smith', 'Williams', 'Brown', 'Wilson', 'Taylor', 'Te Rangi', 'Walker', 'King', 'Parata'];
const TOWNS = ['Raglan', 'Whale Bay', 'Manu Bay', 'Te Uku', 'Te Mata', 'Ruapuke', 'Hamilton', 'Ngāruawāhia'];

const sqlList = (values: readonly string[]) => `ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]`;

/** The statements that write the clients, their contacts and their bookings. */
function seedStatements(): string[] {
  return [
    `INSERT INTO clients (first_name, last_name, email, phone, created_at, updated_at)
     SELECT (${sqlList(FIRST)})[1 + i % ${FIRST.length}], (${sqlList(LAST)})[1 + (i / ${FIRST.length}) % ${LAST.length}],
            'client' || i || '@example.nz', '+6421' || lpad(i::text, 7, '0'),
            now() - i * interval '1 hour', now() - i * interval '1 hour'
     FROM generate_series(1, ${CLIENTS}) AS i`,
    `INSERT INTO client_contacts (client_id, kind, value)
     SELECT id, 'email', email FROM clients WHERE email LIKE 'client%@example.nz'
     UNION ALL SELECT id, 'phone', phone FROM clients WHERE email LIKE 'client%@example.nz'`,
    `WITH c AS (SELECT id, first_name, last_name, email, phone, row_number() OVER (ORDER BY id) - 1 AS n
                FROM clients WHERE email LIKE 'client%@example.nz'),
          b AS (SELECT i, (current_date - 1 - i / 8) AS day, (6 * 60 + (i % 8) * 90) AS minute FROM generate_series(0, ${BOOKINGS - 1}) AS i)
     INSERT INTO bookings (service_id, service_name, date, time, duration, price, travel_cost, address, first_name,
                           last_name, email, phone, cancel_token, status, starts_at, ends_at, buffer_ends_at, client_id,
                           created_at)
     SELECT 1, 'Relaxation Massage', b.day, to_char(make_time(b.minute / 60, b.minute % 60, 0), 'HH24:MI'), 60, 9000,
            CASE WHEN b.i % 3 = 0 THEN 1000 ELSE 0 END,
            (1 + b.i % 90) || ' Bench Road, ' || (${sqlList(TOWNS)})[1 + b.i % ${TOWNS.length}],
            c.first_name, c.last_name, c.email, c.phone, md5('bench' || b.i) || md5('token' || b.i),
            CASE WHEN b.i % 20 < 12 THEN 'confirmed' WHEN b.i % 20 < 17 THEN 'cancelled' ELSE 'rejected' END,
            (b.day + make_time(b.minute / 60, b.minute % 60, 0)) AT TIME ZONE 'Pacific/Auckland',
            (b.day + make_time(b.minute / 60, b.minute % 60, 0)) AT TIME ZONE 'Pacific/Auckland' + interval '60 minutes',
            (b.day + make_time(b.minute / 60, b.minute % 60, 0)) AT TIME ZONE 'Pacific/Auckland' + interval '75 minutes',
            c.id, (b.day - 3)::timestamptz
     FROM b JOIN c ON c.n = b.i % ${CLIENTS}`,
    'ANALYZE clients',
    'ANALYZE client_contacts',
    'ANALYZE bookings',
  ];
}

interface SearchFigures {
  label: string;
  q: string;
  results: number;
  samples: number[];
}

interface BackendResult {
  backend: string;
  sizes: string;
  seedMs: number;
  searches: SearchFigures[];
}

async function benchBackend(backend: string, env: Record<string, string>, requests: number): Promise<BackendResult> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-bench-clients-'));
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
    const t0 = performance.now();
    for (const statement of seedStatements()) await query(statement);
    const seedMs = performance.now() - t0;
    const [sizes] = await query<Record<string, string>>(
      `SELECT (SELECT count(*) FROM clients) AS clients, (SELECT count(*) FROM client_contacts) AS contacts,
              (SELECT count(*) FROM bookings) AS bookings,
              pg_size_pretty(pg_total_relation_size('clients')) AS clients_size,
              pg_size_pretty(pg_total_relation_size('client_contacts')) AS contacts_size,
              pg_size_pretty(pg_total_relation_size('bookings')) AS bookings_size`,
    );
    const baseUrl = await app.listen({ port: 0, host: '127.0.0.1' });
    const headers = { cookie: await signInCookie(baseUrl, ADMIN) };
    const searches: SearchFigures[] = [];
    for (const [label, q] of SEARCHES) {
      const url = `${baseUrl}/api/admin/clients${q ? `?q=${encodeURIComponent(q)}` : ''}`;
      const answer = (await (await fetch(url, { headers })).json()) as unknown[];
      const samples = (await timedGets(url, headers, requests)).sort((a, b) => a - b);
      searches.push({ label, q, results: answer.length, samples });
      process.stderr.write(
        `${backend}: ${label}: ${answer.length} results, p99 ${percentile(samples, 99).toFixed(2)} ms\n`,
      );
    }
    return {
      backend,
      seedMs,
      sizes:
        `${sizes!.clients} clients (${sizes!.clients_size}), ${sizes!.contacts} contacts (${sizes!.contacts_size}), ` +
        `${sizes!.bookings} bookings (${sizes!.bookings_size}, with indexes)`,
      searches,
    };
  } finally {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { requests: { type: 'string' }, 'no-postgres': { type: 'boolean' } } });
  const requests = Number(values.requests ?? 300);
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
      results.push(
        await benchBackend(
          `PostgreSQL ${pg.version.replace(/^PostgreSQL\s*/i, '')}`,
          { DATABASE_URL: pg.url },
          requests,
        ),
      );
    } finally {
      await pg.stop();
    }
  }
  const cpus = os.cpus();
  const lines = [
    `Machine: ${cpus.length} x ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}; load average ${loadBefore} at the start, ${load()} at the end.`,
    ...results.map((r) => `${r.backend}: ${r.sizes}; written in ${(r.seedMs / 1000).toFixed(1)} s.`),
    ...notes,
    '',
    `GET /api/admin/clients?q=, signed in, ${requests} requests one at a time per search:`,
    '',
    '| Backend | Search | q | Results | p50 ms | p95 ms | p99 ms | max ms |',
    '| --- | --- | --- | ---: | ---: | ---: | ---: | ---: |',
    ...results.flatMap((r) =>
      r.searches
        .map((s) =>
          [
            r.backend,
            s.label,
            s.q ? `\`${s.q}\`` : '-',
            String(s.results),
            ...[50, 95, 99].map((p) => percentile(s.samples, p).toFixed(2)),
            s.samples.at(-1)!.toFixed(2),
          ].join(' | '),
        )
        .map((row) => `| ${row} |`),
    ),
    '',
    '```text',
    ...results.map((r) => {
      const worst = Math.max(...r.searches.map((s) => percentile(s.samples, 99)));
      return `${r.backend}: every search p99 < ${TARGET_P99_MS} ms: ${worst < TARGET_P99_MS ? 'yes' : 'NO'} (worst p99 ${worst.toFixed(2)} ms)`;
    }),
    '```',
  ];
  console.log(lines.join('\n'));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
