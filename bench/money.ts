// `npm run bench:money` (`[--requests 50] [--no-postgres]`): the budget for the Money tab (docs/product.md §18.4), a
// year of payments (5,000 visits) summarised under 100 ms (median), on PGlite and PostgreSQL, signed in, one request at
// a time: GET /api/admin/money for the NZ tax year 2025-04-01..2026-03-31, its CSV export printed beside it. The rows
// are written by SQL: 5,000 confirmed visits over the year around Raglan (so the mileage log has legs), $90 each with a
// $10 travel fee on a third, each paid on its day (cash, bank transfer, card or voucher in turn), one in five after a
// $20 deposit, one in fifty with a voided payment, one in a hundred with a $10 refund, one in ten unpaid.
import { parseArgs } from 'node:util';
import { build, eachBackend, percentile, report, run, startServer, timedGets, type Figure } from './harness';

const VISITS = 5000;
const FROM = '2025-04-01';
const TO = '2026-03-31';
const DAYS = 365;
const PER_DAY = Math.ceil(VISITS / DAYS);
const TARGET_MEDIAN_MS = 100;

function seedStatements(): string[] {
  return [
    // One client for every visit: start-up would otherwise link 5,000 bookings to clients one by one.
    `INSERT INTO clients (first_name, last_name, email, phone, created_at, updated_at)
     VALUES ('Bench', 'Client', 'bench@example.nz', '+64210000000', now(), now())`,
    `WITH v AS (SELECT i, ('${FROM}'::date + i / ${PER_DAY}) AS day, (6 * 60 + (i % ${PER_DAY}) * 75) AS minute
                FROM generate_series(0, ${VISITS - 1}) AS i)
     INSERT INTO bookings (service_id, service_name, date, time, duration, price, travel_cost, address, location_lat,
                           location_lon, first_name, last_name, email, phone, cancel_token, status, starts_at, ends_at,
                           buffer_ends_at, client_id)
     SELECT 1, CASE WHEN i % 4 = 0 THEN 'Deep Tissue' ELSE 'Relaxation Massage' END, day,
            to_char(make_time(minute / 60, minute % 60, 0), 'HH24:MI'), 60, 9000,
            CASE WHEN i % 3 = 0 THEN 1000 ELSE 0 END, (1 + i % 90) || ' Bench Road, Raglan',
            -37.80 - (i % 20) * 0.004, 174.87 + ((i / 20) % 20) * 0.004,
            'Bench', 'Client ' || i, 'bench' || i || '@example.nz', '021 000 0000', md5('money' || i), 'confirmed',
            (day + make_time(minute / 60, minute % 60, 0)) AT TIME ZONE 'Pacific/Auckland',
            (day + make_time(minute / 60, minute % 60, 0)) AT TIME ZONE 'Pacific/Auckland' + interval '60 minutes',
            (day + make_time(minute / 60, minute % 60, 0)) AT TIME ZONE 'Pacific/Auckland' + interval '75 minutes',
            (SELECT id FROM clients WHERE email = 'bench@example.nz')
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

run(async () => {
  const { values } = parseArgs({
    options: { requests: { type: 'string' }, 'no-postgres': { type: 'boolean' }, 'no-build': { type: 'boolean' } },
  });
  const requests = Number(values.requests ?? 50);
  build();
  const figures: Figure[] = [];
  await eachBackend(async (backend) => {
    const server = await startServer({
      backend,
      seed: async (sql) => {
        // The demo's own bookings would overlap the bench's; the bench owns the year.
        await sql(`DELETE FROM bookings WHERE date BETWEEN '${FROM}' AND '${TO}'`);
        for (const statement of seedStatements()) await sql(statement);
      },
    });
    try {
      const headers = await server.admin();
      const money = await timedGets(`${server.baseUrl}/api/admin/money?from=${FROM}&to=${TO}`, headers, requests);
      const csv = await timedGets(`${server.baseUrl}/api/admin/money/export.csv?from=${FROM}&to=${TO}`, headers, 10);
      figures.push(
        {
          figure: `${backend.name}: summary median`,
          value: percentile(money, 50),
          unit: 'ms',
          budget: TARGET_MEDIAN_MS,
        },
        { figure: `${backend.name}: summary p95`, value: percentile(money, 95), unit: 'ms' },
        { figure: `${backend.name}: CSV export median`, value: percentile(csv, 50), unit: 'ms' },
      );
    } finally {
      await server.stop();
    }
  });
  report(`Money tab, ${VISITS} visits, ${requests} requests one at a time`, figures);
});
