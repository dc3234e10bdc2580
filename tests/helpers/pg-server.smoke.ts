/**
 * Manual smoke check for tests/helpers/pg-server.ts (not a vitest test).
 *   npx tsx tests/helpers/pg-server.smoke.ts
 * Starts a throw-away server, checks that a gist exclusion constraint on a
 * tstzrange column rejects an overlapping row with SQLSTATE 23P01, stops.
 */
import pg from 'pg';
import { findPgBinaries, startPgServer } from './pg-server.js';

const bins = findPgBinaries();
console.log('binaries:', bins);
if (!bins) {
  console.error('PostgreSQL binaries not found');
  process.exit(1);
}

const t0 = Date.now();
const server = await startPgServer({ log: (l) => console.log(l) });
const tStarted = Date.now();
console.log(`started: ${server.version} at ${server.url} (${tStarted - t0} ms)`);

let ok = false;
const client = new pg.Client({ connectionString: server.url });
try {
  await client.connect();
  await client.query('CREATE TABLE t (r tstzrange, EXCLUDE USING gist (r WITH &&))');
  await client.query(`INSERT INTO t VALUES (tstzrange('2025-01-01 10:00+13', '2025-01-01 11:00+13'))`);
  console.log('first insert: ok');
  try {
    await client.query(`INSERT INTO t VALUES (tstzrange('2025-01-01 10:30+13', '2025-01-01 11:30+13'))`);
    console.log('second insert: UNEXPECTEDLY succeeded');
  } catch (err) {
    const e = err as { code?: string; message: string };
    console.log(`second insert rejected: SQLSTATE ${e.code} — ${e.message}`);
    ok = e.code === '23P01';
  }
  // adjacent (non-overlapping, half-open) range must be accepted
  await client.query(`INSERT INTO t VALUES (tstzrange('2025-01-01 11:00+13', '2025-01-01 12:00+13'))`);
  console.log('adjacent insert: ok');
} finally {
  await client.end().catch(() => {});
  const t1 = Date.now();
  await server.stop();
  await server.stop(); // idempotent
  const tStopped = Date.now();
  console.log(`stopped (${tStopped - t1} ms); start+stop total work ${tStarted - t0 + (tStopped - t1)} ms`);
}

console.log(ok ? 'SMOKE OK' : 'SMOKE FAILED');
process.exit(ok ? 0 : 1);
