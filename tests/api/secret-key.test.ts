/**
 * The key the secrets are sealed with (key-rotation.ts): a server refuses to start with a key that
 * cannot open them, a rotation re-seals everything (with SECRET_KEY on either database, and with
 * the key file on the embedded one, including after an interruption), and forget-secrets is the
 * way out when a key is lost for good.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { TSX } from '../helpers/server-process';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { openDatabase } from '../../src/server/db/client';
import { prepareDatabase } from '../../src/server/prepare';
import { forgetSecrets, rotateKey } from '../../src/server/cli/key-commands';
import { SECRET_KEY_ID_META } from '../../src/server/key-rotation';
import {
  createSecretBox,
  KEY_FILE_NAME,
  keyIdOf,
  NEXT_KEY_FILE_NAME,
  type SecretBox,
} from '../../src/server/secret-box';
import { TEST_ENV } from '../helpers/fixtures';
import { backend, createTestDatabase, type TestDatabase } from '../helpers/test-database';

const silent = { info: () => {}, warn: () => {} };
const hex = () => randomBytes(32).toString('hex');
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const clean of cleanups.splice(0).reverse()) await clean();
});

/** A test database whose handle can be closed while a CLI command opens it (PGlite has one opener). */
interface KeyTestDatabase extends TestDatabase {
  database: Database;
}

async function testDatabase(): Promise<KeyTestDatabase> {
  const td: KeyTestDatabase = { ...(await createTestDatabase()) };
  if (td.location.pgliteDir) {
    // A CLI command opens DATA_DIR/pglite: move the copy there.
    await td.database.close();
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-key-data-'));
    const pgliteDir = path.join(dataDir, 'pglite');
    fs.renameSync(td.location.pgliteDir, pgliteDir);
    td.location = { pgliteDir };
    td.database = await openDatabase({ pgliteDir });
    td.drop = async () => fs.rmSync(dataDir, { recursive: true, force: true });
  }
  cleanups.push(async () => {
    await td.database.close();
    await td.drop();
  });
  return td;
}

/** Runs a CLI command on the test database, closing this handle meanwhile on PGlite. */
async function asCli<T>(td: KeyTestDatabase, command: () => Promise<T>): Promise<T> {
  if (!td.location.pgliteDir) return command();
  await td.database.close();
  try {
    return await command();
  } finally {
    td.database = await openDatabase({ pgliteDir: td.location.pgliteDir });
  }
}

const rows = async (database: Database, text: string) =>
  (await database.withSession((s) => s.query<Record<string, string>>(text))).rows;

async function addCalendarPassword(database: Database, box: SecretBox, password: string): Promise<void> {
  await database.db.execute(sql`INSERT INTO other_calendars (name, kind, url, username, password_encrypted)
    VALUES ('Key test', 'caldav', 'http://127.0.0.1:9/dav/', 'her', ${box.seal(password)})`);
}

const storedPasswords = async (database: Database) =>
  (await rows(database, `SELECT password_encrypted FROM other_calendars WHERE name = 'Key test'`)).map(
    (r) => r.password_encrypted!,
  );

const keyConfig = (env: Record<string, string>) => ({ ...loadConfig({ ...TEST_ENV, ...env }), clientDir: null });

describe('SECRET_KEY and SECRET_KEY_PREVIOUS', () => {
  it('names the key at start, refuses a key that cannot open the secrets, and re-seals with a new one', async () => {
    const td = await testDatabase();
    const oldKey = hex();
    const newKey = hex();
    const oldConfig = keyConfig({ SECRET_KEY: oldKey });
    await prepareDatabase(td.database, oldConfig, silent);
    const [meta] = await rows(td.database, `SELECT value FROM app_meta WHERE key = '${SECRET_KEY_ID_META}'`);
    expect(meta?.value).toBe(keyIdOf(Buffer.from(oldKey, 'hex')));
    await addCalendarPassword(td.database, createSecretBox(Buffer.from(oldKey, 'hex')), 'app-password-1');

    // A new key alone cannot open them: the server does not start, and says what to do.
    await expect(prepareDatabase(td.database, keyConfig({ SECRET_KEY: newKey }), silent)).rejects.toThrow(
      /1 secret value\(s\) in this database were sealed with key .* which this server does not have/,
    );

    // With the old one as previous it starts, and rotate-key re-seals everything with the new one.
    const rotating = keyConfig({ SECRET_KEY: newKey, SECRET_KEY_PREVIOUS: oldKey, ...databaseEnv(td) });
    await prepareDatabase(td.database, rotating, silent);
    const printed: string[] = [];
    await asCli(td, () => rotateKey(rotating, (line) => printed.push(line)));
    expect(printed.join('\n')).toMatch(/Re-sealed 1 secret value\(s\) with SECRET_KEY/);
    const [sealed] = await storedPasswords(td.database);
    expect(sealed).not.toContain('app-password');
    expect(createSecretBox(Buffer.from(newKey, 'hex')).open(sealed!)).toBe('app-password-1');
    expect(() => createSecretBox(Buffer.from(oldKey, 'hex')).open(sealed!)).toThrow();
    // The new key alone is enough now.
    await prepareDatabase(td.database, keyConfig({ SECRET_KEY: newKey }), silent);
  });

  it('forget-secrets removes what a lost key sealed, after asking, and the server starts again', async () => {
    const td = await testDatabase();
    const lost = hex();
    await prepareDatabase(td.database, keyConfig({ SECRET_KEY: lost }), silent);
    await addCalendarPassword(td.database, createSecretBox(Buffer.from(lost, 'hex')), 'gone');
    const config = keyConfig({ SECRET_KEY: hex(), ...databaseEnv(td) });
    await expect(prepareDatabase(td.database, config, silent)).rejects.toThrow('forget-secrets');

    const printed: string[] = [];
    expect(await asCli(td, () => forgetSecrets(config, false, (line) => printed.push(line)))).toBe(false);
    expect(await storedPasswords(td.database)).toHaveLength(1);
    expect(await asCli(td, () => forgetSecrets(config, true, (line) => printed.push(line)))).toBe(true);
    expect(printed.join('\n')).toContain('other_calendars.password_encrypted: 1');
    // The account cannot sync without its password: it goes, and she adds it again.
    expect(await storedPasswords(td.database)).toEqual([]);
    await prepareDatabase(td.database, config, silent);
  });
});

