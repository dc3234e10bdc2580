/**
 * One database API over two backends: PGlite (PostgreSQL in WebAssembly, files under
 * DATA_DIR) by default, or a PostgreSQL server when DATABASE_URL is set.
 * Same SQL dialect, same migrations, same constraints.
 */
import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { schema } from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** The handle inside db.transaction(async (tx) => ...). */
export type DbTx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either: repository functions that must join a caller's transaction take this. */
export type DbOrTx = Db | DbTx;

/** A single session to run plain SQL on (migrations, locks). */
export interface SqlRunner {
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
  exec(text: string): Promise<void>;
}

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs fn on one dedicated session (a pooled client for a server). */
  withSession<T>(fn: (runner: SqlRunner) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder of the PGlite files; required when databaseUrl is not set. */
  pgliteDir?: string | undefined;
  poolSize?: number;
}

// A `date` column is a calendar date, not an instant: keep it as 'yyyy-MM-dd' text
// so no time zone can shift it.
const PG_DATE_OID = 1082;
pg.types.setTypeParser(PG_DATE_OID, (value: string) => value);

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openServer(options.databaseUrl, options.poolSize ?? 10);
  if (!options.pgliteDir) throw new Error('Either DATABASE_URL or a PGlite data directory is required');
  return openPglite(options.pgliteDir);
}

const CONNECT_TIMEOUT_MS = 5_000;

async function openServer(url: string, max: number): Promise<Database> {
  // A server that does not answer must fail a request within seconds (a 503), not hang it.
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  });
  // An idle client that loses its server must not crash the process.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  await pool.query('SELECT 1');
  return {
    kind: 'postgres',
    db,
    async withSession(fn) {
      const client = await pool.connect();
      try {
        return await fn({
          query: async (text, params) => client.query(text, params as unknown[]) as never,
          exec: async (text) => {
            await client.query(text);
          },
        });
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

async function openPglite(dir: string): Promise<Database> {
  fs.mkdirSync(dir, { recursive: true });
  const releaseLock = takeDirLock(dir);
  let client: PGlite;
  try {
    client = await PGlite.create(dir, { parsers: { [PG_DATE_OID]: (value: string) => value } });
  } catch (err) {
    releaseLock();
    throw err;
  }
  const db = drizzlePglite({ client, schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    async withSession(fn) {
      return fn({
        query: async (text, params) => client.query(text, params) as never,
        exec: async (text) => {
          await client.exec(text);
        },
      });
    },
    async close() {
      await client.close();
      releaseLock();
    },
  };
}

/**
 * PGlite is one process's database: two processes on one folder would corrupt it.
 * A pid file keeps a second server (or the admin CLI while the server runs) out.
 */
export function takeDirLock(dir: string): () => void {
  const lockFile = path.join(dir, 'homevisit.pid');
  try {
    fs.writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
  } catch {
    const other = Number(fs.readFileSync(lockFile, 'utf8'));
    if (other && other !== process.pid && isAlive(other)) {
      throw new Error(
        `The embedded database in ${dir} is in use by process ${other}. Stop that process first ` +
          '(only one process may open a PGlite database), or use DATABASE_URL for a PostgreSQL server.',
      );
    }
    fs.writeFileSync(lockFile, String(process.pid));
  }
  return () => fs.rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
