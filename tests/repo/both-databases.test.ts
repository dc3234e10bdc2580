/**
 * Issue 42: api-postgres runs only the API files marked `// @both-databases: <why>` (tests/helpers/both-databases.ts).
 * A file with a part that runs only on PostgreSQL must carry the marker, or that part would never run.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiTestFiles, filesOnBothDatabases } from '../helpers/both-databases';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('the API files that run on both databases', () => {
  const marked = new Set(filesOnBothDatabases(root));

  it('include every file with a PostgreSQL-only part', () => {
    const postgresOnly = apiTestFiles(root).filter((file) => /backend === 'postgres'/.test(read(file)));
    expect(postgresOnly.length).toBeGreaterThan(0);
    expect(postgresOnly.filter((file) => !marked.has(file))).toEqual([]);
  });

  it('each say why, once', () => {
    for (const file of marked) expect(read(file).match(/^\/\/ @both-databases:/gm), file).toHaveLength(1);
    // A misspelt marker (no colon, another spacing) would silently leave a file out.
    const misspelt = apiTestFiles(root).filter((file) => /both-databases/.test(read(file)) && !marked.has(file));
    expect(misspelt).toEqual([]);
  });
});
