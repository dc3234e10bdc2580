/**
 * The server stops on SIGTERM whatever became of the process reading its log (src/server/log-destination.ts):
 * its reader gone (a crashed log collector, a closed terminal) or alive but no longer reading (the pipe full).
 * Before, pino's flush at exit retried the failed write for ever, and the server was still running 42 s later.
 * PGlite only: the database plays no part, and one backend is enough.
 */
import fs from 'node:fs';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { describe, expect, inject, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../helpers/server-process';
import { backend } from '../helpers/test-database';

/** src/server/main.ts's SHUTDOWN_TIMEOUT_MS: a clean stop must come well before its forced exit (code 1). */
const SHUTDOWN_TIMEOUT_MS = 10_000;

async function withServer(run: (server: ServerProcess) => Promise<void>): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'hv-shutdown-'));
  // The suite's migrated database: the server starts in seconds rather than creating one.
  fs.cpSync(inject('pgliteTemplate'), path.join(dataDir, 'pglite'), { recursive: true });
  const server = startServerProcess({ DATA_DIR: dataDir, DATABASE_URL: '' });
  try {
    await run(server);
  } finally {
    server.child.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** SIGTERM; the exit code and how long it took, or 'still running' once the shutdown timeout has passed. */
async function stop(server: ServerProcess): Promise<{ code: number | null | 'still running'; ms: number }> {
  const started = Date.now();
  const exited = new Promise<number | null>((resolve) => server.child.on('exit', (code) => resolve(code)));
  server.child.kill('SIGTERM');
  const code = await Promise.race([
    exited,
    new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), SHUTDOWN_TIMEOUT_MS + 2_000)),
  ]);
  return { code, ms: Date.now() - started };
}

describe.runIf(backend === 'pglite')('SIGTERM without a log reader', { timeout: 120_000 }, () => {
  it('exits 0 within the shutdown timeout when the process reading stdout and stderr has gone', async () => {
    await withServer(async (server) => {
      await server.ready;
      // The reader goes: the read ends of both pipes are closed, so every write gets EPIPE.
      server.child.stdout.destroy();
      server.child.stderr.destroy();
      const { code, ms } = await stop(server);
      expect(code).toBe(0);
      expect(ms).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    });
  });

  it('serves and exits 0 when the reader stops reading and the pipe fills up', async () => {
    await withServer(async (server) => {
      const url = await server.ready;
      const requestLines = () =>
        server
          .output()
          .split('\n')
          .filter((l) => l.includes('"msg":"request"')).length;
      const before = requestLines();
      server.child.stdout.pause();
      // A thousand request lines, about 170 kB: more than the pipe and the paused reader hold.
      const requests = 1000;
      for (let round = 0; round < requests / 25; round++) {
        const answers = await Promise.all(Array.from({ length: 25 }, () => fetch(`${url}/api/services`)));
        expect(answers.map((a) => a.status)).toEqual(Array(25).fill(200));
        await Promise.all(answers.map((a) => a.arrayBuffer()));
      }
      const { code, ms } = await stop(server);
      expect(code).toBe(0);
      expect(ms).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
      // The pipe was full: reading what it holds now, some of the lines were still waiting in the server.
      server.child.stdout.resume();
      await finished(server.child.stdout);
      expect(requestLines() - before).toBeGreaterThan(0);
      expect(requestLines() - before).toBeLessThan(requests);
    });
  });
});
