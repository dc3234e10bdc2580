// Traffic goes to 127.0.0.1 only. Private and link-local targets are tested with loopback
// spellings or a stubbed DNS answer, and must be refused before any connection is made.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { nonPublicReason, toFetchUrl } from './address-guard';
import { OutboundFailed, OutboundRefused, guardedFetch, guardedFetcher } from './guarded-fetch';

type Seen = { path: string; method: string; headers: http.IncomingHttpHeaders };
let server: http.Server;
let port: number;
let seen: Seen[] = [];

const local = (path: string) => `http://127.0.0.1:${port}${path}`;
const stubLookup = (table: Record<string, string[]>) => async (hostname: string) => {
  const addresses = table[hostname];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
  return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
};

function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://x');
  const path = url.pathname;
  seen.push({ path, method: req.method ?? '', headers: req.headers });
  const hops = Number(url.searchParams.get('hops') ?? 0);
  if (path === '/hop') {
    const location = hops > 1 ? `/hop?hops=${hops - 1}` : '/calendar.ics';
    res.writeHead(302, { location }).end();
  } else if (path === '/to') {
    res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('url') ?? '' }).end();
  } else if (path === '/calendar.ics') {
    res.writeHead(200, { 'content-type': 'text/calendar' }).end('BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n');
  } else if (path === '/echo') {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ method: req.method }));
  } else if (path === '/not-modified') {
    res.writeHead(304, { etag: '"v1"' }).end();
  } else if (path === '/big') {
    res.writeHead(200, { 'content-length': 1000 }).end('x'.repeat(1000));
  } else if (path === '/big-chunked') {
    res.writeHead(200);
    for (let i = 0; i < 10; i++) res.write('x'.repeat(100));
    res.end();
  } else if (path === '/trickle') {
    res.writeHead(200).write('BEGIN:VCALENDAR\r\n'); // and the rest never comes
  } else if (path === '/hang') {
    // never answers
  } else {
    res.writeHead(404).end();
  }
}

beforeAll(async () => {
  server = http.createServer(answer);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  seen = [];
});

describe('toFetchUrl', () => {
  it('maps webcal:// to https:// and keeps http and https', () => {
    expect(toFetchUrl('webcal://p123-caldav.icloud.com/published/2/abc')?.href).toBe(
      'https://p123-caldav.icloud.com/published/2/abc',
    );
    expect(toFetchUrl('WEBCAL://example.com/a.ics')?.href).toBe('https://example.com/a.ics');
    expect(toFetchUrl(' http://example.com/a.ics ')?.href).toBe('http://example.com/a.ics');
  });
  it('answers null for other schemes and throws for text that is no URL', () => {
    expect(toFetchUrl('ftp://example.com/a.ics')).toBeNull();
    expect(toFetchUrl('file:///etc/passwd')).toBeNull();
    expect(() => toFetchUrl('calendar.google.com/x')).toThrow(TypeError);
  });
  it('normalises odd IPv4 spellings so the address check sees 127.0.0.1', () => {
    for (const host of ['127.1', '0x7f.0.0.1', '0x7f000001', '2130706433', '0177.0.0.1']) {
      expect(toFetchUrl(`http://${host}/`)?.hostname).toBe('127.0.0.1');
    }
  });
});

describe('nonPublicReason', () => {
  it('passes public unicast addresses', () => {
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700::1111']) expect(nonPublicReason(address)).toBeNull();
  });
  it('refuses loopback, private, link-local, unspecified, multicast, ULA, CGNAT and mapped private', () => {
    const refused = ['127.0.0.1', '::1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', 'fe80::1'];
    refused.push('0.0.0.0', '::', '224.0.0.1', 'ff02::1', 'fd00::1', '100.64.0.1', '::ffff:10.0.0.1', '::ffff:7f00:1');
    for (const address of refused) expect(nonPublicReason(address), address).not.toBeNull();
    expect(nonPublicReason('169.254.169.254')).toMatch(/link-local/);
    expect(nonPublicReason('::ffff:192.168.0.1')).toMatch(/private network/);
  });
});

