/**
 * What the public pages read on every visit (the catalogue, hours, blocked dates, reviews),
 * kept in memory and dropped when its table changes (docs/performance.md): the therapist edits these
 * rarely, visitors read them on every page.
 *
 * Correctness rests on one rule: an entry is stored at the moment its load STARTS, and any
 * change to one of its tables deletes it. So a load that began before a write can never
 * outlive the write's invalidation, and a load that begins after it reads the committed data.
 * Concurrent misses share one load.
 */

/**
 * The tables whose rows the cache holds; the change feed names them (migrations 0005 and 0007: the
 * last three for the availability answers of availability/cached-day-answer.ts).
 */
export const CACHED_TABLES = [
  'services',
  'business_hours',
  'blocked_dates',
  'reviews',
  'bookings',
  'calendar_busy',
  'other_calendars',
  // docs/product.md §4 "Waitlist": a live waitlist hold takes its time from the availability answers (migration 0016).
  'waitlist_offers',
] as const;
export type CachedTable = (typeof CACHED_TABLES)[number];

/** For a value that also goes stale with time (an answer that depends on the clock). */
export interface KeepOptions<T> {
  /** The clock of this read, epoch ms (Date.now() when absent). */
  now?: number;
  /** Until when (epoch ms) the loaded value holds; a time not after `now` keeps it for no one else. */
  keepUntil(value: T): number;
}

export interface PublicCache {
  /** The value under `key` (built from `tables`), loading it once while it stays valid. */
  get<T>(key: string, tables: readonly CachedTable[], load: () => Promise<T>, keep?: KeepOptions<T>): Promise<T>;
  /** A table changed: drop every entry built from it. Unknown names are ignored. */
  invalidate(table: string): void;
  /** Drop everything (the change feed reconnected and may have missed changes). */
  clear(): void;
  /**
   * Whether changes are known to reach this process. While not (the change feed is down),
   * every read goes to the database and nothing is kept.
   */
  setLive(live: boolean): void;
  readonly live: boolean;
}

interface Entry {
  tables: readonly CachedTable[];
  value: Promise<unknown>;
  /** Epoch ms after which the value is stale; while its load runs, it holds for the reads that share it. */
  keptUntil: number;
}

/**
 * The most entries kept: availability answers are keyed by the visitor's place, so their number has
 * no natural end. The oldest entry goes first; the public lists are a handful of keys.
 */
export const MAX_CACHE_ENTRIES = 5000;

export function createPublicCache(options: { live?: boolean; maxEntries?: number } = {}): PublicCache {
  const entries = new Map<string, Entry>();
  const maxEntries = options.maxEntries ?? MAX_CACHE_ENTRIES;
  let live = options.live ?? true;

  return {
    get<T>(key: string, tables: readonly CachedTable[], load: () => Promise<T>, keep?: KeepOptions<T>): Promise<T> {
      if (!live) return load();
      const now = keep?.now ?? Date.now();
      const hit = entries.get(key);
      if (hit && hit.keptUntil > now) return hit.value as Promise<T>;
      if (hit) entries.delete(key);
      const entry: Entry = { tables, value: load(), keptUntil: Number.POSITIVE_INFINITY };
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
      entry.value.then(
        (value) => {
          if (!keep) return;
          entry.keptUntil = keep.keepUntil(value as T);
          if (entry.keptUntil <= now && entries.get(key) === entry) entries.delete(key);
        },
        // A failed load is not remembered: the next caller tries again.
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return entry.value as Promise<T>;
    },
    invalidate(table) {
      for (const [key, entry] of entries) if ((entry.tables as readonly string[]).includes(table)) entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    setLive(next) {
      live = next;
      entries.clear();
    },
    get live() {
      return live;
    },
  };
}
