// `npm run bench:clients` (`[--requests 300] [--no-postgres]`): the budget for her client list (docs/product.md §12),
// GET /api/admin/clients?q= over 5,000 clients and 30,000 bookings under 50 ms p99, on PGlite and PostgreSQL, signed
// in, one request at a time. The rows are written by SQL (what the API would write, much faster): 5,000 clients with an
// e-mail and a phone contact each, 30,000 bookings over ten years (eight a day at 90-minute steps, so confirmed ones
// never overlap; 60% confirmed, 25% cancelled, 15% declined) in eight towns. The searches: none, a surname, an e-mail
// fragment, phone digits, a town (many matches, cut at 50) and a word nobody has.
import { parseArgs } from 'node:util';
import {
  build,
  eachBackend,
  getJson,
  percentile,
  report,
  run,
  startServer,
  table,
  timedGets,
  type Figure,
} from './harness';

const CLIENTS = 5000;
const BOOKINGS = 30000;
const TARGET_P99_MS = 50;
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

run(async () => {
  const { values } = parseArgs({
    options: { requests: { type: 'string' }, 'no-postgres': { type: 'boolean' }, 'no-build': { type: 'boolean' } },
  });
  const requests = Number(values.requests ?? 300);
  build();
  const rows: string[][] = [];
  const figures: Figure[] = [];
  await eachBackend(async (backend) => {
    const server = await startServer({
      backend,
      seed: async (sql) => {
        for (const statement of seedStatements()) await sql(statement);
      },
    });
    try {
      const headers = await server.admin();
      let worst = 0;
      for (const [label, q] of SEARCHES) {
        const url = `${server.baseUrl}/api/admin/clients${q ? `?q=${encodeURIComponent(q)}` : ''}`;
        const results = (await getJson<unknown[]>(url, headers)).length;
        const samples = await timedGets(url, headers, requests);
        worst = Math.max(worst, percentile(samples, 99));
        rows.push([backend.name, label, String(results), ...[50, 99].map((p) => percentile(samples, p).toFixed(2))]);
      }
      figures.push({ figure: `${backend.name}: slowest search p99`, value: worst, unit: 'ms', budget: TARGET_P99_MS });
    } finally {
      await server.stop();
    }
  });
  console.log(table(['backend', 'search', 'results', 'p50 ms', 'p99 ms'], rows));
  report(`Client search, ${requests} requests one at a time per search`, figures);
});
