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
import { BUILT_ADMIN_CLI } from '../helpers/built-server';
import { loadConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { openDatabase } from '../../src/server/db/client';
import { prepareDatabase } from '../../src/server/prepare';
import { forgetSecrets, rotateKey } from '../../src/server/cli/key-commands';
import { SECRET_KEY_ID_META } from '../../src/server/key-rotation';
import {
  createSecretBox,
  isSealedValue,
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

let bookingDays = 0;
/** A booking written as an older server did: injury details as given (plain text, sealed, or none). */
async function addBooking(database: Database, injuryDetails: string | null): Promise<number> {
  const day = new Date(Date.UTC(2031, 2, 4 + bookingDays++)).toISOString().slice(0, 10);
  const result = await database.db.execute(sql`INSERT INTO bookings (service_name, date, time, address, first_name,
      last_name, email, phone, cancel_token, status, starts_at, ends_at, buffer_ends_at, has_injuries, injury_details)
    VALUES ('Massage', ${day}, '10:00', '1 Wainui Road, Raglan', 'Ana', 'Smith', 'ana@example.nz', '0211234567',
      ${randomBytes(24).toString('base64url')}, 'confirmed', (${day} || ' 10:00+13')::timestamptz,
      (${day} || ' 11:00+13')::timestamptz, (${day} || ' 11:15+13')::timestamptz, ${injuryDetails !== null},
      ${injuryDetails})
    RETURNING id`);
  return (result as { rows: { id: number }[] }).rows[0]!.id;
}

const storedInjury = async (database: Database, id: number) =>
  (await rows(database, `SELECT injury_details FROM bookings WHERE id = ${id}`))[0]!.injury_details ?? null;

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
    const injured = await addBooking(td.database, createSecretBox(Buffer.from(oldKey, 'hex')).seal('Sore left hip'));

    // A new key alone cannot open them: the server does not start, and says what to do.
    await expect(prepareDatabase(td.database, keyConfig({ SECRET_KEY: newKey }), silent)).rejects.toThrow(
      /2 secret value\(s\) in this database were sealed with key .* which this server does not have/,
    );

    // With the old one as previous it starts, and rotate-key re-seals everything with the new one.
    const rotating = keyConfig({ SECRET_KEY: newKey, SECRET_KEY_PREVIOUS: oldKey, ...databaseEnv(td) });
    await prepareDatabase(td.database, rotating, silent);
    const printed: string[] = [];
    await asCli(td, () => rotateKey(rotating, (line) => printed.push(line)));
    expect(printed.join('\n')).toMatch(/Re-sealed 2 secret value\(s\) with SECRET_KEY/);
    const [sealed] = await storedPasswords(td.database);
    expect(sealed).not.toContain('app-password');
    expect(createSecretBox(Buffer.from(newKey, 'hex')).open(sealed!)).toBe('app-password-1');
    expect(() => createSecretBox(Buffer.from(oldKey, 'hex')).open(sealed!)).toThrow();
    const injury = await storedInjury(td.database, injured);
    expect(createSecretBox(Buffer.from(newKey, 'hex')).open(injury!)).toBe('Sore left hip');
    expect(() => createSecretBox(Buffer.from(oldKey, 'hex')).open(injury!)).toThrow();
    // The new key alone is enough now.
    await prepareDatabase(td.database, keyConfig({ SECRET_KEY: newKey }), silent);
  });

  it('forget-secrets removes what a lost key sealed, after asking, and the server starts again', async () => {
    const td = await testDatabase();
    const lost = hex();
    await prepareDatabase(td.database, keyConfig({ SECRET_KEY: lost }), silent);
    await addCalendarPassword(td.database, createSecretBox(Buffer.from(lost, 'hex')), 'gone');
    const injured = await addBooking(td.database, createSecretBox(Buffer.from(lost, 'hex')).seal('Gone too'));
    const config = keyConfig({ SECRET_KEY: hex(), ...databaseEnv(td) });
    await expect(prepareDatabase(td.database, config, silent)).rejects.toThrow('forget-secrets');

    const printed: string[] = [];
    expect(await asCli(td, () => forgetSecrets(config, false, (line) => printed.push(line)))).toBe(false);
    expect(await storedPasswords(td.database)).toHaveLength(1);
    expect(await asCli(td, () => forgetSecrets(config, true, (line) => printed.push(line)))).toBe(true);
    expect(printed.join('\n')).toContain('other_calendars.password_encrypted: 1');
    expect(printed.join('\n')).toContain('bookings.injury_details: 1');
    // The account cannot sync without its password: it goes, and she adds it again.
    expect(await storedPasswords(td.database)).toEqual([]);
    // The booking stays, 'has injuries' without the details.
    expect(await rows(td.database, `SELECT has_injuries, injury_details FROM bookings WHERE id = ${injured}`)).toEqual([
      { has_injuries: true, injury_details: null },
    ]);
    await prepareDatabase(td.database, config, silent);
  });
});

