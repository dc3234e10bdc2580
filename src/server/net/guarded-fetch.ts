// fetch for addresses the admin typed (her calendars): only public internet hosts, checked on
// every redirect hop, connected to by the address that was checked, with a time and size limit.
import dns from 'node:dns';
import net from 'node:net';
import { Agent, fetch as undiciFetch, type RequestInit as UndiciRequestInit } from 'undici';
import { bareHostname, nonPublicReason, toFetchUrl } from './address-guard';

type ResolvedAddress = { address: string; family: number };

export interface GuardedFetchOptions {
  /** CALENDAR_ALLOW_PRIVATE_URLS=true: a home server whose calendar lives on the same network. */
  allowPrivate: boolean;
  /** The whole request, redirects and body included. Default 10 s. */
  timeoutMs?: number;
  /** The body's size once decoded. Default 10 MB. */
  maxBytes?: number;
  /** Default 3. */
  maxRedirects?: number;
  /** DNS, stubbed by tests. Default: dns.promises.lookup(hostname, { all: true }). */
  lookup?: (hostname: string) => Promise<ResolvedAddress[]>;
  /** Why an address may not be reached, or null. Default nonPublicReason; tests loosen it. */
  refuseAddress?: (address: string) => string | null;
}

/** The address is not one this server fetches: the admin must change it. */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

/** The address is allowed but the fetch failed (DNS, connection, TLS, time, size): may pass. */
export class OutboundFailed extends Error {
  override name = 'OutboundFailed';
}

const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 10 * 1024 * 1024;
const DEFAULT_MAX_REDIRECTS = 3;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
// Statuses whose Response may not have a body (the Response constructor throws otherwise).
const NULL_BODY_STATUSES = new Set([204, 205, 304]);

const systemLookup = (hostname: string) => dns.promises.lookup(hostname, { all: true });

export async function guardedFetch(url: string, init: RequestInit, options: GuardedFetchOptions): Promise<Response> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const timeout = AbortSignal.timeout(timeoutMs);
  const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
  let target = parseTarget(url);
  // Each host's checked addresses; the agent connects only to these (no second DNS answer).
  const pinned = new Map<string, ResolvedAddress[]>();
  const agent = pinnedAgent(pinned);
  try {
    let request = { method: init.method ?? 'GET', headers: new Headers(init.headers), body: init.body };
    for (let redirects = 0; ; redirects++) {
      pinned.set(target.hostname, await abortable(vetTarget(target, options), signal));
      const response = await undiciFetch(target, {
        ...init,
        ...(request as UndiciRequestInit),
        redirect: 'manual',
        signal,
        dispatcher: agent,
      });
      const location = REDIRECT_STATUSES.has(response.status) ? response.headers.get('location') : null;
      // 'manual' is the caller's to follow (tsdav's service discovery reads the Location itself);
      // its next request comes through the guard again.
      if (location === null || init.redirect === 'manual') {
        return await bufferedResponse(response, target, options.maxBytes ?? DEFAULT_MAX_BYTES);
      }
      if (init.redirect === 'error') throw new OutboundFailed(`${target.host} answered with a redirect`);
      await response.body?.cancel();
      if (redirects >= (options.maxRedirects ?? DEFAULT_MAX_REDIRECTS)) {
        throw new OutboundRefused(
          `${hostOf(url)} redirected more than ${options.maxRedirects ?? DEFAULT_MAX_REDIRECTS} times`,
        );
      }
      const next = parseTarget(new URL(location, target).href);
      request = redirectedRequest(request, response.status, next.origin !== target.origin);
      target = next;
    }
  } catch (error) {
    throw describeFailure(error, target, timeout, timeoutMs);
  } finally {
    agent.destroy().catch(() => {});
  }
}

/** A fetch with the guard baked in, the signature tsdav's `fetch` option takes (typeof fetch). */
export function guardedFetcher(options: GuardedFetchOptions): typeof fetch {
  return async (input, init) => {
    if (typeof input === 'string' || input instanceof URL) return guardedFetch(String(input), init ?? {}, options);
    const body = input.method === 'GET' || input.method === 'HEAD' ? undefined : await input.arrayBuffer();
    const fromRequest: RequestInit = { method: input.method, headers: input.headers, body, signal: input.signal };
    return guardedFetch(input.url, { ...fromRequest, ...init }, options);
  };
}

function parseTarget(url: string): URL {
  let parsed: URL | null;
  try {
    parsed = toFetchUrl(url);
  } catch {
    throw new OutboundRefused(`"${url}" is not a web address`);
  }
  if (!parsed) throw new OutboundRefused(`Only http://, https:// and webcal:// addresses are fetched, not "${url}"`);
  if (parsed.username || parsed.password) {
    throw new OutboundRefused('The address must not contain a username or password before the host');
  }
  return parsed;
}

/** The addresses to connect to for `url`, each one checked: an IP literal as written, a name as resolved. */
async function vetTarget(url: URL, options: GuardedFetchOptions): Promise<ResolvedAddress[]> {
  const host = bareHostname(url);
  const family = net.isIP(host);
  const addresses = family ? [{ address: host, family }] : await resolve(host, options.lookup ?? systemLookup);
  if (options.allowPrivate) return addresses;
  const refuse = options.refuseAddress ?? nonPublicReason;
  for (const { address } of addresses) {
    const reason = refuse(address);
    // Any bad answer refuses the host: a name that resolves to a public and a private address
    // could otherwise be connected to the private one.
    if (reason !== null) {
      const shown = family ? host : `${host} (${address})`;
      throw new OutboundRefused(`${shown} is on ${reason}; only public internet addresses are fetched`);
    }
  }
  return addresses;
}

