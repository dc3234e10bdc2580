/**
 * Fixed-window counters in the database, so every server process shares them
 * (login throttling, review spam). One atomic upsert per hit.
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
    const windowStartFloor = new Date(now.getTime() - windowMs);
    const [row] = await db
      .insert(rateLimits)
      .values({ key, count: 1, windowStart: now })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          count: sql`CASE WHEN ${rateLimits.windowStart} <= ${windowStartFloor} THEN 1 ELSE ${rateLimits.count} + 1 END`,
          windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${windowStartFloor} THEN ${now} ELSE ${rateLimits.windowStart} END`,
        },
      })
      .returning();
    return toState(row!, windowMs, now);
  }

  return {
    hit,

    /** Counts one event under key and refuses it with a 429 (and Retry-After) past `max` in the window. */
    async limit(key: string, windowMs: number, max: number, message: string): Promise<void> {
      const window = await hit(key, windowMs);
      if (window.count > max) throw tooManyRequests('RATE_LIMITED', message, window.retryAfter);
    },

    /** The count in the current window without adding to it. */
    async peek(key: string, windowMs: number, now = new Date()): Promise<WindowState> {
      const [row] = await db.select().from(rateLimits).where(eq(rateLimits.key, key));
      if (!row || row.windowStart.getTime() <= now.getTime() - windowMs) return { count: 0, retryAfter: 0 };
      return toState(row, windowMs, now);
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