describe('injury details stored before they were sealed', () => {
  it('are sealed at start, once: never counted as unreadable, and what is sealed already is left as it is', async () => {
    const td = await testDatabase();
    const key = hex();
    const box = createSecretBox(Buffer.from(key, 'hex'));
    // A database from before: no key named yet, and plain injury details beside sealed ones.
    const plain = await addBooking(td.database, 'Plain sore knee');
    const alreadySealed = box.seal('Sealed sore wrist');
    const sealedOne = await addBooking(td.database, alreadySealed);
    const none = await addBooking(td.database, null);
    const [{ ics_sequence: sequenceBefore } = {}] = await rows(
      td.database,
      `SELECT ics_sequence FROM bookings WHERE id = ${plain}`,
    );

    const logged: unknown[] = [];
    const log = { info: (o: unknown) => logged.push(o), warn: () => {} };
    await prepareDatabase(td.database, keyConfig({ SECRET_KEY: key }), log);
    const stored = await storedInjury(td.database, plain);
    expect(isSealedValue(stored!)).toBe(true);
    expect(stored).not.toContain('knee');
    expect(box.open(stored!)).toBe('Plain sore knee');
    expect(await storedInjury(td.database, sealedOne)).toBe(alreadySealed);
    expect(await storedInjury(td.database, none)).toBeNull();
    expect(logged).toContainEqual({ sealed: 1 });
    // The calendar feed's sequence moves on (its event is fetched again, unchanged): harmless.
    const [{ ics_sequence: sequenceAfter } = {}] = await rows(
      td.database,
      `SELECT ics_sequence FROM bookings WHERE id = ${plain}`,
    );
    expect(Number(sequenceAfter)).toBe(Number(sequenceBefore) + 1);

    // Again: nothing to seal, nothing changed.
    logged.length = 0;
    await prepareDatabase(td.database, keyConfig({ SECRET_KEY: key }), log);
    expect(await storedInjury(td.database, plain)).toBe(stored);
    expect(logged).not.toContainEqual({ sealed: expect.anything() });
  });

  it('are sealed by rotate-key too, if it runs before the server starts, and never forgotten', async () => {
    const td = await testDatabase();
    const key = hex();
    await prepareDatabase(td.database, keyConfig({ SECRET_KEY: key }), silent);
    const plain = await addBooking(td.database, 'Plain stiff neck');
    const config = keyConfig({ SECRET_KEY: key, ...databaseEnv(td) });
    expect(await asCli(td, () => forgetSecrets(config, true, () => {}))).toBe(true);
    expect(await storedInjury(td.database, plain)).toBe('Plain stiff neck');
    const printed: string[] = [];
    await asCli(td, () => rotateKey(config, (line) => printed.push(line)));
    expect(printed.join('\n')).toMatch(/Re-sealed 1 secret value\(s\)/);
    expect(createSecretBox(Buffer.from(key, 'hex')).open((await storedInjury(td.database, plain))!)).toBe(
      'Plain stiff neck',
    );
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
      const { stdout, stderr } = await promisify(execFile)(process.execPath, [BUILT_ADMIN_CLI, ...args], {
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