async function resolve(host: string, lookup: NonNullable<GuardedFetchOptions['lookup']>) {
  let addresses: ResolvedAddress[];
  try {
    addresses = await lookup(host);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') throw new OutboundFailed(`${host} was not found (no such name)`);
    throw new OutboundFailed(`Could not look up ${host} (${code ?? String(error)})`);
  }
  if (addresses.length === 0) throw new OutboundFailed(`${host} was not found (no such name)`);
  return addresses;
}

/** An undici agent whose DNS is the map of checked addresses, so a rebinding DNS cannot swap them. */
function pinnedAgent(pinned: Map<string, ResolvedAddress[]>): Agent {
  return new Agent({
    connect: {
      lookup(hostname, lookupOptions, callback) {
        const addresses = pinned.get(hostname);
        if (!addresses?.[0]) {
          callback(new OutboundRefused(`${hostname} was not checked before connecting`), '', 0);
        } else if (lookupOptions.all) {
          callback(null, addresses);
        } else {
          callback(null, addresses[0].address, addresses[0].family);
        }
      },
    },
  });
}

/** What the fetch spec does on a redirect: 303 (and 301/302 after POST) turns into a body-less GET,
 * and the credentials stay behind when the redirect leaves the origin. */
function redirectedRequest(
  request: { method: string; headers: Headers; body: RequestInit['body'] },
  status: number,
  crossOrigin: boolean,
) {
  const headers = new Headers(request.headers);
  if (crossOrigin) for (const name of ['authorization', 'cookie', 'proxy-authorization']) headers.delete(name);
  const toGet =
    (status === 303 && request.method !== 'HEAD') || ((status === 301 || status === 302) && request.method === 'POST');
  if (!toGet) return { ...request, headers };
  for (const name of ['content-type', 'content-length', 'content-encoding', 'content-language']) headers.delete(name);
  return { method: 'GET', headers, body: undefined };
}

/** The response with its body read here, under the size limit, so the caller can .text() it. */
async function bufferedResponse(response: Awaited<ReturnType<typeof undiciFetch>>, url: URL, maxBytes: number) {
  const tooLarge = () => new OutboundFailed(`The answer from ${url.host} is larger than ${formatBytes(maxBytes)}`);
  if (Number(response.headers.get('content-length')) > maxBytes) {
    await response.body?.cancel();
    throw tooLarge();
  }
  const chunks: Uint8Array[] = [];
  let total = 0;
  if (response.body) {
    for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
      total += chunk.byteLength;
      if (total > maxBytes) throw tooLarge(); // leaving the loop cancels the stream
      chunks.push(chunk);
    }
  }
  const headers = new Headers();
  // undici has already decoded gzip/br: the encoding and length headers no longer describe the body.
  for (const [name, value] of response.headers) {
    if (name !== 'content-encoding' && name !== 'content-length') headers.append(name, value);
  }
  const body = NULL_BODY_STATUSES.has(response.status) ? null : Buffer.concat(chunks);
  const buffered = new Response(body, { status: response.status, statusText: response.statusText, headers });
  Object.defineProperty(buffered, 'url', { value: url.href });
  return buffered;
}

/** Rejects with the signal's reason once it aborts (DNS lookups take no signal). */
function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  signal.throwIfAborted();
  return new Promise<T>((resolvePromise, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolvePromise, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** A human, specific error for a failed fetch; OutboundRefused/OutboundFailed pass unchanged. */
function describeFailure(error: unknown, url: URL, timeout: AbortSignal, timeoutMs: number): unknown {
  if (error instanceof OutboundRefused || error instanceof OutboundFailed) return error;
  const host = url.host;
  if (timeout.aborted) return new OutboundFailed(`${host} did not answer within ${formatSeconds(timeoutMs)}`);
  if (!(error instanceof Error) || error.name === 'AbortError') return error; // the caller's own abort
  const cause = (error.cause ?? error) as Error & { code?: string; errors?: { code?: string }[] };
  if (cause instanceof OutboundRefused || cause instanceof OutboundFailed) return cause;
  const code = cause.code ?? cause.errors?.[0]?.code ?? '';
  const failed = (message: string) => new OutboundFailed(message, { cause: error });
  if (code === 'ECONNREFUSED') return failed(`${host} refused the connection`);
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') {
    return failed(`${host} closed the connection before answering`);
  }
  if (code === 'ETIMEDOUT' || (code.startsWith('UND_ERR_') && code.includes('TIMEOUT'))) {
    return failed(`${host} did not answer in time`);
  }
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') return failed(`${host} cannot be reached from this server`);
  if (/CERT|TLS|SSL|SIGNATURE/i.test(code) || /certificate|tls|ssl/i.test(cause.message)) {
    return failed(`The secure connection (TLS) to ${host} failed: ${cause.message}`);
  }
  return failed(`Could not fetch from ${host}: ${cause.message}`);
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}

function formatSeconds(ms: number): string {
  return `${Number((ms / 1000).toFixed(1))} s`;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} kB`;
  return `${bytes} bytes`;
}
