/**
 * First start, the start-up admin, the admin CLI and the embedded database's lock. Runs on PGlite only, against the
 * built server and CLI (dist/server): several processes preparing one PostgreSQL database at once is in
 * concurrency.test.ts.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import { EXAMPLE_SERVICE } from '../../src/server/db/seed';
import { prepareDatabase } from '../../src/server/prepare';
import { TEST_ENV } from '../helpers/fixtures';
import { BUILT_ADMIN_CLI } from '../helpers/built-server';
import { startServerProcess } from '../helpers/server-process';
import { backend, withTestDatabase, type TestDatabase } from '../helpers/test-database';

/**
 * These tests start real processes (the built server and CLI): on a loaded 2-core CI machine 30 s is not always
 * enough.
 */
const PROCESS_TEST_TIMEOUT_MS = 120_000;

const execFileAsync = promisify(execFile);
const silent = { info: () => {}, warn: () => {} };

async function counts(td: TestDatabase) {
  return td.database.withSession(async (sql) => {
    const { rows } = await sql.query<Record<string, number | string>>(
      `SELECT (SELECT count(*) FROM services)::int AS services,
              (SELECT name FROM services WHERE id = 1) AS service1,
              (SELECT count(*) FROM business_hours)::int AS hours,
              (SELECT count(*) FROM business_hours WHERE is_open)::int AS open_days,
              (SELECT count(*) FROM reviews)::int AS reviews,
              (SELECT count(*) FROM reviews WHERE featured AND NOT hidden)::int AS featured,
              (SELECT count(*) FROM reviews WHERE hidden)::int AS hidden,
              (SELECT count(*) FROM admin_users)::int AS admins`,
    );
    return rows[0]!;
  });
}

describe('first start', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('migrates, writes the demo content once and creates the ADMIN_USERNAME admin once', async () => {
    await withTestDatabase({ empty: true }, async (td) => {
      const config = loadConfig({
        ...TEST_ENV,
        ADMIN_USERNAME: 'therapist',
        ADMIN_PASSWORD: 'a-long-enough-password',
        ADMIN_NAME: 'Aroha',
      });
      await prepareDatabase(td.database, config, silent);
      const first = await counts(td);
      expect(first).toEqual({
        services: 4,
        service1: 'Swedish Massage',
        hours: 7,
        open_days: 6,
        reviews: 6,
        featured: 4,
        hidden: 1,
        admins: 1,
      });

      await prepareDatabase(td.database, config, silent);
      expect(await counts(td)).toEqual(first);

      const app = await buildApp(config, td.database, { logger: false });
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { username: 'therapist', password: 'a-long-enough-password' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ username: 'therapist', name: 'Aroha', email: config.practice.email });
      await app.close();
    });
  });

  // docs/product.md §2 "Start fresh": no demo, yet the booking page works from the first minute; written once, never
  // again.
  it('starts a production database with weekday hours and one example service, once (no demo unless asked for)', async () => {
    await withTestDatabase({ empty: true }, async (td) => {
      const config = loadConfig({ ...TEST_ENV, NODE_ENV: 'production' });
      expect(config.seedDemoData).toBe(false);
      await prepareDatabase(td.database, config, silent);
      const first = await counts(td);
      expect(first).toEqual({
        services: 1,
        service1: EXAMPLE_SERVICE.name,
        hours: 7,
        open_days: 5,
        reviews: 0,
        featured: 0,
        hidden: 0,
        admins: 0,
      });
      const read = (text: string) => td.database.withSession(async (sql) => (await sql.query(text)).rows);
      expect(await read('SELECT day_of_week, is_open, open_time, close_time FROM business_hours ORDER BY 1')).toEqual(
        [0, 1, 2, 3, 4, 5, 6].map((day) => ({
          day_of_week: day,
          is_open: day >= 1 && day <= 5,
          open_time: '09:00',
          close_time: '17:00',
        })),
      );
      expect(await read('SELECT name, duration, price, duration_options FROM services')).toEqual([
        { name: 'Swedish Massage', duration: 60, price: 8000, duration_options: EXAMPLE_SERVICE.durationOptions },
      ]);
      expect(EXAMPLE_SERVICE.durationOptions).toEqual([
        { duration: 60, price: 8000 },
        { duration: 90, price: 12000 },
      ]);

      // A second start adds nothing.
      await prepareDatabase(td.database, config, silent);
      expect(await counts(td)).toEqual(first);

      // She deletes the example and closes Monday: the next start puts neither back.
      await td.database.withSession((sql) => sql.query('DELETE FROM services'));
      await td.database.withSession((sql) =>
        sql.query('UPDATE business_hours SET is_open = false WHERE day_of_week = 1'),
      );
      await prepareDatabase(td.database, config, silent);
      expect(await counts(td)).toMatchObject({ services: 0, open_days: 4 });
    });
  });

  it('gives the service she adds after deleting the example a new id', async () => {
    await withTestDatabase({ empty: true }, async (td) => {
      await prepareDatabase(td.database, loadConfig({ ...TEST_ENV, SEED_DEMO_DATA: 'false' }), silent);
      const ids = await td.database.withSession(async (sql) => {
        await sql.query('DELETE FROM services');
        const { rows } = await sql.query<{ id: number }>(
          `INSERT INTO services (name, description, duration, price, duration_options)
           VALUES ('Mine', 'Mine', 60, 9000, '[{"duration":60,"price":9000}]') RETURNING id`,
        );
        return rows.map((r) => r.id);
      });
      expect(ids).toEqual([2]);
    });
  });

  it('refuses to start with a start-up admin password under 12 characters', async () => {
    await withTestDatabase({ empty: true }, async (td) => {
      const config = loadConfig({ ...TEST_ENV, ADMIN_USERNAME: 'therapist', ADMIN_PASSWORD: 'short' });
      await expect(prepareDatabase(td.database, config, silent)).rejects.toThrow(/at least 12 characters/);
    });
  });
});

