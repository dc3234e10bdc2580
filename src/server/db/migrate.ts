/**
 * Applies the SQL files in ./migrations in name order, once each, each in its own
 * transaction. An advisory lock lets several processes start at once safely.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './client';

// Any constant works; it only has to be the same in every process.
const MIGRATION_LOCK_ID = 7_270_701;

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));

export interface MigrationResult {
  applied: string[];
  total: number;
}

export async function migrate(database: Database, dir = MIGRATIONS_DIR): Promise<MigrationResult> {
  const files = fs
    .readdirSync(dir)
    .filter((f) => /^\d{4}_.+\.sql$/.test(f))
    .sort();
  return database.withSession(async (sql) => {
    await sql.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
    try {
      await sql.exec(
        `CREATE TABLE IF NOT EXISTS schema_migrations (
           version text PRIMARY KEY, checksum text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())`,
      );
      const done = new Map(
        (
          await sql.query<{ version: string; checksum: string }>('SELECT version, checksum FROM schema_migrations')
        ).rows.map((r) => [r.version, r.checksum]),
      );
      const applied: string[] = [];
      for (const file of files) {
        const text = fs.readFileSync(`${dir}/${file}`, 'utf8');
        const checksum = createHash('sha256').update(text).digest('hex');
        const version = file.replace(/\.sql$/, '');
        const previous = done.get(version);
        if (previous) {
          if (previous !== checksum) {
            throw new Error(`Migration ${file} was changed after it was applied; add a new migration instead`);
          }
          continue;
        }
        await sql.exec('BEGIN');
        try {
          await sql.exec(text);
          await sql.query('INSERT INTO schema_migrations (version, checksum) VALUES ($1, $2)', [version, checksum]);
          await sql.exec('COMMIT');
        } catch (err) {
          await sql.exec('ROLLBACK');
          throw new Error(`Migration ${file} failed: ${(err as Error).message}`, { cause: err });
        }
        applied.push(file);
      }
      return { applied, total: files.length };
    } finally {
      await sql.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]);
    }
  });
}
