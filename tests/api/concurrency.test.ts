/** No burst of requests can make two active bookings overlap. */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SLOT_TAKEN } from '../../src/shared/messages';
import { TEST_ENV } from '../helpers/fixtures';
import { backend, createTestApp, createTestDatabase, type TestApp } from '../helpers/app';
import { bookingRequest, openDay } from '../helpers/bookings';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function activeOverlaps(db = t): Promise<number> {
  return db.database.withSession(async (sql) => {
    const { rows } = await sql.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM bookings a JOIN bookings b ON a.id < b.id AND a.occupied && b.occupied
       WHERE a.status IN ('pending','confirmed') AND b.status IN ('pending','confirmed')`,
    );
    return rows[0]!.n;
  });
}

describe('a burst of requests for one slot', () => {
  it('gives exactly one 201 and 49 x 409 for 50 concurrent requests', async () => {
    const body = bookingRequest({ date: openDay(0), time: '10:00' });
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => t.app.inject({ method: 'POST', url: '/api/bookings', payload: { ...body, firstName: `P${i}` } })),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const a of answers.filter((x) => x.statusCode === 409)) expect(a.json()).toEqual({ message: SLOT_TAKEN });
    expect(await activeOverlaps()).toBe(0);
  });

  it('refuses concurrent partial overlaps: of 10:00, 10:30, 11:00 and 11:30 (60 min + 30 buffer) at most two fit', async () => {
    const date = openDay(1);
    const answers = await Promise.all(
      ['10:00', '10:30', '11:00', '11:30', '10:00', '11:30'].map((time) =>
        t.app.inject({ method: 'POST', url: '/api/bookings', payload: bookingRequest({ date, time }) }),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 201).map((a) => a.json().time as string);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    expect(ok.length).toBeLessThanOrEqual(2);
    if (ok.length === 2) expect(ok.sort()).toEqual(['10:00', '11:30']);
    expect(await activeOverlaps()).toBe(0);
  });
});

describe.runIf(backend === 'postgres')('two server processes on one PostgreSQL database', () => {
  const servers: ChildProcess[] = [];
  afterAll(() => servers.forEach((s) => s.kill('SIGKILL')));

  function startServer(url: string): Promise<string> {
    const child = spawn(path.resolve('node_modules/.bin/tsx'), [path.resolve('src/server/main.ts')], {
      env: { ...process.env, ...TEST_ENV, LOG_LEVEL: 'info', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: url, MAIL_WORKER_ENABLED: 'false' },
    });
    servers.push(child);
    let output = '';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no start: ${output}`)), 45_000);
      child.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
        if (match && output.includes('Homevisit is running')) {
          clearTimeout(timer);
          resolve(match[1]!);
        }
      });
      child.on('exit', () => reject(new Error(`exited early: ${output}`)));
    });
  }

  it('gives exactly one 201 for 50 requests split across both processes', async () => {
    const td = await createTestDatabase({ open: false });
    try {
      const [a, b] = await Promise.all([startServer(td.location.url!), startServer(td.location.url!)]);
      const body = bookingRequest({ date: openDay(2), time: '14:00' });
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          fetch(`${i % 2 ? a : b}/api/bookings`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ ...body, firstName: `P${i}` }),
          }).then((r) => r.status),
        ),
      );
      expect(answers.filter((c) => c === 201)).toHaveLength(1);
      expect(answers.filter((c) => c === 409)).toHaveLength(49);
    } finally {
      servers.forEach((s) => s.kill('SIGTERM'));
      await new Promise((r) => setTimeout(r, 500));
      await td.drop();
    }
  });
});
