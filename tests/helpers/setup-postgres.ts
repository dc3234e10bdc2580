import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildServerWhenStale } from './built-server';
import { openDatabase } from '../../src/server/db/client';
import { startPgServer } from './pg-server';
import { withDb } from './pg-url';
import { fillTemplate } from './template';

const TEMPLATE_DB = 'hv_template';

/**
 * Starts a throw-away PostgreSQL server and a migrated template database; each test
 * file gets CREATE DATABASE ... TEMPLATE. (vitest.config.ts leaves this project out
 * when the PostgreSQL binaries are missing.)
 */
export default async function setup(project: TestProject) {
  // The tests that start a server process or the CLI run the build (tests/helpers/built-server.ts).
  buildServerWhenStale();
  const server = await startPgServer();
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: withDb(server.url, TEMPLATE_DB), poolSize: 2 });
  await fillTemplate(database);
  await database.close();
  project.provide('postgresUrl', server.url);
  project.provide('postgresTemplateDb', TEMPLATE_DB);
  console.log(`[backends] PostgreSQL: ${server.version} at 127.0.0.1:${server.port}`);
  return () => server.stop();
}
