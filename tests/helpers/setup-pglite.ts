import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildServerWhenStale } from './built-server';
import { openDatabase } from '../../src/server/db/client';
import { fillTemplate } from './template';

/** One migrated PGlite data dir; each test file works on its own copy of it. */
export default async function setup(project: TestProject) {
  // The tests that start a server process or the CLI run the build (tests/helpers/built-server.ts).
  buildServerWhenStale();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-pglite-template-'));
  const database = await openDatabase({ pgliteDir: dir });
  await fillTemplate(database);
  await database.close();
  project.provide('pgliteTemplate', dir);
  console.log('[backends] PGlite: template ready');
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    postgresUrl: string;
    postgresTemplateDb: string;
  }
}
