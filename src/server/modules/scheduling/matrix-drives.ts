/**
 * Drives between visits from a road server's matrix (Google's Distance Matrix, an OpenStreetMap
 * router's table): a `DriveSource` (drive-source.ts) whose `prefetch` asks the server for every
 * directed pair among a day's places that it does not hold yet, in as few requests as its limits
 * allow, and whose `lookup` reads those answers. A pair the server could not answer (no route,
 * refused, down, too slow, its queue too long) is not remembered as the server's: `lookup` gives
 * the fallback (the offline estimate) and the pair is asked again after a short pause. Each server
 * says only how one request is asked and read (`AskMatrix`).
 */
import { createExpiringCache } from '../travel/google-provider';
import type { LatLon } from '../travel/place-names';
import type { TravelLogger } from '../travel/travel-provider';
import { drivePairKey } from './drive-estimate';
import type { Drive, DriveLookup } from './route-rule';

export type MatrixLimits = { origins: number; destinations: number; elements: number };

/** What one request gave: `cells[a][b]` is the drive from origin a to destination b, null when none. */
export interface MatrixAnswer {
  cells: ReadonlyArray<ReadonlyArray<Drive | null>> | null;
  /** Why there are no cells (or some are null), for the log. */
  reason: string | null;
}

/** One request to the server; never throws for a refusal or a failure (it says so in `reason`). */
export type AskMatrix = (origins: readonly LatLon[], destinations: readonly LatLon[]) => Promise<MatrixAnswer>;

/** As the offline drive cache (drive-estimate.ts): a long-running server's memory stays bounded. */
const DEFAULT_MAX_PAIRS = 10_000;

export interface MatrixDriveSourceOptions {
  name: 'google' | 'osm';
  ask: AskMatrix;
  limits: MatrixLimits;
  /** A request's round trip counted in elements when choosing a plan. */
  requestCost: number;
  /** The drive when the server has no answer for a pair (the offline estimate). */
  fallback: DriveLookup;
  /** How long the server's answer for a pair is reused. */
  ttlMs: number;
  /** A failed pair waits this long before the server is asked again (an outage must not slow every call). */
  retryAfterMs: number;
  /** Pairs remembered; the oldest goes when full. */
  maxEntries?: number;
  now?: () => number;
  log?: TravelLogger;
  /** The log line when some pairs could not be answered. */
  failureMessage: string;
}

/** Structurally a DriveSource (drive-source.ts imports this module, so the type is not imported back). */
export interface MatrixDriveSource {
  name: 'google' | 'osm';
  /** As DriveSource.prefetch: all pairs among `points`, or with `around` only its pairs with each point. */
  prefetch(points: readonly LatLon[], around?: LatLon): Promise<void>;
  lookup: DriveLookup;
  /** Answers held, for tests and metrics. */
  size(): number;
  forget(): void;
}

/** One request: indexes of the origins and destinations among the points asked about. */
export interface MatrixRequest {
  origins: number[];
  destinations: number[];
}

const chunk = <T>(items: readonly T[], size: number): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

const pairId = (origin: number, destination: number) => `${origin}>${destination}`;

/**
 * Rectangles: destinations in chunks, each with as many of the origins that need them as the
 * element limit allows. Few requests; may pay for a few pairs not needed (the diagonal, pairs
 * already held), which are kept anyway. The plan for a day seen for the first time.
 */
function gridPlan(pairs: ReadonlyArray<readonly [number, number]>, limits: MatrixLimits): MatrixRequest[] {
  const wanted = new Set(pairs.map(([o, d]) => pairId(o, d)));
  const ascending = (a: number, b: number) => a - b;
  const origins = [...new Set(pairs.map(([o]) => o))].sort(ascending);
  const destinations = [...new Set(pairs.map(([, d]) => d))].sort(ascending);
  const plan: MatrixRequest[] = [];
  for (const dests of chunk(destinations, Math.min(limits.destinations, limits.elements))) {
    const needing = origins.filter((o) => dests.some((d) => wanted.has(pairId(o, d))));
    const originsPerRequest = Math.max(1, Math.min(limits.origins, Math.floor(limits.elements / dests.length)));
    for (const group of chunk(needing, originsPerRequest)) {
      plan.push({ origins: group, destinations: dests.filter((d) => group.some((o) => wanted.has(pairId(o, d)))) });
    }
  }
  return plan;
}

/**
 * Lines: repeatedly the origin (one row) or destination (one column) with the most pairs still
 * needed. Pays for exactly the pairs needed; the plan when one new place joins a known day
 * (its row and its column: two requests).
 */
function linePlan(pairs: ReadonlyArray<readonly [number, number]>, limits: MatrixLimits): MatrixRequest[] {
  const byOrigin = new Map<number, Set<number>>();
  const byDestination = new Map<number, Set<number>>();
  for (const [o, d] of pairs) {
    if (!byOrigin.has(o)) byOrigin.set(o, new Set());
    if (!byDestination.has(d)) byDestination.set(d, new Set());
    byOrigin.get(o)!.add(d);
    byDestination.get(d)!.add(o);
  }
  const largest = (lines: Map<number, Set<number>>) =>
    [...lines].reduce<[number, Set<number>] | null>(
      (best, line) => (!best || line[1].size > best[1].size ? line : best),
      null,
    );
  const plan: MatrixRequest[] = [];
  for (;;) {
    const row = largest(byOrigin);
    const column = largest(byDestination);
    if (!row || !column) return plan;
    const asRow = row[1].size >= column[1].size;
    const [index, others] = asRow ? row : column;
    const members = [...others];
    const perRequest = asRow
      ? Math.min(limits.destinations, limits.elements)
      : Math.min(limits.origins, limits.elements);
    for (const group of chunk(members, perRequest)) {
      plan.push(asRow ? { origins: [index], destinations: group } : { origins: group, destinations: [index] });
    }
    for (const other of members) {
      const [o, d] = asRow ? [index, other] : [other, index];
      byOrigin.get(o)?.delete(d);
      byDestination.get(d)?.delete(o);
      if (byOrigin.get(o)?.size === 0) byOrigin.delete(o);
      if (byDestination.get(d)?.size === 0) byDestination.delete(d);
    }
  }
}