describe('npm run admin', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  async function admin(td: TestDatabase, args: string[], password?: string) {
    const env: Record<string, string | undefined> = { ...process.env, ...TEST_ENV };
    delete env.DATABASE_URL;
    if (td.location.url) env.DATABASE_URL = td.location.url;
    else env.DATA_DIR = path.dirname(td.location.pgliteDir!);
    if (password !== undefined) env.ADMIN_PASSWORD = password;
    try {
      const { stdout, stderr } = await execFileAsync(process.execPath, [BUILT_ADMIN_CLI, ...args], {
        env,
        timeout: 60_000,
      });
      return { code: 0, out: stdout + stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, out: e.stdout + e.stderr };
    }
  }

  it('creates an administrator, refuses a duplicate and a short password, and resets a password', async () => {
    // The CLI opens DATA_DIR/pglite, so the test database lives in a folder named pglite.
    await withTestDatabase({ empty: true, open: false }, async (td) => {
      if (td.location.pgliteDir) {
        const nested = path.join(td.location.pgliteDir, 'pglite');
        fs.mkdirSync(nested);
        td.location.pgliteDir = nested;
      }
      const created = await admin(
        td,
        ['create', '--username', 'aroha', '--name', 'Aroha Smith', '--email', 'aroha@example.nz'],
        'first-password-123',
      );
      expect(created.out).toContain("Created administrator 'aroha'");
      expect(created.code).toBe(0);
      expect(created.out).not.toContain('first-password-123');

      const duplicate = await admin(
        td,
        ['create', '--username', 'AROHA', '--name', 'X', '--email', 'x@example.nz'],
        'another-password-123',
      );
      expect(duplicate.code).toBe(1);
      expect(duplicate.out).toContain('already exists');

      const short = await admin(td, ['reset-password', '--username', 'aroha'], 'short');
      expect(short.code).toBe(1);
      expect(short.out).toContain('at least 12 characters');

      const reset = await admin(td, ['reset-password', '--username', 'aroha'], 'second-password-456');
      expect(reset.code).toBe(0);

      const database = await openDatabase(
        td.location.url ? { databaseUrl: td.location.url } : { pgliteDir: td.location.pgliteDir },
      );
      const app = await buildApp(loadConfig(TEST_ENV), database, { logger: false });
      const login = (password: string) =>
        app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: 'aroha', password } });
      expect((await login('first-password-123')).statusCode).toBe(401);
      expect((await login('second-password-456')).statusCode).toBe(200);
      await app.close();
      await database.close();
    });
  });
});

describe.runIf(backend === 'pglite')('the embedded database', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('refuses to open a folder another live process holds', async () => {
    await withTestDatabase({ open: false }, async (td) => {
      // The parent of this test process is alive: pretend it holds the database.
      fs.writeFileSync(path.join(td.location.pgliteDir!, 'homevisit.pid'), String(process.ppid));
      await expect(openDatabase({ pgliteDir: td.location.pgliteDir })).rejects.toThrow(/in use by process/);
    });
  });
});

describe.runIf(backend === 'pglite')('the server process', { timeout: PROCESS_TEST_TIMEOUT_MS }, () => {
  it('starts on the embedded database, serves, and shuts down cleanly on SIGTERM', async () => {
    const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'hv-main-'));
    const { child, ready, output } = startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
    try {
      const address = await ready;
      const services = await fetch(`${address}/api/services`);
      expect(services.status).toBe(200);
      expect(((await services.json()) as unknown[]).length).toBe(4);
      expect(fs.existsSync(path.join(dataDir, 'pglite', 'homevisit.pid'))).toBe(true);

      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
      // The database was closed properly: the lock is released.
      expect(fs.existsSync(path.join(dataDir, 'pglite', 'homevisit.pid'))).toBe(false);
      // One JSON log line per request, with no cookie or body in it.
      const requestLines = output()
        .split('\n')
        .filter((l) => l.includes('"msg":"request"'));
      expect(requestLines).toHaveLength(1);
      expect(JSON.parse(requestLines[0]!)).toMatchObject({ method: 'GET', url: '/api/services', status: 200 });
    } finally {
      child.kill('SIGKILL');
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
