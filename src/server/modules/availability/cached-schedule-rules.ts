/**
 * Business hours and blocked dates as availability reads them, from the public cache (docs/performance.md):
 * every availability call needs them and the therapist rarely changes them, so a call queries only
 * its bookings. Dropped with either table, like the public answers built from them.
 */
import type { PublicCache } from '../../cache/public-cache';
import type { DbOrTx } from '../../db/client';
import { loadScheduleRules, type ScheduleRules } from './repository';

const TABLES = ['business_hours', 'blocked_dates'] as const;

/**
 * A reader of the cached rules. Never for a transaction's own check: the rules are loaded outside
 * it (on PGlite a load on the app's handle would wait for the transaction that waits for it).
 */
export const cachedScheduleRules =
  (cache: PublicCache, db: DbOrTx): (() => Promise<ScheduleRules>) =>
  () =>
    cache.get('schedule-rules', TABLES, () => loadScheduleRules(db));
