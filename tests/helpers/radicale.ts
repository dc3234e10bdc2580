/**
 * A throw-away Radicale (a real CalDAV server, Debian's `radicale` package) on a free 127.0.0.1
 * port: its own temp dir for config, users and collections, one user with a generated password,
 * and one empty calendar. Local runs skip the tests that need it when it is missing
 * (radicaleMissingReason); CI requires it (.ci/run installs it).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface Radicale {
  /** The server's root, e.g. http://127.0.0.1:5232/ */
  url: string;
  username: string;
  password: string;
  /** The one calendar collection, with a trailing slash. */
  calendarUrl: string;
  /** PUT (create or replace) `<uid>.ics` in the calendar. */
  putEvent(uid: string, icsText: string): Promise<void>;
  deleteEvent(uid: string): Promise<void>;
  close(): Promise<void>;
}

function findRadicale(): string | null {
  const candidates = [
    process.env.RADICALE_BIN,
    ...(process.env.PATH ?? '').split(path.delimiter).map((dir) => dir && path.join(dir, 'radicale')),
  ];
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // not this one
    }
  }
  return null;
}

/** Why the Radicale tests cannot run here, or null when they can. On CI a missing Radicale is an error. */
export function radicaleMissingReason(): string | null {
  if (findRadicale()) return null;
  const reason = 'radicale not found on PATH (apt-get install radicale, or set RADICALE_BIN)';
  if (process.env.CI) throw new Error(`Radicale is required on CI for the CalDAV tests: ${reason}`);
  return reason;
}

export async function startRadicale(): Promise<Radicale> {
  const binary = findRadicale();
  if (!binary) throw new Error(`radicale: ${radicaleMissingReason()}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'homevisit-radicale-'));
  const username = 'therapist';
  const password = crypto.randomBytes(12).toString('hex');
  fs.writeFileSync(path.join(dir, 'users'), `${username}:${password}\n`);

  // A free port can be taken between picking and binding: try a few.
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = await freePort();
    const child = spawnRadicale(binary, dir, port);
    try {
      const url = `http://127.0.0.1:${port}/`;
      await waitUntilAnswering(url, child);
      return await withCalendar(url, username, password, child, dir);
    } catch (error) {
      lastError = error;
      await stop(child);
    }
  }
  fs.rmSync(dir, { recursive: true, force: true });
  throw lastError;
}

function spawnRadicale(binary: string, dir: string, port: number): ChildProcess & { output: string } {
  const config = [
    '[server]',
    `hosts = 127.0.0.1:${port}`,
    '[auth]',
    'type = htpasswd',
    `htpasswd_filename = ${path.join(dir, 'users')}`,
    'htpasswd_encryption = plain',
    // A wrong password is answered at once (the default waits a second).
    'delay = 0',
    '[rights]',
    'type = owner_only',
    '[storage]',
    `filesystem_folder = ${path.join(dir, 'collections')}`,
    '[web]',
    'type = none',
    '[logging]',
    'level = warning',
  ].join('\n');
  const configFile = path.join(dir, `config-${port}`);
  fs.writeFileSync(configFile, `${config}\n`);
  const child = Object.assign(spawn(binary, ['-C', configFile], { stdio: ['ignore', 'pipe', 'pipe'] }), {
    output: '',
  });
  const keep = (chunk: Buffer) => (child.output = (child.output + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return child;
}

async function waitUntilAnswering(url: string, child: ChildProcess & { output: string }): Promise<void> {
  const until = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`radicale exited (${child.exitCode}):\n${child.output}`);
    try {
      // Any answer (401 without credentials) means it is up.
      await fetch(url, { method: 'OPTIONS' });
      return;
    } catch {
      if (Date.now() > until) throw new Error(`radicale did not answer on ${url} within 15 s:\n${child.output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

async function withCalendar(
  url: string,
  username: string,
  password: string,
  child: ChildProcess,
  dir: string,
): Promise<Radicale> {
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
  const calendarUrl = `${url}${username}/work/`;
  const request = async (target: string, init: RequestInit, expected: number[]) => {
    const response = await fetch(target, { ...init, headers: { authorization, ...init.headers } });
    const text = await response.text();
    if (!expected.includes(response.status)) {
      throw new Error(`radicale: ${init.method} ${target} answered ${response.status}: ${text}`);
    }
  };
  const mkcalendar = `<?xml version="1.0" encoding="utf-8"?>
<C:mkcalendar xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
  <D:set><D:prop>
    <D:displayname>Work</D:displayname>
    <C:supported-calendar-component-set><C:comp name="VEVENT"/></C:supported-calendar-component-set>
  </D:prop></D:set>
</C:mkcalendar>`;
  await request(
    calendarUrl,
    { method: 'MKCALENDAR', body: mkcalendar, headers: { 'content-type': 'application/xml' } },
    [201],
  );
  const eventUrl = (uid: string) => `${calendarUrl}${encodeURIComponent(uid)}.ics`;
  return {
    url,
    username,
    password,
    calendarUrl,
    putEvent: (uid, icsText) =>
      request(
        eventUrl(uid),
        { method: 'PUT', body: icsText, headers: { 'content-type': 'text/calendar' } },
        [201, 204],
      ),
    deleteEvent: (uid) => request(eventUrl(uid), { method: 'DELETE' }, [200, 204]),
    close: async () => {
      await stop(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
