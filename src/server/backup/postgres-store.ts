/**
 * Backup and restore on a PostgreSQL server (DATABASE_URL) with its own tools: pg_dump reads
 * one snapshot, so a backup is consistent while the app runs; pg_restore replaces the
 * database's objects in one transaction, so a failed restore changes nothing.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { libpqConnection } from './backup-file';
import { checkWritable, finishFile, partialPath } from './write-file';

const execFileAsync = promisify(execFile);

async function run(tool: 'pg_dump' | 'pg_restore', args: string[], env: Record<string, string>): Promise<void> {
  try {
    await execFileAsync(tool, args, { env: { ...process.env, ...env }, maxBuffer: 16 * 1024 * 1024 });
  } catch (err) {
    const e = err as NodeJS.ErrnoException & { stderr?: string };
    if (e.code === 'ENOENT') {
      throw new Error(
        `${tool} was not found on PATH: install the PostgreSQL client tools, the server's major version or newer`,
        { cause: err },
      );
    }
    throw new Error(`${tool} failed: ${(e.stderr ?? '').trim() || e.message}`, { cause: err });
  }
}

/** pg_dump's custom format (compressed, restorable table by table) at `file`. */
export async function backupPostgres(
  databaseUrl: string,
  file: string,
  options: { force?: boolean } = {},
): Promise<number> {
  checkWritable(file, options.force ?? false);
  const { dbname, env } = libpqConnection(databaseUrl);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    await run('pg_dump', ['--format=custom', `--file=${partialPath(file)}`, `--dbname=${dbname}`], env);
    return finishFile(file);
  } catch (err) {
    fs.rmSync(partialPath(file), { force: true });
    throw err;
  }
}

/** Replaces the database's tables with the backup's; a database that holds tables needs `force`. */
export async function restorePostgres(
  file: string,
  databaseUrl: string,
  options: { force?: boolean } = {},
): Promise<void> {
  const tables = await countTables(databaseUrl);
  if (tables > 0 && !options.force) {
    throw new Error(`The database already holds ${tables} tables: pass --force to replace them with the backup's`);
  }
  const { dbname, env } = libpqConnection(databaseUrl);
  await run(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${dbname}`, file],
    env,
  );
}

async function countTables(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
    );
    return rows[0]!.n;
  } finally {
    await client.end();
  }
}
