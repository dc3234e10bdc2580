/**
 * The race tests' second stage (docs/product.md §10 and §4): the same races split across two real server processes over
 * one PostgreSQL database, as a deployment with several processes runs them.
 */
import type { ChildProcess } from 'node:child_process';
import { expect } from 'vitest';
import type { Database } from '../../src/server/db/client';
import { TEST_ADMIN } from './fixtures';
import { startServerProcess } from './server-process';
import { createTestDatabase } from './test-database';

/** A database reading, as the checks take it (the test app's `t.sql`, or a database of its own). */
export type Sql = <Row>(text: string, params?: unknown[]) => Promise<Row[]>;

export const sqlOf =
  (database: Database): Sql =>
  async (text, params = []) => {
    const { rows } = await database.withSession((s) => s.query(text, params));
    return rows as never;
  };

export interface TwoProcesses {
  /** The two servers' addresses. */
  a: string;
  b: string;
  /** Their shared database. */
  database: Database;
  sql: Sql;
}

/**
 * Runs `race` against two server processes (no mail worker) on a fresh PostgreSQL database, then stops them
 * and drops the database, whatever happened.
 */
export async function onTwoServerProcesses(race: (world: TwoProcesses) => Promise<void>): Promise<void> {
  const td = await createTestDatabase();
  const servers: ChildProcess[] = [];
  const start = () => {
    const server = startServerProcess({ DATABASE_URL: td.location.url!, MAIL_WORKER_ENABLED: 'false' });
    servers.push(server.child);
    return server.ready;
  };
  try {
    const [a, b] = await Promise.all([start(), start()]);
    await race({ a, b, database: td.database, sql: sqlOf(td.database) });
  } finally {
    servers.forEach((s) => s.kill('SIGTERM'));
    await new Promise((r) => setTimeout(r, 500));
    servers.filter((s) => s.exitCode === null && s.signalCode === null).forEach((s) => s.kill('SIGKILL'));
    await td.database.close();
    await td.drop();
  }
}

/** A request to one process (or the test app), answering its status and body. */
export type Send = (method: string, path: string, body?: unknown) => Promise<{ status: number; body: string }>;

/** Signs the test administrator in on a server process: her requests through it. */
export async function signedInOver(base: string): Promise<Send> {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: TEST_ADMIN.username, password: TEST_ADMIN.password }),
  });
  expect(login.status).toBe(200);
  const cookie = /hv_session=[^;]+/.exec(login.headers.get('set-cookie') ?? '')![0];
  return async (method, path, body) => {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', cookie },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.text() };
  };
}
