// @both-databases: a backup is PGlite's folder on one and pg_dump / pg_restore on the other
/**
 * npm run backup / npm run restore (decision 016): a database with bookings, their e-mails, a
 * session, a blocked date and a review is backed up, restored into a fresh database, and
 * every row of every table (and every sequence) compared with the original. On PGlite the
 * backup is PGlite's dump of the data dir; on PostgreSQL it is pg_dump / pg_restore.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupPglite, restorePglite } from '../../src/server/backup/pglite-store';
import { backupPostgres, restorePostgres } from '../../src/server/backup/postgres-store';
import { buildApp } from '../../src/server/app';
import { openDatabase, type Database, type DatabaseOptions } from '../../src/server/db/client';
import { loadConfig } from '../../src/server/config';
import { addDaysToDate, nzToday } from '../../src/shared/time';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { TEST_ENV } from '../helpers/fixtures';
import { requestsTo } from '../helpers/requests';
import { signIn } from '../helpers/session';
import { backend, createTestDatabase, type TestDatabase } from '../helpers/test-database';

/** Every table the brief names must come back, with rows in it. */
const MUST_HOLD_ROWS = [
  'bookings',
  'services',
  'business_hours',
  'blocked_dates',
  'reviews',
  'email_outbox',
  'sessions',
  'admin_users',
  'schema_migrations',
];

interface Snapshot {
  tables: Record<string, unknown[]>;
  sequences: Record<string, unknown>;
}

/** Every row of every table in the public schema, in primary-key order, and every sequence's position. */
async function snapshot(database: Database): Promise<Snapshot> {
  return database.withSession(async (sql) => {
    const { rows: tables } = await sql.query<{ name: string }>(
      `SELECT table_name AS name FROM information_schema.tables
        WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY table_name`,
    );
    const result: Snapshot = { tables: {}, sequences: {} };
    for (const { name } of tables) {
      const { rows: keys } = await sql.query<{ column: string }>(
        `SELECT kcu.column_name AS column
           FROM information_schema.table_constraints tc
           JOIN information_schema.key_column_usage kcu
             ON kcu.constraint_name = tc.constraint_name AND kcu.table_schema = tc.table_schema AND kcu.table_name = tc.table_name
          WHERE tc.table_schema = 'public' AND tc.table_name = $1 AND tc.constraint_type = 'PRIMARY KEY'
          ORDER BY kcu.ordinal_position`,
        [name],
      );
      expect(keys.length, `${name} has a primary key`).toBeGreaterThan(0);
      const order = keys.map((k) => `"${k.column}"`).join(', ');
      result.tables[name] = (await sql.query(`SELECT * FROM "${name}" ORDER BY ${order}`)).rows;
    }
    const { rows: sequences } = await sql.query<{ name: string }>(
      "SELECT sequence_name AS name FROM information_schema.sequences WHERE sequence_schema = 'public' ORDER BY sequence_name",
    );
    for (const { name } of sequences) {
      result.sequences[name] = (await sql.query(`SELECT last_value, is_called FROM "${name}"`)).rows[0];
    }
    return result;
  });
}

async function snapshotOf(options: DatabaseOptions): Promise<Snapshot> {
  const database = await openDatabase({ ...options, poolSize: 2 });
  try {
    return await snapshot(database);
  } finally {
    await database.close();
  }
}

/** Bookings (one confirmed), their e-mails, a blocked date, a review and an admin session, through the API. */
async function fillWithActivity(app: FastifyInstance): Promise<void> {
  const visitor = requestsTo(() => app);
  const cookie = await signIn(app);
  const admin = requestsTo(
    () => app,
    () => ({ cookie }),
  );
  const ids: number[] = [];
  for (const [i, firstName] of ['Mere', 'Tane', 'Aroha'].entries()) {
    const res = await book(
      visitor,
      bookingRequest({ date: openDay(i), time: '10:00', firstName, email: `${firstName.toLowerCase()}@example.nz` }),
      { 'idempotency-key': `backup-test-${i}-key` },
    );
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json<{ id: number }>().id);
  }
  expect((await admin.patch(`/api/admin/bookings/${ids[0]}/status`, { status: 'confirmed' })).statusCode).toBe(200);
  const blocked = await admin.post('/api/blocked-dates', {
    date: addDaysToDate(nzToday(), 30),
    reason: 'Hui ā-whānau',
  });
  expect(blocked.statusCode, blocked.body).toBe(201);
  const review = await admin.post('/api/admin/reviews', {
    name: 'Wiremu 🌿',
    rating: 5,
    comment: 'Kia ora, it\'s "great" <b>really</b>',
  });
  expect(review.statusCode, review.body).toBe(201);
}

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-backup-test-'));
let source: TestDatabase;
let before: Snapshot;

beforeAll(async () => {
  source = await createTestDatabase();
  const app = await buildApp(loadConfig(TEST_ENV), source.database, { logger: false });
  try {
    await app.ready();
    await fillWithActivity(app);
  } finally {
    await app.close();
  }
  before = await snapshot(source.database);
  // A PGlite folder is one process's: the backup opens it after the app lets go.
  await source.database.close();
});

