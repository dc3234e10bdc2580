/**
 * Fixed-window counters in the database, so every server process shares them
 * (login throttling, review spam, booking requests). One atomic upsert per hit answers the count
 * with this hit in it, so parallel requests each see a different count and a limit holds among them
 * (docs/security.md "Limits").
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimits } from '../db/schema';
import { tooManyRequests } from './errors';

export interface WindowState {
  count: number;
  /** Seconds until the window resets. */
  retryAfter: number;
}

export function createRateLimiter(db: Db) {
  /** Counts one event under key; answers the count in the current window. */
  async function hit(key: string, windowMs: number, now = new Date()): Promise<WindowState> {
    return (await hitAll([key], windowMs, now))[0]!;
  }

  /**
   * Counts one event under each key in one statement; answers each key's count, in the order given. The rows are
   * written in key order, so two statements over the same keys never wait on each other crosswise.
   */
  async function hitAll(keys: string[], windowMs: number, now = new Date()): Promise<WindowState[]> {
    const windowStartFloor = new Date(now.getTime() - windowMs);
    const sorted = [...new Set(keys)].sort();
    const rows = await db
      .insert(rateLimits)
      .values(sorted.map((key) => ({ key, count: 1, windowStart: now })))
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${rateLimits.windowStart} <= ${windowStartFloor} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${windowStartFloor} THEN ${now} ELSE ${rateLimits.windowStart} END`,
        },
      })
      .returning();
    const byKey = new Map(rows.map((row) => [row.key, toState(row, windowMs, now)]));
    return keys.map((key) => byKey.get(key)!);
  }

  return {
    hit,
    hitAll,

    /** Counts one event under key and refuses it with a 429 (and Retry-After) past `max` in the window. */
    async limit(key: string, windowMs: number, max: number, message: string): Promise<void> {
      const window = await hit(key, windowMs);
      if (window.count > max) throw tooManyRequests('RATE_LIMITED', message, window.retryAfter);
    },

    /** Takes back one counted event (one that turned out not to be what the limit counts). */
    async refund(key: string): Promise<void> {
      await db
        .update(rateLimits)
        .set({ count: sql`GREATEST(${rateLimits.count} - 1, 0)` })
        .where(eq(rateLimits.key, key));
    },

    async reset(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}
export type RateLimiter = ReturnType<typeof createRateLimiter>;

function toState(row: { count: number; windowStart: Date }, windowMs: number, now: Date): WindowState {
  return { count: row.count, retryAfter: Math.max(0, (row.windowStart.getTime() + windowMs - now.getTime()) / 1000) };
}
