// `npm run bench:api` (`[--duration 5] [--connections 20] [--no-postgres]`): the API's budget for its own overhead
// (docs/performance.md): GET /api/services serves at least half the requests per second of a bare `node:http` server
// answering the same bytes, in the same run, on PGlite and PostgreSQL. autocannon (closed loop, 20 connections), each
// after a 2 s warm-up. The availability budget at 200 req/s is bench/calendars.ts's.
import http from 'node:http';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { build, eachBackend, report, run, startServer, type Figure } from './harness';

/** Requests per second, autocannon's average over `seconds`, after a 2 s warm-up. */
async function rps(url: string, connections: number, seconds: number): Promise<number> {
  const once = (duration: number) =>
    new Promise<autocannon.Result>((resolve, reject) =>
      autocannon({ url, connections, duration }, (err, result) => (err ? reject(err as Error) : resolve(result))),
    );
  await once(2);
  const result = await once(seconds);
  if (result.non2xx > 0) throw new Error(`${url}: ${result.non2xx} answers were not 2xx`);
  return result.requests.average;
}

/** A bare node:http server answering every GET with `body`. */
async function bareServer(body: Buffer, contentType: string): Promise<{ url: string; close(): void }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': contentType, 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/api/services`, close: () => server.close() };
}

run(async () => {
  const { values } = parseArgs({
    options: {
      ...{ duration: { type: 'string' }, connections: { type: 'string' } },
      ...{ 'no-postgres': { type: 'boolean' }, 'no-build': { type: 'boolean' } },
    },
  });
  const duration = Number(values.duration ?? 5);
  const connections = Number(values.connections ?? 20);
  build();
  const figures: Figure[] = [];
  await eachBackend(async (backend) => {
    const server = await startServer({ backend });
    try {
      const url = `${server.baseUrl}/api/services`;
      const answer = await fetch(url);
      const bare = await bareServer(
        Buffer.from(await answer.arrayBuffer()),
        answer.headers.get('content-type') ?? 'application/json',
      );
      try {
        const app = await rps(url, connections, duration);
        const floor = await rps(bare.url, connections, duration);
        figures.push(
          { figure: `${backend.name}: GET /api/services`, value: app, unit: 'req/s', digits: 0 },
          { figure: `${backend.name}: the same bytes from bare node:http`, value: floor, unit: 'req/s', digits: 0 },
          {
            figure: `${backend.name}: app / bare`,
            value: (100 * app) / floor,
            unit: '%',
            budget: 50,
            atLeast: true,
            digits: 0,
          },
        );
      } finally {
        bare.close();
      }
    } finally {
      await server.stop();
    }
  });
  report(`API overhead, ${connections} connections, ${duration} s`, figures);
});
