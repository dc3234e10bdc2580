/**
 * A fresh app on a fresh database. Most test files call `useTestApp()` once at the top;
 * `createTestApp` is for a test that needs a second app or its own lifecycle.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../src/server/app';
import { loadConfig, type AppConfig } from '../../src/server/config';
import type { Database } from '../../src/server/db/client';
import { checkAnswersOf } from './answer-check';
import { TEST_ENV } from './fixtures';
import { requestsTo, type Requests } from './requests';
import { signIn } from './session';
import { createTestDatabase } from './test-database';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

export interface TestAppOptions {
  /** On top of TEST_ENV. */
  env?: Record<string, string>;
  /**
   * A stand-in for the built client: file paths (e.g. 'index.html') and their contents. Without it the app serves the
   * API only.
   */
  client?: Record<string, string | Buffer>;
  /** Files beside the client (`ssr/entry-server.js`: the server renderer), with `client`. */
  besideClient?: Record<string, string>;
  /** Where the app's log lines go (info and above, JSON), for a test that reads the log; silent without it. */
  logStream?: Writable;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const { database, drop } = await createTestDatabase();
  let clientDir: string | null = null;
  const cleanUp = async () => {
    await database.close();
    await drop();
    if (clientDir) fs.rmSync(path.dirname(clientDir), { recursive: true, force: true });
  };
  try {
    clientDir = options.client ? writeClient(options.client, options.besideClient) : null;
    const config = { ...loadConfig({ ...TEST_ENV, ...options.env }), clientDir };
    const logger = options.logStream ? { level: 'info', stream: options.logStream } : false;
    const app = await buildApp(config, database, { logger });
    await app.ready();
    checkAnswersOf(app);
    return {
      app,
      database,
      config,
      async close() {
        await app.close();
        await cleanUp();
      },
    };
  } catch (err) {
    // A test may expect the configuration to be refused: leave nothing behind.
    await cleanUp();
    throw err;
  }
}

/** `<tmp>/client` with `files`, and `beside` in `<tmp>` (as dist/ssr is beside dist/client); answers the client's. */
function writeClient(files: Record<string, string | Buffer>, beside: Record<string, string> = {}): string {
  const top = fs.mkdtempSync(path.join(os.tmpdir(), 'hv-client-'));
  const write = (dir: string, entries: Record<string, string | Buffer>) => {
    for (const [name, content] of Object.entries(entries)) {
      fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
      fs.writeFileSync(path.join(dir, name), content);
    }
  };
  write(path.join(top, 'client'), files);
  write(top, beside);
  return path.join(top, 'client');
}

export interface UseTestAppOptions extends TestAppOptions {
  /** Sign the test admin in once; `admin` requests and `cookie` carry that session. */
  signedIn?: boolean;
}

/** The app of a test file, with short requests as a visitor (`t.get`) and as the admin (`t.admin.get`). */
export interface ApiTestApp extends Requests {
  readonly app: FastifyInstance;
  readonly config: AppConfig;
  readonly database: Database;
  /** The session cookie header (with `signedIn`). */
  readonly cookie: string;
  readonly admin: Requests;
  /** Runs one statement on its own session and answers its rows. */
  sql<Row = Record<string, unknown>>(text: string, params?: unknown[]): Promise<Row[]>;
}

/**
 * Builds the app before the file's (or describe's) tests and closes it after them.
 * Options may be a function, for values an earlier `beforeAll` makes (an SMTP server's port).
 */
export function useTestApp(options: UseTestAppOptions | (() => UseTestAppOptions) = {}): ApiTestApp {
  let current: TestApp | undefined;
  let cookie: string | undefined;
  beforeAll(async () => {
    const resolved = typeof options === 'function' ? options() : options;
    current = await createTestApp(resolved);
    if (resolved.signedIn) cookie = await signIn(current.app);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });

  const running = (): TestApp => {
    if (!current) throw new Error('useTestApp: the app exists only inside its tests and hooks');
    return current;
  };
  const sessionCookie = (): string => {
    if (!cookie) throw new Error('useTestApp: pass { signedIn: true } for a session');
    return cookie;
  };
  return {
    get app() {
      return running().app;
    },
    get config() {
      return running().config;
    },
    get database() {
      return running().database;
    },
    get cookie() {
      return sessionCookie();
    },
    ...requestsTo(() => running().app),
    admin: requestsTo(
      () => running().app,
      () => ({ cookie: sessionCookie() }),
    ),
    async sql<Row>(text: string, params: unknown[] = []) {
      const { rows } = await running().database.withSession((s) => s.query<Row>(text, params));
      return rows;
    },
  };
}
