/**
 * A database of its own for one test: a copy of the PGlite template, or a new database
 * cloned from the PostgreSQL template (TEST_DB chooses).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject as injectContext } from 'vitest';
import { openDatabase, type Database } from '../../src/server/db/client';
import { withDb } from './pg-url';

export const backend = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

export interface TestDatabase {
  database: Database;
  /** PGlite folder or PostgreSQL URL, for a second process (the CLI) to open. */
  location: { pgliteDir?: string; url?: string };
  drop: () => Promise<void>;
}

/**
 * A copy of the template (schema, demo content, test admin), or with `empty` a database
 * nothing has touched yet; with `open: false` for another process to open.
 */
export async function createTestDatabase(options: { empty?: boolean; open?: boolean } = {}): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-pglite-'));
    if (!options.empty) fs.cpSync(injectContext('pgliteTemplate'), dir, { recursive: true });
    const database = options.open === false ? closedDatabase() : await openDatabase({ pgliteDir: dir });
    return {
      database,
      location: { pgliteDir: dir },
      drop: () => fs.promises.rm(dir, { recursive: true, force: true }),
    };
  }
  const serverUrl = injectContext('postgresUrl');
  const name = `hv_${randomBytes(6).toString('hex')}`;
  await onServer(
    serverUrl,
    `CREATE DATABASE ${name} TEMPLATE ${options.empty ? 'template0' : injectContext('postgresTemplateDb')}`,
  );
  const url = withDb(serverUrl, name);
  const database = options.open === false ? closedDatabase() : await openDatabase({ databaseUrl: url, poolSize: 20 });
  return {
    database,
    location: { url },
    drop: () => onServer(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

/** CREATE and DROP DATABASE run outside the database they are about. */
async function onServer(serverUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** For a test that lets another process open the database. */
function closedDatabase(): Database {
  const fail = () => {
    throw new Error('this test database was not opened here');
  };
  return { kind: backend, db: undefined as never, withSession: fail, close: async () => {} };
}

/** Runs `use` on a database of its own, and closes and drops it after. */
export async function withTestDatabase<T>(
  options: Parameters<typeof createTestDatabase>[0],
  use: (td: TestDatabase) => Promise<T>,
): Promise<T> {
  const td = await createTestDatabase(options);
  try {
    return await use(td);
  } finally {
    await td.database.close();
    await td.drop();
  }
}
