/**
 * Which API files run on PostgreSQL as well as on PGlite (issue 42). PGlite is PostgreSQL itself, compiled to
 * WebAssembly, on one connection in one process: a rule the application checks (a message, a status, a sum, a
 * refusal) answers the same on both, so such a file runs once, on PGlite. A file runs on both when what it proves
 * depends on the database server: requests or jobs racing for one row (locks, which PGlite's single connection
 * serialises), several server processes on one database, the server going down, transactions, constraints and
 * migrations, pg_dump. Such a file says so on a line of its own, with the reason:
 *
 *     // @both-databases: two bookings race for one slot (row locks)
 *
 * vitest.config.ts reads the marker; tests/repo/both-databases.test.ts refuses a file with a PostgreSQL-only part
 * (`backend === 'postgres'`) that lacks it, since that part would then never run.
 */
import fs from 'node:fs';
import path from 'node:path';

export const BOTH_DATABASES_MARKER = /^\/\/ @both-databases: \S/m;

/** Every API test file, relative to the repository root `root` (tests/api/...). */
export function apiTestFiles(root: string): string[] {
  const found: string[] = [];
  const visit = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(full);
      else if (entry.name.endsWith('.test.ts')) found.push(path.relative(root, full).split(path.sep).join('/'));
    }
  };
  visit(path.join(root, 'tests/api'));
  return found.sort();
}

/** The API files that carry the marker: api-postgres runs these. */
export function filesOnBothDatabases(root: string): string[] {
  return apiTestFiles(root).filter((file) =>
    BOTH_DATABASES_MARKER.test(fs.readFileSync(path.join(root, file), 'utf8')),
  );
}