describe('guardedFetch: the address check', () => {
  it('refuses loopback in every spelling by default, before connecting', async () => {
    const urls = [local('/calendar.ics'), `http://localhost:${port}/`, `http://[::1]:${port}/`];
    urls.push(`http://127.1:${port}/`, `http://0x7f000001:${port}/`, `http://2130706433:${port}/`);
    urls.push(`http://[::ffff:127.0.0.1]:${port}/`, `webcal://127.0.0.1:${port}/`);
    for (const url of urls) {
      await expect(guardedFetch(url, {}, { allowPrivate: false }), url).rejects.toThrow(OutboundRefused);
    }
    expect(seen).toEqual([]);
  });

  it('refuses a name that resolves to a private, link-local, ULA or mapped address', async () => {
    for (const address of ['10.0.0.1', '169.254.169.254', '192.168.1.1', 'fd00::1', '::ffff:10.0.0.1']) {
      const lookup = stubLookup({ 'calendar.example': [address] });
      const fetching = guardedFetch('https://calendar.example/a.ics', {}, { allowPrivate: false, lookup });
      await expect(fetching).rejects.toThrow(new RegExp(`calendar\\.example \\(${address.replace(/\./g, '\\.')}\\)`));
    }
  });

  it('refuses a name when any one of its addresses is private', async () => {
    const lookup = stubLookup({ 'calendar.example': ['93.184.216.34', '10.0.0.1'] });
    await expect(guardedFetch('https://calendar.example/', {}, { allowPrivate: false, lookup })).rejects.toThrow(
      OutboundRefused,
    );
  });

  it('fetches loopback when private addresses are allowed', async () => {
    const response = await guardedFetch(local('/calendar.ics'), {}, { allowPrivate: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/calendar');
    expect(await response.text()).toContain('BEGIN:VCALENDAR');
    expect(response.url).toBe(local('/calendar.ics'));
    const viaName = await guardedFetch(`http://localhost:${port}/calendar.ics`, {}, { allowPrivate: true });
    expect(viaName.status).toBe(200);
  });

  it('connects to the address it checked and sends the original host name', async () => {
    const lookup = stubLookup({ 'calendar.example': ['127.0.0.1'] });
    const url = `http://calendar.example:${port}/calendar.ics`;
    const response = await guardedFetch(url, {}, { allowPrivate: true, lookup });
    expect(response.status).toBe(200);
    expect(seen[0]?.headers.host).toBe(`calendar.example:${port}`);
  });

  it('refuses other schemes and text that is no address', async () => {
    await expect(guardedFetch('ftp://127.0.0.1/a.ics', {}, { allowPrivate: true })).rejects.toThrow(
      /Only http:\/\/, https:\/\/ and webcal:\/\//,
    );
    await expect(guardedFetch('not an address', {}, { allowPrivate: true })).rejects.toThrow(OutboundRefused);
    await expect(guardedFetch(`http://u:p@127.0.0.1:${port}/`, {}, { allowPrivate: true })).rejects.toThrow(
      /username or password/,
    );
  });
});

describe('guardedFetch: redirects', () => {
  // The test server on 127.0.0.1 stands in for a public host; every other address is judged as usual.
  const loopbackCountsAsPublic = (address: string) => (address === '127.0.0.1' ? null : nonPublicReason(address));
  const lookup = stubLookup({ 'calendar.example': ['127.0.0.1'], 'metadata.example': ['169.254.169.254'] });
  const guarded = { allowPrivate: false, lookup, refuseAddress: loopbackCountsAsPublic };

  it('checks each hop: a redirect to a link-local or loopback target is refused before connecting', async () => {
    const start = (to: string) => `http://calendar.example:${port}/to?url=${encodeURIComponent(to)}`;
    await expect(guardedFetch(start('http://metadata.example/latest/meta-data/'), {}, guarded)).rejects.toThrow(
      /metadata\.example \(169\.254\.169\.254\) is on a link-local network/,
    );
    await expect(guardedFetch(start(`http://[::1]:${port}/calendar.ics`), {}, guarded)).rejects.toThrow(
      /::1 is on this machine \(loopback\)/,
    );
    await expect(guardedFetch(start('ftp://calendar.example/a.ics'), {}, guarded)).rejects.toThrow(OutboundRefused);
    expect(seen.map((request) => request.path)).toEqual(['/to', '/to', '/to']);
  });

  it('follows a relative redirect to an allowed target', async () => {
    const response = await guardedFetch(`http://calendar.example:${port}/hop?hops=1`, {}, guarded);
    expect(await response.text()).toContain('BEGIN:VCALENDAR');
    expect(response.url).toBe(`http://calendar.example:${port}/calendar.ics`);
  });

  it('follows three redirects and refuses the fourth', async () => {
    const three = await guardedFetch(local('/hop?hops=3'), {}, { allowPrivate: true });
    expect(three.status).toBe(200);
    seen = [];
    await expect(guardedFetch(local('/hop?hops=4'), {}, { allowPrivate: true })).rejects.toThrow(
      /redirected more than 3 times/,
    );
    expect(seen).toHaveLength(4);
  });

  it("hands a redirect back when the caller follows it itself (redirect: 'manual')", async () => {
    const response = await guardedFetch(local('/hop?hops=1'), { redirect: 'manual' }, { allowPrivate: true });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/calendar.ics');
  });

  it('drops the credentials when a redirect leaves the origin, keeps them when it does not', async () => {
    const init = { headers: { authorization: 'Basic c2VjcmV0' } };
    const sameOrigin = local(`/to?url=${encodeURIComponent('/calendar.ics')}`);
    await guardedFetch(sameOrigin, init, { allowPrivate: true });
    expect(seen[1]?.headers.authorization).toBe('Basic c2VjcmV0');
    seen = [];
    const otherOrigin = local(`/to?url=${encodeURIComponent(`http://localhost:${port}/calendar.ics`)}`);
    await guardedFetch(otherOrigin, init, { allowPrivate: true });
    expect(seen[1]?.headers.authorization).toBeUndefined();
  });

  it('turns a 303 into a GET and keeps the method on a 307', async () => {
    const to303 = await guardedFetch(local('/to?status=303&url=/echo'), { method: 'REPORT', body: '<x/>' }, guarded);
    expect(await to303.json()).toEqual({ method: 'GET' });
    const to307 = await guardedFetch(local('/to?status=307&url=/echo'), { method: 'REPORT', body: '<x/>' }, guarded);
    expect(await to307.json()).toEqual({ method: 'REPORT' });
  });
});

describe('guardedFetch: failures', () => {
  const allowed = { allowPrivate: true };

  it('gives up on a server that never answers', async () => {
    await expect(guardedFetch(local('/hang'), {}, { ...allowed, timeoutMs: 200 })).rejects.toThrow(
      new OutboundFailed(`127.0.0.1:${port} did not answer within 0.2 s`),
    );
  });

  it('counts the time to read the body', async () => {
    await expect(guardedFetch(local('/trickle'), {}, { ...allowed, timeoutMs: 300 })).rejects.toThrow(
      /did not answer within 0.3 s/,
    );
  });

  it('refuses a body over the limit, declared or counted', async () => {
    await expect(guardedFetch(local('/big'), {}, { ...allowed, maxBytes: 500 })).rejects.toThrow(
      /is larger than 500 bytes/,
    );
    await expect(guardedFetch(local('/big-chunked'), {}, { ...allowed, maxBytes: 500 })).rejects.toThrow(
      OutboundFailed,
    );
    expect(await (await guardedFetch(local('/big'), {}, { ...allowed, maxBytes: 1000 })).text()).toHaveLength(1000);
  });

  it('names a closed port, an unknown name and a 304 passes with no body', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    await expect(guardedFetch(`http://127.0.0.1:${closedPort}/`, {}, allowed)).rejects.toThrow(
      /refused the connection/,
    );
    const lookup = stubLookup({});
    await expect(guardedFetch('https://nowhere.example/', {}, { ...allowed, lookup })).rejects.toThrow(
      new OutboundFailed('nowhere.example was not found (no such name)'),
    );
    const notModified = await guardedFetch(local('/not-modified'), {}, allowed);
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('etag')).toBe('"v1"');
  });
});

describe('guardedFetcher', () => {
  it('takes a string, a URL or a Request, like fetch', async () => {
    const fetcher = guardedFetcher({ allowPrivate: true });
    expect((await fetcher(local('/calendar.ics'))).status).toBe(200);
    expect((await fetcher(new URL(local('/calendar.ics')))).status).toBe(200);
    const request = new Request(local('/echo'), { method: 'PROPFIND', body: '<x/>' });
    expect(await (await fetcher(request)).json()).toEqual({ method: 'PROPFIND' });
    await expect(guardedFetcher({ allowPrivate: false })(local('/'))).rejects.toThrow(OutboundRefused);
  });
});

describe('guardedFetch: TLS', () => {
  let tlsServer: https.Server | undefined;
  let tlsPort = 0;
  const servernames: string[] = [];
  const certDir = fs.mkdtempSync(path.join(os.tmpdir(), 'guarded-fetch-tls-'));

  beforeAll(async () => {
    // A self-signed certificate for calendar.example; skipped where openssl is missing.
    try {
      execFileSync(
        'openssl',
        [
          ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1'],
          ...['-subj', '/CN=calendar.example', '-keyout', path.join(certDir, 'key.pem')],
          ...['-out', path.join(certDir, 'cert.pem')],
        ],
        { stdio: 'ignore' },
      );
    } catch {
      return;
    }
    tlsServer = https.createServer({
      key: fs.readFileSync(path.join(certDir, 'key.pem')),
      cert: fs.readFileSync(path.join(certDir, 'cert.pem')),
      SNICallback: (servername, callback) => {
        servernames.push(servername);
        callback(null);
      },
    });
    await new Promise<void>((resolve) => tlsServer?.listen(0, '127.0.0.1', resolve));
    tlsPort = (tlsServer.address() as AddressInfo).port;
  });
  afterAll(async () => {
    if (tlsServer) await new Promise((resolve) => tlsServer?.close(resolve));
    fs.rmSync(certDir, { recursive: true, force: true });
  });

  it('sends the original host name in TLS (SNI) to the pinned address, and names a certificate failure', async (context) => {
    if (!tlsServer) return context.skip('openssl not found');
    const lookup = stubLookup({ 'calendar.example': ['127.0.0.1'] });
    await expect(
      guardedFetch(`https://calendar.example:${tlsPort}/a.ics`, {}, { allowPrivate: true, lookup }),
    ).rejects.toThrow(/^The secure connection \(TLS\) to calendar\.example:\d+ failed: self[- ]signed certificate/);
    expect(servernames).toEqual(['calendar.example']);
  });
});
