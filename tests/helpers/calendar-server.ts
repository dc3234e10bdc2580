/**
 * A stand-in for Google/iCloud/Outlook's published calendars on 127.0.0.1: files with an ETag and
 * Last-Modified (answered 304 to a matching conditional GET), error statuses, a server that
 * never answers, redirects. Fetch it with guardedFetcher({ allowPrivate: true }).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CalendarFileOptions {
  /** Default 'text/calendar; charset=utf-8'. */
  contentType?: string;
  /** As sent, quotes included (e.g. '"v1"'). */
  etag?: string;
  /** An HTTP date (new Date().toUTCString()). */
  lastModified?: string;
  /** Answer only after this many milliseconds: a slow calendar host, so a sync holds its lease a while. */
  delayMs?: number;
}

export interface CalendarServerRequest {
  path: string;
  method: string;
  headers: http.IncomingHttpHeaders;
}

export interface CalendarServer {
  /** The absolute http:// URL of a path ('/a.ics'). */
  url(path: string): string;
  setFile(path: string, body: string, options?: CalendarFileOptions): void;
  /** Answer `status` with a short text body (500, 404, 401...). */
  setDown(path: string, status: number): void;
  /** Accept the request and never answer. */
  setHang(path: string): void;
  /** 302 to `to` (a path on this server or an absolute URL). */
  setRedirect(from: string, to: string, status?: number): void;
  /** Every request so far, oldest first (clear it with `requests.length = 0`). */
  requests: CalendarServerRequest[];
  close(): Promise<void>;
}

type Route =
  | { kind: 'file'; body: string; options: CalendarFileOptions }
  | { kind: 'down'; status: number }
  | { kind: 'hang' }
  | { kind: 'redirect'; to: string; status: number };

export async function startCalendarServer(): Promise<CalendarServer> {
  const routes = new Map<string, Route>();
  const requests: CalendarServerRequest[] = [];

  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    requests.push({ path, method: req.method ?? 'GET', headers: req.headers });
    const route = routes.get(path);
    if (!route) return void res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
    if (route.kind === 'hang') return;
    if (route.kind === 'down') return void res.writeHead(route.status, { 'content-type': 'text/plain' }).end('Failed');
    if (route.kind === 'redirect') return void res.writeHead(route.status, { location: route.to }).end();
    const { body, options } = route;
    const headers: http.OutgoingHttpHeaders = { 'content-type': options.contentType ?? 'text/calendar; charset=utf-8' };
    if (options.etag) headers.etag = options.etag;
    if (options.lastModified) headers['last-modified'] = options.lastModified;
    const answer = () => {
      if (notModified(req.headers, options)) return void res.writeHead(304, headers).end();
      res.writeHead(200, headers).end(body);
    };
    if (options.delayMs) setTimeout(answer, options.delayMs);
    else answer();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    setFile: (path, body, options = {}) => void routes.set(path, { kind: 'file', body, options }),
    setDown: (path, status) => void routes.set(path, { kind: 'down', status }),
    setHang: (path) => void routes.set(path, { kind: 'hang' }),
    setRedirect: (from, to, status = 302) => void routes.set(from, { kind: 'redirect', to, status }),
    requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** RFC 9110 §13.1: If-None-Match wins over If-Modified-Since. */
function notModified(headers: http.IncomingHttpHeaders, file: CalendarFileOptions): boolean {
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch !== undefined) {
    if (!file.etag) return false;
    const weakless = (tag: string) => tag.trim().replace(/^W\//, '');
    return ifNoneMatch === '*' || ifNoneMatch.split(',').some((tag) => weakless(tag) === weakless(file.etag ?? ''));
  }
  const ifModifiedSince = headers['if-modified-since'];
  if (ifModifiedSince !== undefined && file.lastModified) {
    return Date.parse(file.lastModified) <= Date.parse(ifModifiedSince);
  }
  return false;
}
