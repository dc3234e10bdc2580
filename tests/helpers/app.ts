/**
 * A fresh app on a fresh database for one test file: a copy of the PGlite template,
 * or a new database cloned from the PostgreSQL template (TEST_DB chooses).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject as injectContext } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config';
import { openDatabase, type Database } from '../../src/server/db/client';
import { TEST_ADMIN, TEST_ENV } from './fixtures';
import { withDb } from './pg-url';

export const backend = (process.env.TEST_DB ?? 'pglite') as 'pglite' | 'postgres';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

export interface TestDatabase {
  database: Database;
  /** PGlite folder or PostgreSQL URL, for a second process (the CLI) to open. */
  location: { pgliteDir?: string; url?: string };
  drop(): Promise<void>;
}

/**
 * A database of its own: a copy of the template (schema, demo content, test admin),
 * or with `empty` a database nothing has touched yet.
 */
export async function createTestDatabase(options: { empty?: boolean; open?: boolean } = {}): Promise<TestDatabase> {
  if (backend === 'pglite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-pglite-'));
    if (!options.empty) fs.cpSync(injectContext('pgliteTemplate'), dir, { recursive: true });
    const database = options.open === false ? closedDatabase() : await openDatabase({ pgliteDir: dir });
    return { database, location: { pgliteDir: dir }, drop: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const serverUrl = injectContext('postgresUrl');
  const name = `hv_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${options.empty ? 'template0' : injectContext('postgresTemplateDb')}`);
  await admin.end();
  const url = withDb(serverUrl, name);
  const database = options.open === false ? closedDatabase() : await openDatabase({ databaseUrl: url, poolSize: 20 });
  return {
    database,
    location: { url },
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** For a test that lets another process open the database. */
function closedDatabase(): Database {
  const fail = () => {
    throw new Error('this test database was not opened here');
  };
  return { kind: backend, db: undefined as never, withSession: fail, close: async () => {} };
}

export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const { database, drop } = await createTestDatabase();
  const config = { ...loadConfig({ ...TEST_ENV, ...env }), clientDir: env.CLIENT_DIR ?? null };
  const app = await buildApp(config, database, { logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      await database.close();
      await drop();
    },
  };
}

/** The cookie header of a signed-in admin. */
export async function signIn(app: FastifyInstance, credentials = TEST_ADMIN): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { username: credentials.username, password: credentials.password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return sessionCookieOf(res);
}

export function sessionCookieOf(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'hv_session');
  if (!cookie) throw new Error('no session cookie in the answer');
  return `hv_session=${cookie.value}`;
}
