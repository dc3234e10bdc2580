/**
 * What the public pages read on every visit (the catalogue, hours, blocked dates, reviews),
 * kept in memory and dropped when its table changes (issue 14): the therapist edits these
 * rarely, visitors read them on every page.
 *
 * Correctness rests on one rule: an entry is stored at the moment its load STARTS, and any
 * change to one of its tables deletes it. So a load that began before a write can never
 * outlive the write's invalidation, and a load that begins after it reads the committed data.
 * Concurrent misses share one load.
 */

/** The tables whose rows the cache holds; the change feed names them (migration 0005). */
export const CACHED_TABLES = ['services', 'business_hours', 'blocked_dates', 'reviews'] as const;
export type CachedTable = (typeof CACHED_TABLES)[number];

export interface PublicCache {
  /** The value under `key` (built from `tables`), loading it once while it stays valid. */
  get<T>(key: string, tables: readonly CachedTable[], load: () => Promise<T>): Promise<T>;
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
}

export function createPublicCache(options: { live?: boolean } = {}): PublicCache {
  const entries = new Map<string, Entry>();
  let live = options.live ?? true;

  return {
    get<T>(key: string, tables: readonly CachedTable[], load: () => Promise<T>): Promise<T> {
      if (!live) return load();
      const hit = entries.get(key);
      if (hit) return hit.value as Promise<T>;
      const entry: Entry = { tables, value: load() };
      entries.set(key, entry);
      // A failed load is not remembered: the next caller tries again.
      entry.value.catch(() => {
        if (entries.get(key) === entry) entries.delete(key);
      });
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
