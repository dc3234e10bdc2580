// Timing GETs one at a time over a kept-alive connection, and signing in, for the benches that measure
// admin calls (calendar-sync.ts, clients-search.ts).
import http from 'node:http';
import { performance } from 'node:perf_hooks';

/** `count` GETs one after another (after a tenth as many untimed), each timed to its last byte. */
export async function timedGets(url: string, headers: Record<string, string>, count: number): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const target = new URL(url);
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const t0 = performance.now();
      http
        .get(
          { agent, host: target.hostname, port: target.port, path: target.pathname + target.search, headers },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () => {
              const ms = performance.now() - t0;
              if (res.statusCode !== 200)
                reject(new Error(`GET ${url} answered ${res.statusCode}: ${Buffer.concat(chunks).toString()}`));
              else resolve(ms);
            });
          },
        )
        .on('error', reject);
    });
  for (let i = 0; i < Math.ceil(count / 10); i++) await once();
  const samples: number[] = [];
  for (let i = 0; i < count; i++) samples.push(await once());
  agent.destroy();
  return samples.sort((a, b) => a - b);
}

/** The session cookie ('hv_session=...') of a sign-in with `credentials`. */
export async function signInCookie(
  baseUrl: string,
  credentials: { username: string; password: string },
): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`sign-in answered ${res.status}: ${body}`);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('hv_session='));
  if (!cookie) throw new Error('no hv_session cookie after sign-in');
  return cookie.split(';')[0]!;
}
