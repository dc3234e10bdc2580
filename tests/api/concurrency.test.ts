// @both-databases: parallel requests race for one slot, and two server processes share one PostgreSQL database
/**
 * No burst of requests can make two active bookings overlap; several processes can prepare one empty database at
 * once.
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { prepareDatabase } from '../../src/server/prepare';
import { SLOT_TAKEN } from '../../src/shared/messages';
import { useTestApp } from '../helpers/app';
import { book, bookingRequest, openDay } from '../helpers/bookings';
import { TEST_ENV } from '../helpers/fixtures';
import { startServerProcess } from '../helpers/server-process';
import { backend, createTestDatabase, withTestDatabase } from '../helpers/test-database';

const t = useTestApp();

async function activeOverlaps(): Promise<number> {
  const [row] = await t.sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM bookings a JOIN bookings b ON a.id < b.id AND a.occupied && b.occupied
     WHERE a.status IN ('pending','confirmed') AND b.status IN ('pending','confirmed')`,
  );
  return row!.n;
}

describe('a burst of requests for one slot', () => {
  it('gives exactly one 201 and 49 x 409 for 50 concurrent requests', async () => {
    const body = bookingRequest({ date: openDay(0), time: '10:00' });
    const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => book(t, { ...body, firstName: `P${i}` })));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json()).toEqual({ code: 'SLOT_TAKEN', message: SLOT_TAKEN });
    expect(await activeOverlaps()).toBe(0);
  });

  it('refuses concurrent partial overlaps: of 10:00, 10:30, 11:00 and 11:30 (60 min + 30 buffer) at most two fit', async () => {
    const date = openDay(1);
    const answers = await Promise.all(
      ['10:00', '10:30', '11:00', '11:30', '10:00', '11:30'].map((time) => book(t, bookingRequest({ date, time }))),
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
    const server = startServerProcess({ DATABASE_URL: url, MAIL_WORKER_ENABLED: 'false' });
    servers.push(server.child);
    return server.ready;
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
    // Two server processes start first: seconds each on a loaded 2-core machine.
  }, 120_000);
});

// Only a PostgreSQL server has several processes (PGlite's folder is one process's: startup.test.ts). Moved here
// from startup.test.ts (issue 42), which runs on PGlite only.
describe.runIf(backend === 'postgres')('first start of several processes on one empty PostgreSQL database', () => {
  const silent = { info: () => {}, warn: () => {} };

  it('lets several processes prepare one empty database at once: one admin, one demo content, no failure', async () => {
    await withTestDatabase({ empty: true }, async (td) => {
      const config = loadConfig({
        ...TEST_ENV,
        ADMIN_USERNAME: 'therapist',
        ADMIN_PASSWORD: 'a-long-enough-password',
        ADMIN_NAME: 'Aroha',
      });
      const starts = await Promise.allSettled([1, 2, 3].map(() => prepareDatabase(td.database, config, silent)));
      expect(starts.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const [counts] = await td.database.withSession(
        async (sql) =>
          (
            await sql.query<Record<string, number>>(
              `SELECT (SELECT count(*) FROM services)::int AS services, (SELECT count(*) FROM reviews)::int AS reviews,
                      (SELECT count(*) FROM admin_users)::int AS admins`,
            )
          ).rows,
      );
      expect(counts).toEqual({ services: 4, reviews: 6, admins: 1 });
    });
  }, 120_000);
});
