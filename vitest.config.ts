import fs from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { filesOnBothDatabases } from './tests/helpers/both-databases';
import { findPgBinaries } from './tests/helpers/pg-server';

// '@/': the client's own alias (vite.config.ts), so that an API test can render the client's pages on the server.
const alias = [
  { find: /^@shared\//, replacement: `${path.resolve(__dirname, 'src/shared')}/` },
  { find: /^@\//, replacement: `${path.resolve(__dirname, 'src/client')}/` },
];

/**
 * The API suite runs on PGlite; the files whose outcome depends on the database server (races for a row, several
 * processes on one database, transactions, constraints: each says why on a `// @both-databases:` line, see
 * tests/helpers/both-databases.ts) run again on a real PostgreSQL server started by tests/helpers/setup-postgres.ts
 * when initdb/pg_ctl/postgres are on the machine (required on CI). TZ is set away from New Zealand on purpose.
 */
const havePostgres = findPgBinaries() !== null;
if (!havePostgres) {
  if (process.env.CI) throw new Error('PostgreSQL binaries (initdb, pg_ctl, postgres) are required on CI');
  console.warn('[backends] PostgreSQL: SKIPPED (initdb/pg_ctl/postgres not found on PATH)');
}

/**
 * The e2e suite drives Debian's Chromium (playwright-core) against the built app;
 * skipped when the browser is missing locally, required on CI.
 */
const chromiumPath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const haveChromium = fs.existsSync(chromiumPath);
if (!haveChromium) {
  if (process.env.CI) throw new Error(`Chromium (${chromiumPath}) is required on CI for the e2e tests`);
  console.warn(`[e2e] SKIPPED (${chromiumPath} not found; set CHROMIUM_PATH)`);
}

const apiProject = (name: string, setup: string, db: string, include: string[]) => ({
  extends: true as const,
  test: {
    name,
    include,
    globalSetup: [setup],
    env: { TEST_DB: db, TZ: 'UTC' },
    // One module graph per worker: every file imports the whole app, and importing it anew per file cost more than
    // the tests themselves. Each file still builds its own app on its own database (tests/helpers/app.ts).
    isolate: false,
  },
});

export default defineConfig({
  resolve: { alias },
  test: {
    reporters: [
      'default',
      ['json', { outputFile: 'test-results/vitest.json' }],
      './tests/helpers/slowest-files-reporter.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Both cores (Vitest's default leaves one idle): the API files wait on processes and sockets much of the time.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'tests/repo/**/*.test.ts', 'eslint-rules/**/*.test.js'],
          env: { TZ: 'America/Los_Angeles' },
        },
      },
      {
        // The time-critical unit tests once more under UTC.
        extends: true as const,
        test: {
          name: 'unit-utc',
          include: [
            'src/server/modules/availability/**/*.test.ts',
            'src/server/modules/visits/**/*.test.ts',
            'src/server/modules/calendars/**/*.test.ts',
            'src/shared/time.test.ts',
          ],
          env: { TZ: 'UTC' },
        },
      },
      apiProject('api-pglite', 'tests/helpers/setup-pglite.ts', 'pglite', ['tests/api/**/*.test.ts']),
      ...(havePostgres
        ? [apiProject('api-postgres', 'tests/helpers/setup-postgres.ts', 'postgres', filesOnBothDatabases(__dirname))]
        : []),
      ...(haveChromium
        ? [
            {
              // After the other projects, two files at a time (the machine has two cores), each with its own
              // browser; a file starts its own server (from the run's seeded copy, harness.mjs prepareRun) when it
              // needs a state or settings of its own, and otherwise shares the one tests/e2e/setup.ts starts.
              extends: true as const,
              test: {
                name: 'e2e',
                include: ['tests/e2e/**/*.test.ts'],
                globalSetup: ['tests/e2e/setup.ts'],
                env: { TZ: 'UTC' },
                testTimeout: 60_000,
                hookTimeout: 120_000,
                maxWorkers: 2,
                // One module graph per worker, as for the API (playwright-core and the helpers imported once).
                isolate: false,
                sequence: { groupOrder: 1 },
              },
            },
          ]
        : []),
    ],
  },
});
