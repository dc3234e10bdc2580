/**
 * Asking an OpenStreetMap server (Nominatim, Photon, OSRM, Valhalla) politely: their public servers' usage policies
 * allow at most one request a second and ask for a User-Agent that names the site. Every request to a host takes the
 * next free one-second slot of that host's queue, in the order asked; a caller that would wait too long (an address
 * suggestion while a visitor types) gives up its turn instead of taking a slot. Never throws.
 */

/** The public servers' limit is one request a second per host; the margin covers the network's jitter on arrival. */
export const OSM_REQUEST_INTERVAL_MS = 1100;
export const OSM_TIMEOUT_MS = 5000;

export class QueueFullError extends Error {
  constructor(host: string, waitMs: number) {
    super(`${host} is busy: the next free turn is in ${waitMs} ms`);
    this.name = 'QueueFullError';
  }
}

export interface HostQueue {
  /**
   * Runs `task` in the host's next free slot. With `maxWaitMs`, throws QueueFullError at once (taking no slot) when
   * that slot is further away.
   */
  run<T>(host: string, task: () => Promise<T>, options?: { maxWaitMs?: number }): Promise<T>;
}

export function createHostQueue(
  intervalMs = OSM_REQUEST_INTERVAL_MS,
  now: () => number = Date.now,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): HostQueue {
  /** When each host's next free slot starts. */
  const nextSlot = new Map<string, number>();
  return {
    async run(host, task, options) {
      const at = now();
      const slot = Math.max(at, nextSlot.get(host) ?? 0);
      if (options?.maxWaitMs !== undefined && slot - at > options.maxWaitMs) throw new QueueFullError(host, slot - at);
      nextSlot.set(host, slot + intervalMs);
      // A timer may fire a few ms early by the wall clock: wait out the rest, never ask early.
      for (let wait = slot - at; wait > 0; wait = slot - now()) await sleep(wait);
      return task();
    },
  };
}

export type OsmFetch =
  | { ok: true; status: number; body: unknown }
  /** An HTTP error with its JSON body when it had one (OSRM and Valhalla explain a refusal in it). */
  | { ok: false; status: number; body: unknown }
  | { ok: false; err: string };

export interface OsmRequest {
  url: URL;
  userAgent: string;
  timeoutMs: number;
  /** A JSON body to POST (Valhalla); GET without it. */
  json?: unknown;
}

/** A failed request described for a log line. */
export const osmFailure = (r: Exclude<OsmFetch, { ok: true }>): string => ('status' in r ? `HTTP ${r.status}` : r.err);

/** One request for JSON with the site's User-Agent. */
export async function fetchOsmJson(request: OsmRequest): Promise<OsmFetch> {
  const { url, userAgent, timeoutMs, json } = request;
  try {
    const res = await fetch(url, {
      method: json === undefined ? 'GET' : 'POST',
      signal: AbortSignal.timeout(timeoutMs),
      headers: {
        accept: 'application/json',
        'user-agent': userAgent,
        ...(json === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await res.text();
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      if (res.ok) return { ok: false, err: 'answer is not JSON' };
    }
    return res.ok ? { ok: true, status: res.status, body } : { ok: false, status: res.status, body };
  } catch (err) {
    const e = err as Error;
    const timedOut = e.name === 'TimeoutError' || e.name === 'AbortError';
    return { ok: false, err: timedOut ? `no answer within ${timeoutMs} ms` : e.message };
  }
}

/** 'Homevisit (https://her-site.nz)': what the servers are told when MAPS_USER_AGENT is not set. */
export function defaultUserAgent(publicUrl: string): string {
  return `Homevisit (${publicUrl})`;
}