/** What loadConfig needs to open the same test database from a CLI command. */
const databaseEnv = (td: TestDatabase): Record<string, string> =>
  td.location.url ? { DATABASE_URL: td.location.url } : { DATA_DIR: path.dirname(td.location.pgliteDir!) };

describe.runIf(backend === 'pglite')('the key file under DATA_DIR', () => {
  it('rotate-key puts a new key file in place, keeps the old one aside, and resumes after an interruption', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-key-file-'));
    cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
    const config = keyConfig({ SECRET_KEY: '', DATA_DIR: dataDir });
    const keyFile = path.join(dataDir, KEY_FILE_NAME);
    const first = async () => {
      const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
      return database;
    };
    let database = await first();
    await prepareDatabase(database, config, silent);
    const oldKey = Buffer.from(fs.readFileSync(keyFile, 'utf8').trim(), 'hex');
    await addCalendarPassword(database, createSecretBox(oldKey), 'app-password-2');
    await database.close();

    // Interrupted: the next key was written and nothing else happened. The server still starts.
    const nextFile = path.join(dataDir, NEXT_KEY_FILE_NAME);
    fs.writeFileSync(nextFile, `${hex()}\n`, { mode: 0o600 });
    const nextKey = Buffer.from(fs.readFileSync(nextFile, 'utf8').trim(), 'hex');
    database = await first();
    await prepareDatabase(database, config, silent);
    await database.close();

    const printed: string[] = [];
    await rotateKey(config, (line) => printed.push(line));
    expect(printed.join('\n')).toContain(`Re-sealed 1 secret value(s) with a new key (${keyIdOf(nextKey)})`);
    expect(fs.existsSync(nextFile)).toBe(false);
    expect(Buffer.from(fs.readFileSync(keyFile, 'utf8').trim(), 'hex').equals(nextKey)).toBe(true);
    expect(fs.statSync(keyFile).mode & 0o077).toBe(0);
    const retired = path.join(dataDir, `${KEY_FILE_NAME}.retired-${keyIdOf(oldKey)}`);
    expect(Buffer.from(fs.readFileSync(retired, 'utf8').trim(), 'hex').equals(oldKey)).toBe(true);

    database = await first();
    try {
      await prepareDatabase(database, config, silent);
      const [sealed] = await storedPasswords(database);
      expect(createSecretBox(nextKey).open(sealed!)).toBe('app-password-2');
    } finally {
      await database.close();
    }
  });
});

describe('npm run admin -- rotate-key and forget-secrets, as commands', { timeout: 120_000 }, () => {
  const run = async (td: KeyTestDatabase, args: string[], env: Record<string, string>) => {
    const full: Record<string, string | undefined> = { ...process.env, ...TEST_ENV, ...databaseEnv(td), ...env };
    if (!td.location.url) delete full.DATABASE_URL;
    try {
      const { stdout, stderr } = await promisify(execFile)(TSX, ['src/server/cli/admin-cli.ts', ...args], {
        env: full,
        timeout: 60_000,
      });
      return { code: 0, out: stdout + stderr };
    } catch (err) {
      const e = err as { code: number; stdout: string; stderr: string };
      return { code: e.code, out: e.stdout + e.stderr };
    }
  };

  it('re-seals with SECRET_KEY, and forget-secrets asks for --yes', async () => {
    const td = await testDatabase();
    const oldKey = hex();
    const newKey = hex();
    await prepareDatabase(td.database, keyConfig({ SECRET_KEY: oldKey }), silent);
    await addCalendarPassword(td.database, createSecretBox(Buffer.from(oldKey, 'hex')), 'app-password-3');

    const asked = await asCli(td, () => run(td, ['forget-secrets'], { SECRET_KEY: newKey }));
    expect(asked.code).toBe(1);
    expect(asked.out).toContain('Run again with --yes');

    const rotated = await asCli(td, () => run(td, ['rotate-key'], { SECRET_KEY: newKey, SECRET_KEY_PREVIOUS: oldKey }));
    expect(rotated.out).toContain('Re-sealed 1 secret value(s) with SECRET_KEY');
    expect(rotated.out).toContain('SECRET_KEY_PREVIOUS can now be removed');
    expect(rotated.code).toBe(0);
    const [sealed] = await storedPasswords(td.database);
    expect(createSecretBox(Buffer.from(newKey, 'hex')).open(sealed!)).toBe('app-password-3');
  });
});