afterAll(async () => {
  await source?.drop();
  fs.rmSync(scratch, { recursive: true, force: true });
});

it('the original holds everything a backup must carry', () => {
  for (const table of MUST_HOLD_ROWS) expect(before.tables[table]?.length ?? 0, table).toBeGreaterThan(0);
  expect(before.tables.bookings!.length).toBeGreaterThanOrEqual(3);
});

describe.runIf(backend === 'pglite')('the embedded store (PGlite)', () => {
  const file = path.join(scratch, 'nested', 'homevisit.pglite.tar.gz');
  const target = path.join(scratch, 'restored', 'pglite');

  it('refuses to back up while another live process holds the folder, and writes nothing', async () => {
    const lockFile = path.join(source.location.pgliteDir!, 'homevisit.pid');
    // The test runner's parent stands in for a running server.
    fs.writeFileSync(lockFile, String(process.ppid));
    try {
      await expect(backupPglite(source.location.pgliteDir!, file)).rejects.toThrow(
        /Cannot back up the embedded database while the server runs\. .* is in use by process \d+.*Nothing was changed/,
      );
    } finally {
      fs.rmSync(lockFile, { force: true });
    }
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);
  });

  it('backs up, restores into a fresh folder, and every row of every table comes back', async () => {
    const bytes = await backupPglite(source.location.pgliteDir!, file);
    expect(bytes).toBe(fs.statSync(file).size);
    expect(fs.existsSync(`${file}.partial`)).toBe(false);
    await expect(backupPglite(source.location.pgliteDir!, file)).rejects.toThrow(/already exists \(pass --force/);

    expect(await restorePglite(file, target)).toEqual({ setAside: null });
    // The backup process's lock file does not travel with the copy.
    expect(fs.existsSync(path.join(target, 'homevisit.pid'))).toBe(false);
    expect(await snapshotOf({ pgliteDir: target })).toEqual(before);
    // The original is untouched by its backup.
    expect(await snapshotOf({ pgliteDir: source.location.pgliteDir })).toEqual(before);
  });

  it('will not restore over a database without --force; with it, sets the old one aside', async () => {
    await expect(restorePglite(file, target)).rejects.toThrow(/is not empty: pass --force/);
    const { setAside } = await restorePglite(file, target, { force: true, now: new Date('2026-03-05T21:07:09Z') });
    expect(setAside).toBe(`${target}.before-restore-2026-03-05T21-07-09Z`);
    expect(fs.existsSync(path.join(setAside!, 'PG_VERSION'))).toBe(true);
    expect(await snapshotOf({ pgliteDir: target })).toEqual(before);
  });

  it('a file that is not a backup changes nothing', async () => {
    const junk = path.join(scratch, 'junk.tar.gz');
    fs.writeFileSync(junk, 'not a tarball');
    await expect(restorePglite(junk, target, { force: true })).rejects.toThrow(
      /The restore failed and nothing was changed/,
    );
    expect(await snapshotOf({ pgliteDir: target })).toEqual(before);
  });
});

describe.runIf(backend === 'postgres')('a PostgreSQL server (pg_dump / pg_restore)', () => {
  const file = path.join(scratch, 'homevisit.pgdump');
  let target: TestDatabase;

  beforeAll(async () => {
    target = await createTestDatabase({ empty: true, open: false });
  });
  afterAll(async () => {
    await target?.drop();
  });

  it('backs up, restores into a new database, and every row of every table comes back', async () => {
    const bytes = await backupPostgres(source.location.url!, file);
    expect(bytes).toBe(fs.statSync(file).size);
    expect(fs.readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');

    await restorePostgres(file, target.location.url!);
    expect(await snapshotOf({ databaseUrl: target.location.url })).toEqual(before);
  });

  it('will not replace a database that holds tables without --force; with it, the backup wins', async () => {
    await expect(restorePostgres(file, target.location.url!)).rejects.toThrow(/already holds \d+ tables: pass --force/);
    const extra = await openDatabase({ databaseUrl: target.location.url, poolSize: 1 });
    try {
      await extra.withSession((s) =>
        s.exec("DELETE FROM sessions; INSERT INTO app_meta (key, value) VALUES ('stray', 'x')"),
      );
    } finally {
      await extra.close();
    }
    await restorePostgres(file, target.location.url!, { force: true });
    expect(await snapshotOf({ databaseUrl: target.location.url })).toEqual(before);
  });

  it("a server that cannot be reached fails with pg_dump's own message and leaves no file", async () => {
    const unreachable = path.join(scratch, 'unreachable.pgdump');
    await expect(backupPostgres('postgres://app@127.0.0.1:9/none', unreachable)).rejects.toThrow(
      /pg_dump failed: .*127\.0\.0\.1/,
    );
    expect(fs.existsSync(unreachable)).toBe(false);
    expect(fs.existsSync(`${unreachable}.partial`)).toBe(false);
  });
});