const planCost = (plan: readonly MatrixRequest[], requestCost: number) =>
  plan.reduce((sum, r) => sum + r.origins.length * r.destinations.length + requestCost, 0);

/**
 * The requests that cover the directed pairs (indexes into the points), each within the server's
 * limits: the cheaper of the grid and the line plans, a request counted as `requestCost` elements
 * (Google bills per element; an OpenStreetMap server's cost is the one-a-second turn).
 */
export function planMatrixRequests(
  pairs: ReadonlyArray<readonly [number, number]>,
  limits: MatrixLimits,
  requestCost: number,
): MatrixRequest[] {
  if (pairs.length === 0) return [];
  const grid = gridPlan(pairs, limits);
  const lines = linePlan(pairs, limits);
  return planCost(lines, requestCost) < planCost(grid, requestCost) ? lines : grid;
}

const pointKey = (p: LatLon) => drivePairKey(p, p);

/** Every directed pair among n points. */
function* allPairs(n: number): Generator<[number, number]> {
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) if (i !== j) yield [i, j];
}

/** The pairs between point 0 and each other point, both ways. */
function* starPairs(n: number): Generator<[number, number]> {
  for (let j = 1; j < n; j++) {
    yield [0, j];
    yield [j, 0];
  }
}

interface RequestOutcome {
  failed: number;
  reason: string | null;
}

export function createMatrixDriveSource(options: MatrixDriveSourceOptions): MatrixDriveSource {
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_PAIRS;
  const answers = createExpiringCache<Drive>(maxEntries, options.ttlMs, now);
  const failedRecently = createExpiringCache<true>(maxEntries, options.retryAfterMs, now);
  /** Pair key -> the request that will answer it, shared by concurrent prefetches. */
  const inFlight = new Map<string, Promise<RequestOutcome>>();

  /** Asks one request, keeps every drive given (even a pair not needed: it was paid for). */
  async function ask(
    points: readonly LatLon[],
    request: MatrixRequest,
    needed: readonly string[],
  ): Promise<RequestOutcome> {
    const origins = request.origins.map((i) => points[i]!);
    const destinations = request.destinations.map((i) => points[i]!);
    const answer = await options.ask(origins, destinations);
    let reason = answer.reason;
    origins.forEach((from, a) => {
      destinations.forEach((to, b) => {
        const drive = answer.cells?.[a]?.[b];
        if (drive && pointKey(from) !== pointKey(to)) answers.set(drivePairKey(from, to), drive);
      });
    });
    let failed = 0;
    for (const key of needed) {
      if (answers.get(key) !== undefined) continue;
      failed++;
      failedRecently.set(key, true);
      reason ??= 'no route for some pairs';
    }
    return { failed, reason };
  }

  return {
    name: options.name,
    async prefetch(points, around) {
      const unique = [...new Map([...(around ? [around] : []), ...points].map((p) => [pointKey(p), p])).values()];
      const missing: Array<[number, number]> = [];
      const others = new Set<Promise<RequestOutcome>>();
      // With `around` (first in `unique`), only the pairs to and from it.
      for (const [i, j] of around ? starPairs(unique.length) : allPairs(unique.length)) {
        const key = drivePairKey(unique[i]!, unique[j]!);
        if (answers.get(key) !== undefined || failedRecently.get(key) !== undefined) continue;
        const pending = inFlight.get(key);
        if (pending) others.add(pending);
        else missing.push([i, j]);
      }
      // Every request is registered before the first await, so a concurrent prefetch joins it.
      const mine = planMatrixRequests(missing, options.limits, options.requestCost).map((request) => {
        const origins = new Set(request.origins);
        const destinations = new Set(request.destinations);
        const needed = missing
          .filter(([o, d]) => origins.has(o) && destinations.has(d))
          .map(([o, d]) => drivePairKey(unique[o]!, unique[d]!));
        const outcome = ask(unique, request, needed)
          // A bug reading an odd answer must not fail the caller: those pairs use the fallback.
          .catch((err: unknown): RequestOutcome => ({ failed: needed.length, reason: (err as Error).message }))
          .finally(() => {
            for (const key of needed) if (inFlight.get(key) === outcome) inFlight.delete(key);
          });
        for (const key of needed) inFlight.set(key, outcome);
        return outcome;
      });
      const outcomes = await Promise.all(mine);
      await Promise.all(others);
      const failed = outcomes.reduce((sum, o) => sum + o.failed, 0);
      if (failed > 0) {
        const reasons = [...new Set(outcomes.map((o) => o.reason).filter(Boolean))].slice(0, 3).join('; ');
        options.log?.warn({ failed, asked: missing.length, reason: reasons }, options.failureMessage);
      }
    },
    lookup(from, to) {
      if (pointKey(from) === pointKey(to)) return { km: 0, minutes: 0 };
      return answers.get(drivePairKey(from, to)) ?? options.fallback(from, to);
    },
    size: () => answers.size(),
    forget() {
      answers.clear();
      failedRecently.clear();
    },
  };
}
